"""What ``python -m generator new-article`` writes for the editor to replace (``check`` reports
any of it left in a post); ``pages.new_article`` writes the post."""

from __future__ import annotations

from generator.i18n.catalogs import N_

# Texts the scaffold writes for the editor to replace; `check` reports any left in a post.
WORKING_TITLE = "Working title"
DESCRIPTION_PLACEHOLDER = N_("One sentence that says what the reader will learn.")
BODY_PLACEHOLDERS = (
    N_("Write the introduction here: two or three sentences shown in the list of articles."),
    N_("Write the body here."),
)
