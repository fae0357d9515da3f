"""Reading numbers as MLCommons writes them, by one rule for import and load alike.

MLCommons' summary files hold JSON numbers, and in some rounds numeric strings (``"8"``,
``"1200.5"``, with stray spaces). A string is a number only when it is a plain decimal: Python's
``float()`` would also take ``"1_234_567.8"``, ``"inf"`` or ``"nan"``, which no MLCommons tool
writes, so they are refused rather than guessed at; so are thousands separators (``"1,234"``).
"""

from __future__ import annotations

import math
import re

PLAIN_DECIMAL = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def plain_number(value: object) -> float | None:
    """A finite float from a JSON number or a plain decimal string; None for None or ``""``.

    Args:
        value: a JSON value as read from a summary file or a CSV cell.

    Raises:
        ValueError: a boolean, a string that is not a plain decimal (after stripping spaces),
            or a value that is not finite; the message says what was expected (the caller
            adds the value it got).
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError("expected a number")
    if isinstance(value, str):
        if not PLAIN_DECIMAL.match(value.strip()):
            raise ValueError("expected a plain decimal number such as 1234.5 (no digit separators)")
        number = float(value)
    elif isinstance(value, (int, float)):
        number = float(value)
    else:
        raise ValueError("expected a number")
    if not math.isfinite(number):
        raise ValueError("expected a finite number")
    return number
