"""Pages and charts rendered per language from the dataset (Jinja2 templates, Vega-Lite)."""
