"""Errors raised for bad input: each names the file, the place in it and the field."""

from __future__ import annotations


class InputError(Exception):
    """A problem in an input file, located precisely enough for an editor to fix it.

    Args:
        path: the file, as given on the command line or relative to the repository.
        where: the place in the file: ``"record 12"``, ``"row 7"``, ``"line 30"``.
        field: the field or key at fault, or ``None`` when the whole place is at fault.
        problem: what is wrong and, where possible, what was expected.
        dataset_field: the dataset's name of ``field`` when the file spells it otherwise (a
            summary file's ``a#`` is the dataset's ``accelerators_per_node``).

    ``str(error)`` reads ``path: where: field 'x': problem``, or ``field 'a#'
    (accelerators_per_node)`` when the two names differ.
    """

    def __init__(
        self,
        path: object,
        where: str | None,
        field: str | None,
        problem: str,
        dataset_field: str | None = None,
    ):
        self.path = str(path)
        self.where = where
        self.field = field
        self.problem = problem
        self.dataset_field = dataset_field
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [self.path]
        if self.where:
            parts.append(self.where)
        if self.field:
            also = (
                f" ({self.dataset_field})"
                if self.dataset_field and self.dataset_field != self.field
                else ""
            )
            parts.append(f"field '{self.field}'{also}")
        return ": ".join(parts + [self.problem])


class InputErrors(Exception):
    """Several :class:`InputError` found in one pass, reported together."""

    def __init__(self, errors: list[InputError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
