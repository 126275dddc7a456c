"""The runtime's Unicode database: `python -m generator.unicode_db --out FILE` writes C tables of
every code point's character classes and full case mappings, read from this Python's own Unicode
data (unicodedata, and str's methods where unicodedata has no accessor: the Lowercase,
Uppercase, XID and Case_Ignorable properties, SpecialCasing), which is what CPython 3.11's str
uses.

A code point's record (its flags and four case mappings) is found in two steps, as in CPython's
unicodectype.c: `index1[cp >> SHIFT]` names a block of 2**SHIFT record numbers in `index2`, and
identical blocks are stored once."""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator import provenance
from generator.emit_render import write_if_changed
from generator.errors import ToolchainError, run_main

# CPython 3.11's Unicode version: a build with another Python's data would disagree with it.
UNIDATA_VERSION = "14.0.0"
MAX_CODE_POINT = 0x10FFFF
# A full case mapping is at most this many code points (SpecialCasing, CaseFolding).
MAX_MAPPING = 3

# Flag bits: FLAGS[i] is bit i, here and in the generated C enum.
FLAGS = (
    "ALPHA",
    "DECIMAL",
    "DIGIT",
    "NUMERIC",
    "SPACE",
    "LOWER",
    "UPPER",
    "TITLE",
    "PRINTABLE",
    "CASED",
    "CASE_IGNORABLE",
    "XID_START",
    "XID_CONTINUE",
    "EXTENDED_CASE",
)
_BIT = {name: 1 << i for i, name in enumerate(FLAGS)}
_MAPPINGS = ("upper", "lower", "title", "fold")


def _case_ignorable(ch: str, cased: bool) -> bool:
    """Case_Ignorable has no accessor, but lower()'s final sigma rule looks through exactly those
    characters: in X + ch + sigma, with X cased when ch is not and uncased when it is, the sigma
    is final either because the rule looked through ch to X (ch not cased) or because it stopped
    at ch (ch cased)."""
    if cased:
        return ("1" + ch + "\u03a3").lower()[-1] == "\u03c3"
    return ("A" + ch + "\u03a3").lower()[-1] == "\u03c2"


def _flags(cp: int) -> int:
    ch = chr(cp)
    category = unicodedata.category(ch)
    lower, upper, title = ch.islower(), ch.isupper(), category == "Lt"
    cased = lower or upper or title  # Unicode's definition of Cased
    tests: dict[str, bool] = {
        "ALPHA": ch.isalpha(),
        "DECIMAL": ch.isdecimal(),
        "DIGIT": ch.isdigit(),
        "NUMERIC": ch.isnumeric(),
        "SPACE": ch.isspace(),
        "LOWER": lower,
        "UPPER": upper,
        "TITLE": title,
        "PRINTABLE": ch.isprintable(),
        "CASED": cased,
        "CASE_IGNORABLE": _case_ignorable(ch, cased),
        # '_' starts an identifier without being XID_Start; isidentifier() accepts both.
        "XID_START": ch.isidentifier() and ch != "_",
        "XID_CONTINUE": ("a" + ch).isidentifier(),
    }
    return sum(_BIT[name] for name, value in tests.items() if value)


def _mappings(cp: int) -> tuple[str, str, str, str]:
    ch = chr(cp)
    # A lone character's lower() is its full lowercase mapping (a lone sigma is not final).
    return ch.upper(), ch.lower(), ch.title(), ch.casefold()


# A code point's flags, its decimal digit value (0 unless DECIMAL), then its upper, lower,
# title and fold mappings.
Record = tuple[int, int, int, int, int, int]


@dataclass(frozen=True)
class Tables:
    records: list[Record]
    extended: list[int]  # the code points of mappings longer than one, back to back
    shift: int
    index1: list[int]
    index2: list[int]


def _record(cp: int, extended: list[int], spans: dict[str, int]) -> Record:
    flags = _flags(cp)
    # int() and float() read any script's decimal digits.
    decimal = unicodedata.decimal(chr(cp), 0)
    mapped = _mappings(cp)
    if all(len(m) == 1 for m in mapped):
        # Deltas, so that every letter of an alphabet shares one record.
        upper, lower, title, fold = (ord(m) - cp for m in mapped)
        return flags, decimal, upper, lower, title, fold
    fields = []
    for text in mapped:
        if len(text) > MAX_MAPPING:
            raise ToolchainError(f"U+{cp:04X} maps to {len(text)} code points")
        if text not in spans:
            spans[text] = len(extended)
            extended.extend(ord(c) for c in text)
        fields.append(len(text) << 24 | spans[text])
    upper, lower, title, fold = fields
    return flags | _BIT["EXTENDED_CASE"], decimal, upper, lower, title, fold


