"""Diagnostics of nngraph: what a failing call reports, as Python objects."""

from typing import List, NamedTuple, Sequence, Tuple


class Diagnostic(NamedTuple):
    """One MLIR diagnostic: severity ("error", "warning", "note", "remark"),
    location (``file:line:col``, a node name, or ``""``), message, and the
    notes attached to it."""

    severity: str
    location: str
    message: str
    notes: Tuple["Diagnostic", ...] = ()

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        text = f"{where}{self.severity}: {self.message}"
        for note in self.notes:
            text += "\n  " + str(note)
        return text


class DiagnosticError(Exception):
    """Raised when nngraph reports errors. ``diagnostics`` holds every
    message of the failing call (errors, warnings and notes), in order."""

    def __init__(self, message: str, diagnostics: Sequence = ()):
        super().__init__(message)
        self.diagnostics: List[Diagnostic] = [
            d if isinstance(d, Diagnostic) else Diagnostic(
                d[0], d[1], d[2], tuple(Diagnostic(*n) for n in d[3]))
            for d in diagnostics
        ]

    @property
    def errors(self) -> List[Diagnostic]:
        """The diagnostics of severity "error"."""
        return [d for d in self.diagnostics if d.severity == "error"]
