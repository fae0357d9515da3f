"""What ``python -m generator new-article`` writes for the editor to replace (``check`` reports
any of it left in a post), and the slugs it accepts; ``pages.new_article`` writes the post."""

from __future__ import annotations

import re

from generator.i18n.catalogs import N_

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# Texts the scaffold writes for the editor to replace; `check` reports any left in a post.
WORKING_TITLE = "Working title"
DESCRIPTION_PLACEHOLDER = N_("One sentence that says what the reader will learn.")
BODY_PLACEHOLDERS = (
    N_("Write the introduction here: two or three sentences shown in the list of articles."),
    N_("Write the body here."),
)
