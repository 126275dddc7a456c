"""User-facing errors of the toolchain and the one place they are turned into messages."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A position in an input file, 1-based like compilers report them."""

    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


class ToolchainError(Exception):
    """An error in the user's input or environment: reported as one line, never a traceback."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        if self.location is None:
            return f"error: {self.message}"
        return f"{self.location}: error: {self.message}"


@dataclass(frozen=True)
class ToolchainWarning:
    """Something in the user's input that is likely a mistake but leaves the outputs correct:
    reported as one located line on stderr, and the tool goes on."""

    message: str
    location: Location

    def __str__(self) -> str:
        return f"{self.location}: warning: {self.message}"


def run_main(main: Callable[[list[str]], int], argv: list[str] | None = None) -> int:
    """Run a command-line entry point, printing a ToolchainError as its one-line message."""
    try:
        return main(sys.argv[1:] if argv is None else argv)
    except ToolchainError as error:
        print(error, file=sys.stderr)
        return 1
