"""The data the generator works on: what the parser reads, and what the analyzer derives from it."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.effects import Effect
from generator.errors import Location, ToolchainWarning
from generator.lexer import Token

# --- What the parser reads -------------------------------------------------------------------

# What an output may declare about its value (`name: FACT`), for the trace optimizer; in this
# order they are the runtime's QK_FACT_* numbers from 1 (0: nothing known).
FACTS: tuple[tuple[str, str], ...] = (
    ("int", "a small int (tagged)"),
    ("float", "exactly a float"),
    ("str", "exactly a str"),
    ("bool", "QK_TRUE or QK_FALSE"),
    ("none", "QK_NONE"),
    ("list", "exactly a list"),
    ("tuple", "exactly a tuple"),
    ("dict", "exactly a dict"),
    ("range_iter", "exactly a range iterator"),
    ("list_iter", "exactly a list iterator"),
    ("tuple_iter", "exactly a tuple iterator"),
    ("str_iter", "exactly a str iterator"),
    ("type_version", "its class has the version that is the micro-op's operand"),
    ("operand", "the micro-op's operand itself"),
    ("const", "frame->code->consts[oparg]"),
    (
        "plain_attr",
        "its class has no data descriptor for names with the bit that is the micro-op's operand",
    ),
    (
        "global",
        "what the name frame->code->names[oparg] is bound to in the globals, or else the builtins, "
        "the trace was recorded with (the micro-op's guards check nothing else)",
    ),
    (
        "module_attr",
        "what the module the micro-op pops binds the name frame->code->names[oparg] to, when that "
        "module is known (the micro-op's guards check nothing else)",
    ),
    ("func_version", "a function whose version is the micro-op's operand"),
)
FACT_NAMES: tuple[str, ...] = tuple(name for name, _ in FACTS)
# `name: fresh FACT`: the output is a new heap object that nothing else references yet, so a
# `reuse` variant of the micro-op that consumes it may write its own result into it.
FRESH = "fresh"
# Facts of values that are not new heap objects (tagged, static, or shared constants).
NOT_FRESH_FACTS: tuple[str, ...] = (
    "int",
    "bool",
    "none",
    "type_version",
    "operand",
    "const",
    "plain_attr",
    "global",
    "module_attr",
    "func_version",
)


@dataclass(frozen=True)
class StackItem:
    """One item of a stack effect: `name`, `unused`, or an array `name[size]`, with the fact an
    output declares about its value (`name: int`), if any."""

    name: str
    size: str | None  # the C expression of an array's length, None for a single value
    location: Location
    # One of FACT_NAMES (the analyzer checks it): on a peeked output what the micro-op proves
    # about that input, on any other output what it produces.
    fact: str | None = None
    # `name: fresh ...`: a new object nobody else references (see FRESH).
    fresh: bool = False

    @property
    def is_unused(self) -> bool:
        return self.name == "unused"

    @property
    def is_array(self) -> bool:
        return self.size is not None


@dataclass(frozen=True)
class CacheEntry:
    """An inline cache entry `name/units` (or `unused/units`) in 32-bit code units."""

    name: str
    units: int
    location: Location

    @property
    def is_unused(self) -> bool:
        return self.name == "unused"


@dataclass(frozen=True)
class StackEffect:
    caches: tuple[CacheEntry, ...]
    inputs: tuple[StackItem, ...]
    outputs: tuple[StackItem, ...]


@dataclass(frozen=True)
class Body:
    """A C body as tokens, plus the file text so it can be re-emitted with its own layout."""

    tokens: tuple[Token, ...]  # between the braces, braces excluded
    source: str
    start: int  # offset just after `{`
    end: int  # offset of `}`
    # Where the `{` is: generated C points clang's messages back at the body's lines in the DSL.
    location: Location


@dataclass(frozen=True)
class HelperDecl:
    name: str
    effects: tuple[tuple[str, Location], ...]
    location: Location
    text: str


@dataclass(frozen=True)
class OpDecl:
    """`op(_NAME, ...)` or `inst(NAME, ...)` (then `uop_name` is `_NAME`)."""

    keyword: str  # "op" or "inst"
    name: str
    effect: StackEffect
    body: Body
    location: Location
    text: str
    # `specializing op(...)`: tier 1 runs it first in a family head to count executions and call
    # the specializer; traces leave it out.
    specializing: bool = False
    # `runtime op(...)`: no instruction or trace form names it, but the runtime (the trace
    # recorder, the optimizer) puts it in traces by its number.
    runtime: bool = False
    # `branch op(...)`: a runtime op (`runtime` is set too) the optimizer puts in place of a
    # branch form's micro-op, fusing it with what follows: its exits are a branch form's.
    branch: bool = False

    @property
    def uop_name(self) -> str:
        return self.name if self.keyword == "op" else "_" + self.name


@dataclass(frozen=True)
class UopRef:
    name: str
    location: Location


@dataclass(frozen=True)
class MacroDecl:
    name: str
    parts: tuple[UopRef | CacheEntry, ...]
    location: Location
    text: str


@dataclass(frozen=True)
class BranchDecl:
    instruction: str
    location: Location
    # None when the direction is not declared: recording ends there.
    jump: tuple[UopRef, ...] | None
    fall: tuple[UopRef, ...] | None


@dataclass(frozen=True)
class OpargMember:
    name: str
    symbol: str
    location: Location


@dataclass(frozen=True)
class TraceDecl:
    """`trace(NAME) = _A + _B;`: what a trace records for a tier-1-only instruction that is not a
    branch (its tier-1 form leaves the C loop's frame, say, where a trace goes on in a new one)."""

    instruction: str
    uops: tuple[UopRef, ...]
    location: Location


@dataclass(frozen=True)
class ReuseDecl:
    """`reuse(_BASE, input) = _VARIANT;`: where `input` of _BASE is a fresh object nobody else
    references (a `fresh` output popped straight off the stack), the trace optimizer may run
    _VARIANT instead, which writes its result into that object rather than allocating one."""

    base: UopRef
    input: UopRef  # the name of one of _BASE's inputs, where the declaration names it
    variant: UopRef
    location: Location


@dataclass(frozen=True)
class ConstantDecl:
    """`constant(_BASE, input, hook) = _VARIANT;`: where the trace optimizer knows `input` of
    _BASE (a constant) and the runtime function `hook(oparg, value, &operand)` accepts it, it runs
    _VARIANT instead, with the operand the hook computed (a divisor's reciprocal, say)."""

    base: UopRef
    input: UopRef
    hook: UopRef  # a helper the runtime defines
    variant: UopRef
    location: Location


@dataclass(frozen=True)
class OpargValueRef:
    """One oparg value of a `stencils` declaration: a number, or a name of an oparg enumeration."""

    text: str
    location: Location


@dataclass(frozen=True)
class StencilsDecl:
    """`stencils(_UOP, ...) = oparg { 0, 1 };`, or `= oparg(INST) { NAME, ... };`: besides its
    stencil for any oparg, each _UOP gets one compiled for each listed oparg value, where the
    oparg is a constant the compiler folds (a switch on it disappears, an oparg-sized loop
    unrolls)."""

    uops: tuple[UopRef, ...]
    enumeration: UopRef | None  # the instruction whose oparg names the values, if any
    values: tuple[OpargValueRef, ...]
    location: Location


@dataclass(frozen=True)
class OpargDecl:
    instruction: str
    members: tuple[OpargMember, ...]
    location: Location


@dataclass(frozen=True)
class FamilyDecl:
    """`family(HEAD) = { MEMBER, ... };`: the generic instruction and its specializations."""

    name: str
    members: tuple[UopRef, ...]  # instruction names, with where the family lists them
    location: Location


Declaration = (
    HelperDecl
    | OpDecl
    | MacroDecl
    | BranchDecl
    | TraceDecl
    | OpargDecl
    | FamilyDecl
    | ReuseDecl
    | ConstantDecl
    | StencilsDecl
)


@dataclass(frozen=True)
class SourceFile:
    path: str
    text: str
    declarations: tuple[Declaration, ...]


# --- What the analyzer derives ---------------------------------------------------------------


@dataclass(frozen=True)
class Helper:
    name: str
    effects: Effect
    decl: HelperDecl


@dataclass(frozen=True)
class Properties:
    """What the body of a micro-op does, as the metadata flags report it."""

    has_oparg: bool = False
    deopts: bool = False
    exits: bool = False
    errors: bool = False
    escapes: bool = False
    allocates: bool = False
    writes: bool = False
    # May change what traces rely on (a global's binding): the next validity check stays.
    invalidates: bool = False
    # Binds or deletes the name `frame->code->names[oparg]` in its namespace.
    binds_name: bool = False
    jumps: bool = False  # uses JUMPBY
    # Reads the frame (beyond its code's constants and names), its locals or the thread: its
    # result depends on more than its inputs, operand and oparg.
    reads_context: bool = False
    # Reads the frame's locals (GETLOCAL, SETLOCAL) or the frame itself (beyond its code).
    reads_frame: bool = False
    # Reads the frame's code object (`frame->code`: a constant, a name): the code of the frame
    # it runs in, which an elided call's micro-ops do not have (runtime/interp/elide.c).
    reads_code: bool = False
    sets_locals: bool = False  # uses SETLOCAL
    pushes_frame: bool = False  # uses ENTER_FRAME: the next micro-op runs in the callee's frame
    # Its operand is named `callee`: the recorder gives it the function whose frame it entered.
    enters_callee: bool = False
    pops_frame: bool = False  # RETURN_TO_CALLER, YIELD_TO_CALLER: the next one runs in the caller's
    tier1_only: bool = False
    tier2_only: bool = False
    needs_sync: bool = False
    # Declared `specializing`: tier-1-only, but it does not make its instruction tier-1-only.
    specializing: bool = False
    # Named by a branch(...) direction: its exits take the other direction, so the instruction
    # is complete when it exits (inputs consumed, outputs not pushed).
    branch_form: bool = False

    @property
    def pure(self) -> bool:
        return not (
            self.deopts
            or self.exits
            or self.errors
            or self.escapes
            or self.allocates
            or self.writes
            or self.tier1_only
            or self.tier2_only
            or self.pushes_frame
            or self.pops_frame
        )


@dataclass(frozen=True)
class Uop:
    name: str
    decl: OpDecl
    properties: Properties
    helpers: tuple[str, ...]  # the helpers its body calls, sorted

    @property
    def effect(self) -> StackEffect:
        return self.decl.effect

    @property
    def has_tier2_form(self) -> bool:
        return not self.properties.tier1_only

    @property
    def operand(self) -> CacheEntry | None:
        """The named cache entry that tier 2 passes as the micro-op's one operand."""
        named = [c for c in self.effect.caches if not c.is_unused]
        return named[0] if named else None

    def operand_offset(self) -> int:
        """Units from the first cache entry of this micro-op to its operand."""
        offset = 0
        for cache in self.effect.caches:
            if not cache.is_unused:
                return offset
            offset += cache.units
        return 0

    @property
    def cache_units(self) -> int:
        return sum(c.units for c in self.effect.caches)


@dataclass(frozen=True)
class UopPart:
    uop: Uop
    cache_offset: int  # units after the instruction's own code unit where its caches begin
    ref: UopRef  # where the instruction names it, for messages


@dataclass(frozen=True)
class CachePart:
    units: int


@dataclass(frozen=True)
class Instruction:
    name: str
    opcode: int
    parts: tuple[UopPart | CachePart, ...]
    location: Location

    @property
    def uops(self) -> tuple[Uop, ...]:
        return tuple(p.uop for p in self.parts if isinstance(p, UopPart))

    @property
    def uop_parts(self) -> tuple[UopPart, ...]:
        return tuple(p for p in self.parts if isinstance(p, UopPart))

    @property
    def cache_units(self) -> int:
        return sum(p.uop.cache_units if isinstance(p, UopPart) else p.units for p in self.parts)

    @property
    def tier1_only(self) -> bool:
        """Whether a trace cannot record it; a specializing micro-op is dropped from traces."""
        return any(u.properties.tier1_only and not u.properties.specializing for u in self.uops)

    @property
    def jumps(self) -> bool:
        return any(u.properties.jumps for u in self.uops)


@dataclass(frozen=True)
class Branch:
    decl: BranchDecl
    instruction: Instruction
    jump: tuple[Uop, ...] | None
    fall: tuple[Uop, ...] | None


@dataclass(frozen=True)
class OpargEnum:
    decl: OpargDecl

    @property
    def members(self) -> tuple[OpargMember, ...]:
        """In value order: the first is 0."""
        return self.decl.members


@dataclass(frozen=True)
class Family:
    """A generic instruction (the head) and the specialized instructions that replace it."""

    index: int  # in declaration order: the runtime's family number
    head: Instruction
    members: tuple[Instruction, ...]
    decl: FamilyDecl

    @property
    def name(self) -> str:
        return self.head.name


@dataclass(frozen=True)
class Reuse:
    """A checked `reuse` declaration: `variant` may replace `base` when base's input number
    `input` (0 = the deepest) is a fresh object."""

    base: Uop
    input: int
    variant: Uop
    decl: ReuseDecl


@dataclass(frozen=True)
class Constant:
    """A checked `constant` declaration: `variant` may replace `base` when base's input number
    `input` (0 = the deepest) is a constant `hook` accepts."""

    base: Uop
    input: int
    hook: str
    variant: Uop
    decl: ConstantDecl


@dataclass
class Analysis:
    files: tuple[SourceFile, ...]
    helpers: dict[str, Helper] = field(default_factory=dict)
    uops: dict[str, Uop] = field(default_factory=dict)  # in order of appearance
    instructions: dict[str, Instruction] = field(default_factory=dict)  # in opcode order
    branches: dict[str, Branch] = field(default_factory=dict)
    # Instruction -> the micro-ops a trace records for it instead of its own (trace(NAME) = ...).
    trace_forms: dict[str, tuple[Uop, ...]] = field(default_factory=dict)
    opargs: dict[str, OpargEnum] = field(default_factory=dict)
    families: dict[str, Family] = field(default_factory=dict)  # by head, in index order
    # Every head and member -> its family (an instruction is in one family at most).
    family_of: dict[str, Family] = field(default_factory=dict)
    # Base micro-op -> its reuse variants, in declaration order.
    reuses: dict[str, list[Reuse]] = field(default_factory=dict)
    # Base micro-op -> its constant-operand variants, in the order declared (the optimizer tries
    # them in that order).
    constants: dict[str, list[Constant]] = field(default_factory=dict)
    # Micro-op -> the oparg values it has a stencil of its own for, ascending (`stencils`).
    oparg_stencils: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # What the generator reports but does not stop for (a micro-op nothing uses).
    warnings: list[ToolchainWarning] = field(default_factory=list)

    def family_head(self, instruction: Instruction) -> str | None:
        """The head a family member falls back to on a miss; None for heads and the rest."""
        family = self.family_of.get(instruction.name)
        return None if family is None or family.name == instruction.name else family.name

    def tier2_uops(self) -> list[Uop]:
        """The micro-ops that get a tier-2 body (and a stencil), sorted by name."""
        return sorted((u for u in self.uops.values() if u.has_tier2_form), key=lambda u: u.name)
