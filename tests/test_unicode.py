"""runtime/objects/unicode.c, with the tables generator/unicode_db.py writes, agrees with Python's
own str and unicodedata (CPython 3.11's Unicode data) on every code point; the generator is
deterministic."""

from __future__ import annotations

import subprocess
import unicodedata
from pathlib import Path

from conftest import OUT, ROOT

from generator.clang import find_clang
from generator.unicode_db import FLAGS, build_tables, render_header

# Word_Break MidLetter, MidNumLet and Single_Quote, which unicodedata does not expose: with the
# categories below they make Case_Ignorable (Unicode's DerivedCoreProperties.txt).
WORD_BREAK_MID = {0x27, 0x2E, 0x3A, 0xB7, 0x387, 0x55F, 0x5F4, 0x2018, 0x2019, 0x2024, 0x2027}
WORD_BREAK_MID |= {0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A}


def expected_line(cp: int) -> str | None:
    ch = chr(cp)
    category = unicodedata.category(ch)
    title = category == "Lt"
    props = {
        "ALPHA": ch.isalpha(),
        "DECIMAL": ch.isdecimal(),
        "DIGIT": ch.isdigit(),
        "NUMERIC": ch.isnumeric(),
        "SPACE": ch.isspace(),
        "LOWER": ch.islower(),
        "UPPER": ch.isupper(),
        "TITLE": title,
        "PRINTABLE": ch.isprintable(),
        "CASED": ch.islower() or ch.isupper() or title,
        "CASE_IGNORABLE": category in ("Mn", "Me", "Cf", "Lm", "Sk") or cp in WORD_BREAK_MID,
        "XID_START": ch.isidentifier() and ch != "_",
        "XID_CONTINUE": ("a" + ch).isidentifier(),
    }
    flags = sum(1 << FLAGS.index(name) for name, value in props.items() if value)
    mapped = (ch.upper(), ch.lower(), ch.title(), ch.casefold())
    if flags == 0 and mapped == (ch,) * 4:
        return None
    decimal = unicodedata.decimal(ch, -1)
    mappings = " ".join("+".join(f"{ord(c):x}" for c in m) for m in mapped)
    return f"{cp:x} {flags:x} {decimal} {mappings}"


def test_tables_match_python_for_every_code_point(tmp_path: Path) -> None:
    exe = tmp_path / "unicode_check"
    subprocess.run(
        [
            find_clang().path,
            "-std=c11",
            "-O1",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-Iruntime/objects",
            f"-I{OUT / 'include'}",
            "tests/unicode_check.c",
            "runtime/objects/unicode.c",
            "-o",
            str(exe),
        ],
        cwd=ROOT,
        check=True,
        timeout=300,
    )
    got = subprocess.run(
        [str(exe)], capture_output=True, text=True, check=True, timeout=300
    ).stdout.splitlines()
    expected = [line for cp in range(0x110000) if (line := expected_line(cp)) is not None]
    assert len(got) == len(expected)
    mismatches = [(g, e) for g, e in zip(got, expected, strict=True) if g != e]
    assert not mismatches, mismatches[:10]


def test_generated_header_is_deterministic() -> None:
    """Generated again in this process: the same bytes as the build's."""
    assert render_header(build_tables()) == (OUT / "include" / "quack_unicode_db.h").read_text()
