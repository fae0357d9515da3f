"""The build: writing docs/, running the engine per language, finishing the output, the editor's preview."""