def _split(numbers: Sequence[int], shift: int) -> tuple[list[int], list[int]]:
    """Two-level table of numbers: index1 of block numbers, index2 of the distinct blocks."""
    size = 1 << shift
    blocks: dict[tuple[int, ...], int] = {}
    index1: list[int] = []
    index2: list[int] = []
    for start in range(0, len(numbers), size):
        block = tuple(numbers[start : start + size])
        if block not in blocks:
            blocks[block] = len(blocks)
            index2.extend(block)
        index1.append(blocks[block])
    return index1, index2


def _ctype_size(values: Sequence[int]) -> int:
    return 1 if max(values) < 1 << 8 else 2 if max(values) < 1 << 16 else 4


def build_tables() -> Tables:
    if unicodedata.unidata_version != UNIDATA_VERSION:
        raise ToolchainError(
            f"this Python has Unicode {unicodedata.unidata_version}; CPython 3.11's str uses "
            f"{UNIDATA_VERSION}: build with Python 3.11"
        )
    records: dict[Record, int] = {}
    extended: list[int] = []
    spans: dict[str, int] = {}
    numbers = []
    for cp in range(MAX_CODE_POINT + 1):
        record = _record(cp, extended, spans)
        numbers.append(records.setdefault(record, len(records)))

    def size(shift: int) -> int:
        index1, index2 = _split(numbers, shift)
        return len(index1) * _ctype_size(index1) + len(index2) * _ctype_size(index2)

    shift = min(range(4, 12), key=size)
    index1, index2 = _split(numbers, shift)
    return Tables(list(records), extended, shift, index1, index2)


def _ctype(values: Sequence[int]) -> str:
    return f"uint{8 * _ctype_size(values)}_t"


def _array(ctype: str, name: str, values: Sequence[int], render: Callable[[int], str]) -> str:
    lines = []
    for start in range(0, len(values), 16):
        lines.append("    " + ", ".join(render(v) for v in values[start : start + 16]) + ",")
    return f"static const {ctype} {name}[{len(values)}] = {{\n" + "\n".join(lines) + "\n};\n"


def render_header(tables: Tables) -> str:
    records = (
        f"    {{{r[0]}, {r[1]}, {{{', '.join(str(v) for v in r[2:])}}}}}," for r in tables.records
    )
    body = [
        f"/* Unicode {UNIDATA_VERSION}: the flags and mapping numbers for",
        " * runtime/objects/unicode.h; the tables for runtime/objects/unicode.c alone, which",
        " * defines QK_UNICODE_TABLES. */",
        "#ifndef QUACK_UNICODE_DB_H",
        "#define QUACK_UNICODE_DB_H",
        "",
        "enum {",
        *(f"    QK_UC_{name} = 1 << {i}," for i, name in enumerate(FLAGS)),
        "};",
        "",
        "typedef enum {",
        *(f"    QK_UC_MAP_{name.upper()} = {i}," for i, name in enumerate(_MAPPINGS)),
        "} QkCaseMapping;",
        "",
        f"#define QK_UC_MAX_MAPPING {MAX_MAPPING}",
        "",
        "#endif",
        "",
        "#ifdef QK_UNICODE_TABLES",
        f"#define QK_UC_SHIFT {tables.shift}",
        "",
        "/* The mappings are deltas from the code point, or with QK_UC_EXTENDED_CASE",
        " * (length << 24 | offset) into qk_uc_extended. */",
        "typedef struct {",
        "    uint16_t flags;",
        "    uint8_t decimal; /* the digit's value, if QK_UC_DECIMAL */",
        "    int32_t map[4];",
        "} QkUnicodeRecord;",
        "",
        f"static const QkUnicodeRecord qk_uc_records[{len(tables.records)}] = {{",
        *records,
        "};",
        "",
        _array("uint32_t", "qk_uc_extended", tables.extended, lambda v: f"0x{v:x}"),
        _array(_ctype(tables.index1), "qk_uc_index1", tables.index1, str),
        _array(_ctype(tables.index2), "qk_uc_index2", tables.index2, str),
        "#endif",
        "",
    ]
    text = "\n".join(body)
    digest = provenance.digest([text.encode()])
    return provenance.header_line("generator.unicode_db", digest) + text


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator.unicode_db",
        description="Write quack's Unicode tables (character classes, case mappings) as C.",
    )
    parser.add_argument("--out", type=Path, required=True, help="the header to write")
    args = parser.parse_args(argv)
    try:
        write_if_changed(args.out, render_header(build_tables()))
    except OSError as error:
        raise ToolchainError(f"cannot write {args.out}: {error}") from error
    return 0


if __name__ == "__main__":
    sys.exit(run_main(main))
