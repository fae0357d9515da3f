"""The site model: what each result means, the same in every language (benchmarks and their
rankings, power figures, previews, families, comparisons across rounds, the rows and colours of
charts). Pages render it per language; nothing here reads a message catalog."""
