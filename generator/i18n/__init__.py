"""Locales, message catalogs, CLDR formatting, the language style, reading time, search word forms."""
