"""docs/dsl.md stays true: its examples are valid, and it names every construct the parser knows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.analyzer import BODY_MACROS, analyze
from generator.effects import EFFECT_NAMES
from generator.model import FACT_NAMES, FRESH
from generator.parser import BRANCH_DIRECTIONS, KEYWORDS, MODIFIERS, parse_file

DOC = Path(__file__).resolve().parent.parent / "docs" / "dsl.md"
TEXT = DOC.read_text()
EXAMPLES = re.findall(r"^```uops\n(.*?)^```", TEXT, flags=re.MULTILINE | re.DOTALL)


def test_doc_has_examples() -> None:
    assert len(EXAMPLES) >= len(KEYWORDS)


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_example_is_valid(index: int) -> None:
    analyze([parse_file(EXAMPLES[index], f"docs/dsl.md example {index + 1}")])


def test_every_keyword_has_an_example() -> None:
    for keyword in KEYWORDS:
        assert any(re.search(rf"^{keyword}\(", e, re.MULTILINE) for e in EXAMPLES), keyword


# The macros tier-1 code uses for families, which the runtime must define.
FAMILY_MACROS = ("PREDICTED", "SPECIALIZATION_HIT", "SPECIALIZATION_MISS")
WORDS = [
    *KEYWORDS,
    *MODIFIERS,
    *EFFECT_NAMES,
    *BODY_MACROS,
    *BRANCH_DIRECTIONS,
    *FAMILY_MACROS,
    *FACT_NAMES,
    FRESH,
]


def test_every_modifier_has_an_example() -> None:
    for modifier in MODIFIERS:
        assert any(re.search(rf"^{modifier} ", e, re.MULTILINE) for e in EXAMPLES), modifier


def test_facts_have_an_example() -> None:
    assert any(re.search(r"--[^)]*\w: \w", e) for e in EXAMPLES)


@pytest.mark.parametrize("word", WORDS)
def test_construct_is_documented(word: str) -> None:
    assert re.search(rf"`[^`]*\b{word}\b[^`]*`", TEXT), word
