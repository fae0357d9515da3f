"""The MLPerf model over the dataset: benchmarks, rankings, power, previews, families, organizations."""
