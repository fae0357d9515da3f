"""Reading and normalizing MLCommons' result summaries into the committed dataset."""
