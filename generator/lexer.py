"""Splits a .uops file into tokens; C bodies use the same tokens, so one lexer serves both."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from generator.errors import Location, ToolchainError


class Kind(Enum):
    IDENT = "identifier"
    NUMBER = "number"
    STRING = "string"
    CHAR = "character"
    PUNCT = "punctuation"
    EOF = "end of file"


@dataclass(frozen=True)
class Token:
    kind: Kind
    text: str
    location: Location
    # Character offsets into the file: bodies are re-emitted from the source text between tokens,
    # so the author's layout and comments survive.
    start: int
    end: int

    def describe(self) -> str:
        """How an error message names this token."""
        return "end of file" if self.kind is Kind.EOF else repr(self.text)


# Longest operators first, so `->` is not read as `-` then `>`.
_PUNCTUATORS = "<<= >>= ... -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= ##".split()
_TOKEN_RE = re.compile(
    r"(?P<ws>[ \t\r\n\f\v]+)"
    r"|(?P<line_comment>//[^\n]*)"
    r"|(?P<block_comment>/\*.*?\*/)"
    r"|(?P<open_comment>/\*)"
    r"|(?P<ident>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<number>(?:0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)[uUlLfF]*)"
    r'|(?P<string>"(?:[^"\\\n]|\\.)*")'
    r"|(?P<char>'(?:[^'\\\n]|\\.)+')"
    r"|(?P<punct>"
    + "|".join(re.escape(p) for p in _PUNCTUATORS)
    + r"|[{}()\[\];,.:=+\-*/%&|^!~<>?#])",
    re.DOTALL,
)
_KINDS = {
    "ident": Kind.IDENT,
    "number": Kind.NUMBER,
    "string": Kind.STRING,
    "char": Kind.CHAR,
    "punct": Kind.PUNCT,
}


class _Positions:
    """Turns a character offset into a 1-based line and column."""

    def __init__(self, text: str, path: str) -> None:
        self._path = path
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> Location:
        low, high = 0, len(self._line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self._line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return Location(self._path, low + 1, offset - self._line_starts[low] + 1)


def tokenize(text: str, path: str) -> list[Token]:
    """All tokens of a file, comments and blanks dropped, ending with one EOF token."""
    positions = _Positions(text, path)
    tokens: list[Token] = []
    offset = 0
    while offset < len(text):
        match = _TOKEN_RE.match(text, offset)
        if match is None:
            raise ToolchainError(_bad_input_message(text, offset), positions.at(offset))
        group = match.lastgroup
        assert group is not None
        if group == "open_comment":
            raise ToolchainError(
                "unterminated comment: expected '*/' before end of file", positions.at(offset)
            )
        if group in _KINDS:
            tokens.append(
                Token(_KINDS[group], match.group(), positions.at(offset), offset, match.end())
            )
        offset = match.end()
    tokens.append(Token(Kind.EOF, "", positions.at(len(text)), len(text), len(text)))
    return tokens


def _bad_input_message(text: str, offset: int) -> str:
    if text[offset] in "\"'":
        return f"unterminated literal: expected closing {text[offset]} on the same line"
    return f"syntax error: unexpected character {text[offset]!r}"
