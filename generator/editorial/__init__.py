"""Articles, their authors and tags, the claims registry, verification flags and the editors' checks."""
