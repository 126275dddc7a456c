"""The effects a helper declares, and what each one implies."""

from __future__ import annotations

from enum import Flag, auto


class Effect(Flag):
    PURE = 0
    WRITES = auto()
    FAILS = auto()
    ALLOCATES = auto()
    ESCAPES = auto()
    INVALIDATES = auto()
    BINDS = auto()


EFFECT_NAMES: dict[str, Effect] = {
    "pure": Effect.PURE,
    "writes": Effect.WRITES,
    "fails": Effect.FAILS,
    "allocates": Effect.ALLOCATES,
    "escapes": Effect.ESCAPES,
    "invalidates": Effect.INVALIDATES,
    "binds": Effect.BINDS,
}

# Running arbitrary code can do anything the other effects name (but bind the name its oparg
# names: that is a fact about the micro-op); binding a name invalidates; a change that invalidates
# traces is a write. Listed so that one pass closes them.
_IMPLIED = {
    Effect.ESCAPES: Effect.ALLOCATES | Effect.FAILS | Effect.WRITES | Effect.INVALIDATES,
    Effect.BINDS: Effect.INVALIDATES | Effect.WRITES,
    Effect.INVALIDATES: Effect.WRITES,
}


def close(effects: Effect) -> Effect:
    """The effects with everything they imply added."""
    for effect, implied in _IMPLIED.items():
        if effect in effects:
            effects |= implied
    return effects


def needs_sync(effects: Effect) -> bool:
    """Whether a caller must store its stack pointer first: the collector or an unwind may look."""
    return bool(effects & (Effect.ALLOCATES | Effect.FAILS | Effect.ESCAPES))


def is_side_effect(effects: Effect) -> bool:
    """Whether a call changes anything a guard failing later could not undo."""
    return effects != Effect.PURE
