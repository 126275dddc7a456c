"""Checks the declarations of all files together and derives what each micro-op does."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from generator import body_paths, oparg_stencils, stack
from generator import effects as fx
from generator.errors import Location, ToolchainError, ToolchainWarning
from generator.lexer import Kind, Token
from generator.model import (
    FACT_NAMES,
    FRESH,
    NOT_FRESH_FACTS,
    Analysis,
    Branch,
    BranchDecl,
    CachePart,
    Constant,
    ConstantDecl,
    Family,
    FamilyDecl,
    Helper,
    HelperDecl,
    Instruction,
    MacroDecl,
    OpargDecl,
    OpargEnum,
    OpDecl,
    Properties,
    Reuse,
    ReuseDecl,
    SourceFile,
    StackEffect,
    StackItem,
    StencilsDecl,
    TraceDecl,
    Uop,
    UopPart,
    UopRef,
)

# The macros a body may use, by what they make the micro-op (docs/dsl.md lists their expansions).
GUARD_MACROS = ("DEOPT_IF", "EXIT_IF")
TIER1_ONLY_MACROS = ("JUMPBY", "DISPATCH", "DISPATCH_INLINED", "LEAVE_FRAME", "YIELD_FRAME")
TIER2_ONLY_MACROS = (
    "EXIT_TO_TIER_ONE",
    "LEAVE_TO_TIER_ONE",
    "ERROR_TO_TIER_ONE",
    "JUMP_TO_TOP",
    "RETURN_TO_CALLER",
    "YIELD_TO_CALLER",
)
# The operand of a micro-op entering a frame: the recorder gives it the offset at which it saw
# that frame go on (a generator resumes where it stopped; a call starts at 0), or, named
# `callee`, the function whose frame it entered (which the trace then need not look up).
RESUME_OPERAND = "resume"
CALLEE_OPERAND = "callee"
FRAME_OPERANDS = (RESUME_OPERAND, CALLEE_OPERAND)
# Continues in a new frame in either tier: tier 1 like DISPATCH_INLINED, while a trace goes on
# with the callee's micro-ops (so the callee must be pinned by a guard before it).
FRAME_MACROS = ("ENTER_FRAME",)
BODY_MACROS = (
    GUARD_MACROS
    + ("ERROR_IF",)
    + TIER1_ONLY_MACROS
    + ("GETLOCAL", "SETLOCAL")
    + TIER2_ONLY_MACROS
    + FRAME_MACROS
)
# Tier 1 knows the instruction's address; a trace only has the micro-op's operands.
TIER1_ONLY_NAMES = ("this_instr", "next_instr")
C_KEYWORDS = frozenset(
    "if else while for do switch case default return break continue goto sizeof _Alignof "
    "alignof _Static_assert static_assert _Generic".split()
)
MAX_OPCODES = 256
_QK_MACRO = re.compile(r"QK_[A-Z0-9_]*\Z")
_SIZE_IDENT = re.compile(r"[A-Za-z_]\w*")


def analyze(files: Iterable[SourceFile]) -> Analysis:
    return _Analyzer(tuple(files)).run()


def _reads_frame(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the identifier at `index` reads the frame beyond the code object (whose constants
    and names are fixed): its locals, or the frame itself, which a helper may read them through."""
    name = tokens[index].text
    if name in ("GETLOCAL", "SETLOCAL"):
        return True
    if name != "frame":
        return False
    following = [t.text for t in tokens[index + 1 : index + 3]]
    return following != ["->", "code"]


def _reads_code(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the identifier at `index` reads the frame's code object (its constants, names)."""
    following = [t.text for t in tokens[index + 1 : index + 3]]
    return tokens[index].text == "frame" and following == ["->", "code"]


def _reads_context(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the identifier at `index` reads the frame or thread beyond the code object: then
    the micro-op's result depends on more than its inputs."""
    return tokens[index].text == "tstate" or _reads_frame(tokens, index)


def _duplicate(kind: str, name: str, location: Location, earlier: Location) -> ToolchainError:
    return ToolchainError(
        f"duplicate definition of {kind} {name!r} (first defined at {earlier})", location
    )


class _Analyzer:
    def __init__(self, files: tuple[SourceFile, ...]) -> None:
        self.analysis = Analysis(files)
        self.declarations = [d for f in files for d in f.declarations]
        # Where each instruction's branch(...) or trace(...) form was declared.
        self._tier2_forms: dict[str, Location] = {}

    def run(self) -> Analysis:
        self._helpers()
        branch_uops = {
            ref.name
            for d in self.declarations
            if isinstance(d, BranchDecl)
            for ref in (d.jump or ()) + (d.fall or ())
        } | {d.uop_name for d in self.declarations if isinstance(d, OpDecl) and d.branch}
        self._uops(branch_uops)
        family_heads = {d.name for d in self.declarations if isinstance(d, FamilyDecl)}
        self._instructions(family_heads)
        self._branches()
        self._trace_forms()
        self._opargs()
        self._families()
        self._tier1_guards()
        self._reuses()
        self._constants()
        self.analysis.oparg_stencils = oparg_stencils.check(
            self.analysis, [d for d in self.declarations if isinstance(d, StencilsDecl)]
        )
        for uop in self.analysis.uops.values():
            peeked = stack.peeks(uop.effect)
            outputs = [
                o.name
                for o in uop.effect.outputs
                if not (o.is_unused or o.is_array or o.name in peeked)
            ]
            body_paths.check_outputs_assigned(uop.decl, outputs)
        self._unused()
        return self.analysis

    def _helpers(self) -> None:
        for decl in self.declarations:
            if not isinstance(decl, HelperDecl):
                continue
            earlier = self.analysis.helpers.get(decl.name)
            if earlier is not None:
                raise _duplicate("helper", decl.name, decl.location, earlier.decl.location)
            self.analysis.helpers[decl.name] = Helper(decl.name, _effects(decl), decl)

    def _uops(self, branch_uops: set[str]) -> None:
        for decl in self.declarations:
            if not isinstance(decl, OpDecl):
                continue
            earlier = self.analysis.uops.get(decl.uop_name)
            if earlier is not None:
                both_inst = decl.keyword == earlier.decl.keyword == "inst"
                kind, name = (
                    ("instruction", decl.name) if both_inst else ("micro-op", decl.uop_name)
                )
                raise _duplicate(kind, name, decl.location, earlier.decl.location)
            _check_caches(decl)
            stack.check_effect(decl.effect)
            _check_facts(decl)
            scan = _BodyScan(decl, self.analysis.helpers, decl.uop_name in branch_uops)
            properties = scan.properties()
            if decl.specializing:
                _check_specializing(decl, properties)
                properties = replace(properties, specializing=True)
            self.analysis.uops[decl.uop_name] = Uop(
                decl.uop_name, decl, properties, tuple(sorted(scan.called))
            )

    def _instructions(self, family_heads: set[str]) -> None:
        locations: dict[str, Location] = {}
        for decl in self.declarations:
            if isinstance(decl, OpDecl) and decl.keyword == "inst":
                parts: list[UopRef | CachePart] = [UopRef(decl.uop_name, decl.location)]
            elif isinstance(decl, MacroDecl):
                parts = [p if isinstance(p, UopRef) else CachePart(p.units) for p in decl.parts]
            else:
                continue
            if decl.name in locations:
                raise _duplicate("instruction", decl.name, decl.location, locations[decl.name])
            locations[decl.name] = decl.location
            self._instruction(decl.name, decl.location, parts, decl.name in family_heads)
        if len(self.analysis.instructions) > MAX_OPCODES:
            raise ToolchainError(
                f"too many instructions: {len(self.analysis.instructions)} (opcodes are 8 bits)"
            )

    def _instruction(
        self, name: str, location: Location, parts: list[UopRef | CachePart], is_head: bool
    ) -> None:
        resolved: list[UopPart | CachePart] = []
        offset = 0
        for part in parts:
            if isinstance(part, CachePart):
                resolved.append(part)
                offset += part.units
                continue
            uop = self._known_uop(part, name)
            if uop.properties.tier2_only:
                raise ToolchainError(
                    f"{part.name} only runs in traces (it uses a tier-2-only macro), so it "
                    f"cannot be part of instruction {name}",
                    part.location,
                )
            resolved.append(UopPart(uop, offset, part))
            offset += uop.cache_units
        instruction = Instruction(name, len(self.analysis.instructions), tuple(resolved), location)
        uop_parts = instruction.uop_parts
        for position, uop_part in enumerate(uop_parts):
            if uop_part.uop.properties.specializing:
                _check_specializing_place(uop_part, name, position, is_head)
        # The specializing micro-op is not traced, so it does not count as another micro-op.
        traced = [p for p in uop_parts if not p.uop.properties.specializing]
        if len(traced) > 1:
            for uop_part in traced:
                if uop_part.uop.properties.tier1_only:
                    raise ToolchainError(
                        f"{uop_part.uop.name} is tier-1-only (it jumps, dispatches or uses "
                        f"this_instr/next_instr), so it must be the only micro-op of {name}",
                        uop_part.ref.location,
                    )
        stack.macro_effect([(p.ref, p.uop.effect) for p in uop_parts])
        self.analysis.instructions[name] = instruction

    def _branches(self) -> None:
        for decl in self.declarations:
            if not isinstance(decl, BranchDecl):
                continue
            instruction = self._recorded_differently("branch", decl.instruction, decl.location)
            self.analysis.branches[decl.instruction] = Branch(
                decl, instruction, self._form(decl.jump, "branch"), self._form(decl.fall, "branch")
            )

    def _trace_forms(self) -> None:
        for decl in self.declarations:
            if isinstance(decl, TraceDecl):
                self._recorded_differently("trace", decl.instruction, decl.location)
                form = self._form(decl.uops, "trace")
                assert form is not None
                for ref, uop in zip(decl.uops, form, strict=True):
                    if uop.operand is not None and uop.operand.name not in FRAME_OPERANDS:
                        raise ToolchainError(
                            f"{uop.name} reads a cache entry, which trace({decl.instruction}) "
                            "cannot give it",
                            ref.location,
                        )
                self.analysis.trace_forms[decl.instruction] = form

    def _recorded_differently(self, keyword: str, name: str, location: Location) -> Instruction:
        """The instruction a branch(...) or trace(...) declaration gives the tier-2 form of: a
        branch form only for a tier-1-only instruction, a trace form for any (its micro-ops may
        exit where tier 1's raise)."""
        instruction = self._known_instruction(keyword, name, location)
        earlier = self._tier2_forms.get(name)
        if earlier is not None:
            raise ToolchainError(
                f"{keyword}({name}): a trace already records {name} as declared at {earlier}",
                location,
            )
        if keyword == "branch" and not instruction.tier1_only:
            raise ToolchainError(
                f"{keyword}({name}): {name} already has a tier-2 form; {keyword} only applies "
                "to tier-1-only instructions",
                location,
            )
        self._tier2_forms[name] = location
        return instruction

    def _form(self, refs: tuple[UopRef, ...] | None, keyword: str) -> tuple[Uop, ...] | None:
        if refs is None:
            return None
        uops: list[Uop] = []
        for ref in refs:
            uop = self._known_uop(ref, keyword)
            if not uop.has_tier2_form:
                raise ToolchainError(
                    f"{ref.name} is tier-1-only, so a trace cannot record it", ref.location
                )
            uops.append(uop)
        return tuple(uops)

    def _opargs(self) -> None:
        for decl in self.declarations:
            if not isinstance(decl, OpargDecl):
                continue
            self._known_instruction("oparg", decl.instruction, decl.location)
            earlier = self.analysis.opargs.get(decl.instruction)
            if earlier is not None:
                raise _duplicate("oparg", decl.instruction, decl.location, earlier.decl.location)
            names: dict[str, Location] = {}
            symbols: dict[str, Location] = {}
            for member in decl.members:
                if member.name in names:
                    raise _duplicate(
                        "oparg value", member.name, member.location, names[member.name]
                    )
                if member.symbol in symbols:
                    raise _duplicate(
                        "oparg symbol", member.symbol, member.location, symbols[member.symbol]
                    )
                names[member.name] = symbols[member.symbol] = member.location
            self.analysis.opargs[decl.instruction] = OpargEnum(decl)

    def _families(self) -> None:
        # Where each instruction joined a family, to name the earlier one in a conflict.
        joined: dict[str, tuple[str, str, Location]] = {}  # name -> (role, family, location)

        def join(name: str, role: str, family: str, location: Location) -> None:
            earlier = joined.get(name)
            if earlier is not None:
                raise ToolchainError(
                    f"{name} is in two families: it is {role} of {family} here and {earlier[0]} "
                    f"of {earlier[1]} at {earlier[2]}",
                    location,
                )
            joined[name] = (role, family, location)

        for decl in self.declarations:
            if not isinstance(decl, FamilyDecl):
                continue
            head = self._known_instruction("family", decl.name, decl.location)
            earlier = self.analysis.families.get(decl.name)
            if earlier is not None:
                raise _duplicate("family", decl.name, decl.location, earlier.decl.location)
            join(decl.name, "the head", decl.name, decl.location)
            members: list[Instruction] = []
            for ref in decl.members:
                member = self.analysis.instructions.get(ref.name)
                if member is None:
                    raise ToolchainError(
                        f"unknown instruction {ref.name!r} in family({decl.name})", ref.location
                    )
                join(ref.name, "a member", decl.name, ref.location)
                if member.cache_units != head.cache_units:
                    raise ToolchainError(
                        f"{ref.name} has {member.cache_units} cache units but {decl.name}, the "
                        f"head of its family, has {head.cache_units}: the specializer rewrites "
                        "the opcode in place, so every member must have the head's cache layout",
                        ref.location,
                    )
                members.append(member)
            family = Family(len(self.analysis.families), head, tuple(members), decl)
            self.analysis.families[decl.name] = family
            for instruction in (head, *members):
                self.analysis.family_of[instruction.name] = family

    def _tier1_guards(self) -> None:
        """A guard that fails in tier 1 falls back to its family's head, which re-runs the
        instruction from its inputs: so only members may guard, and only before they change
        the stack or anything else."""
        for instruction in self.analysis.instructions.values():
            head = self.analysis.family_head(instruction)
            # (what changed, the micro-op that changed it, why a guard may not follow)
            changed: tuple[str, Uop, str] | None = None
            for part in instruction.uop_parts:
                uop = part.uop
                guard = _guard_macro(uop.properties)
                if guard is not None and head is None:
                    raise ToolchainError(
                        f"{guard} in {uop.name}, which tier 1 runs in {instruction.name}: a "
                        f"failed guard there needs a generic instruction to fall back to, but "
                        f"{instruction.name} is not a member of a family",
                        part.ref.location,
                    )
                if guard is not None and changed is not None:
                    raise ToolchainError(
                        f"{guard} in {uop.name} after the {changed[0]} ({changed[1].name}, "
                        f"earlier in {instruction.name}): a miss re-runs {head}, {changed[2]}, "
                        "so a member's guards must come first",
                        part.ref.location,
                    )
                if changed is None and not stack.keeps_stack(uop.effect):
                    changed = ("stack changed", uop, "which reads its inputs from the stack")
                elif changed is None and _has_side_effect(uop.properties):
                    changed = ("side effect", uop, "which would repeat it")

    def _places(self) -> dict[str, str]:
        """Where tier 1 or the recorder runs each micro-op: "instruction NAME", "branch(NAME)",
        "trace(NAME)" (the first place that names it)."""
        places: dict[str, str] = {}
        for instruction in self.analysis.instructions.values():
            for uop in instruction.uops:
                places.setdefault(uop.name, f"instruction {instruction.name}")
        for name, branch in self.analysis.branches.items():
            for uop in (branch.jump or ()) + (branch.fall or ()):
                places.setdefault(uop.name, f"branch({name})")
        for name, form in self.analysis.trace_forms.items():
            for uop in form:
                places.setdefault(uop.name, f"trace({name})")
        return places

    def _unused(self) -> None:
        """A micro-op no instruction, branch or trace form names, that is not a reuse variant
        (the optimizer's) nor declared `runtime op` (the recorder's or optimizer's): nothing can
        run it, which is likely a mistake, but harms nothing."""
        used = set(self._places())
        used |= {r.variant.name for reuses in self.analysis.reuses.values() for r in reuses}
        used |= {c.variant.name for cs in self.analysis.constants.values() for c in cs}
        for uop in self.analysis.uops.values():
            if uop.decl.runtime and not uop.has_tier2_form:
                raise ToolchainError(
                    f"runtime micro-op {uop.name} is tier-1-only, so the runtime cannot put it "
                    "in a trace",
                    uop.decl.location,
                )
            if uop.name not in used and not uop.decl.runtime:
                self.analysis.warnings.append(
                    ToolchainWarning(
                        f"micro-op {uop.name} is never used: no instruction, branch, trace, "
                        "reuse or constant declaration names it (declare it `runtime op` if the "
                        "runtime "
                        "puts it in traces)",
                        uop.decl.location,
                    )
                )

    def _reuses(self) -> None:
        """`reuse(_BASE, input) = _VARIANT;`: the optimizer swaps _VARIANT in for _BASE when
        `input` is a fresh object, so _VARIANT must look the same from outside, and only traces
        (never tier 1 or the recorder, which cannot know the object is unshared) may run it."""
        places = self._places()
        declared: dict[tuple[str, str], Location] = {}
        for decl in self.declarations:
            if not isinstance(decl, ReuseDecl):
                continue
            what = f"reuse({decl.base.name}, {decl.input.name})"
            base = self._known_uop(decl.base, what)
            variant = self._known_uop(decl.variant, what)
            key = (base.name, decl.input.name)
            if key in declared:
                raise ToolchainError(
                    f"duplicate definition of {what} (first defined at {declared[key]})",
                    decl.location,
                )
            declared[key] = decl.location
            index = _consumed_input(base, decl.input, "reuse")
            _optimizer_only(
                variant, places, decl.variant, "a reuse variant", "its input may be shared"
            )
            if _outside_view(variant.effect) != _outside_view(base.effect):
                raise ToolchainError(
                    f"{variant.name} must have the stack effect of {base.name} (the same "
                    "caches, inputs, outputs, peeks and facts): the optimizer swaps one for the "
                    "other",
                    decl.variant.location,
                )
            self.analysis.reuses.setdefault(base.name, []).append(Reuse(base, index, variant, decl))

    def _constants(self) -> None:
        """`constant(_BASE, input, hook) = _VARIANT;`: the optimizer swaps _VARIANT in for _BASE
        when `input` is a constant `hook` accepts (the first of _BASE's variants, in the order
        declared, whose hook does). _VARIANT takes the same items (its one cache entry is the
        operand the hook computes), and only traces may run it."""
        places = self._places()
        for decl in self.declarations:
            if not isinstance(decl, ConstantDecl):
                continue
            what = f"constant({decl.base.name}, {decl.input.name}, {decl.hook.name})"
            base = self._known_uop(decl.base, what)
            variant = self._known_uop(decl.variant, what)
            for other in self.analysis.constants.get(base.name, []):
                if other.variant.name == variant.name or other.hook == decl.hook.name:
                    raise ToolchainError(
                        f"duplicate constant variant of {base.name} (first defined at "
                        f"{other.decl.location})",
                        decl.location,
                    )
            index = _consumed_input(base, decl.input, "constant")
            if decl.hook.name not in self.analysis.helpers:
                raise ToolchainError(
                    f"unknown helper {decl.hook.name!r} in {what}: declare it in a "
                    f"helper({decl.hook.name}) = pure; line",
                    decl.hook.location,
                )
            _optimizer_only(
                variant, places, decl.variant, "a constant variant", "its operand is not computed"
            )
            # Its cache entry, if any (a micro-op has one operand), is what the hook computes.
            if _outside_view(variant.effect)[1:] != _outside_view(base.effect)[1:]:
                raise ToolchainError(
                    f"{variant.name} must have the items of {base.name} (the same inputs, "
                    "outputs, peeks and facts): the optimizer swaps one for the other",
                    decl.variant.location,
                )
            if any(i.is_array for i in base.effect.inputs[:index]):
                raise ToolchainError(
                    f"input {decl.input.name!r} of {base.name} comes after an array: "
                    "constant names an input below any array",
                    decl.input.location,
                )
            self.analysis.constants.setdefault(base.name, []).append(
                Constant(base, index, decl.hook.name, variant, decl)
            )

    def _known_uop(self, ref: UopRef, what: str) -> Uop:
        """The micro-op a macro, branch, trace or reuse declaration (`what`) names."""
        uop = self.analysis.uops.get(ref.name)
        if uop is None:
            raise ToolchainError(f"unknown micro-op {ref.name!r} in {what}", ref.location)
        return uop

    def _known_instruction(self, keyword: str, name: str, location: Location) -> Instruction:
        instruction = self.analysis.instructions.get(name)
        if instruction is None:
            raise ToolchainError(f"unknown instruction {name!r} in {keyword}({name})", location)
        return instruction


def _effects(decl: HelperDecl) -> fx.Effect:
    result = fx.Effect.PURE
    for name, location in decl.effects:
        effect = fx.EFFECT_NAMES.get(name)
        if effect is None:
            raise ToolchainError(
                f"unknown effect {name!r} (expected one of {', '.join(fx.EFFECT_NAMES)})",
                location,
            )
        if (effect is fx.Effect.PURE) != (len(decl.effects) == 1 and effect is fx.Effect.PURE):
            raise ToolchainError("'pure' cannot be combined with other effects", location)
        result |= effect
    return fx.close(result)


def _optimizer_only(
    variant: Uop, places: dict[str, str], ref: UopRef, kind: str, elsewhere: str
) -> None:
    """A variant only the trace optimizer emits: in no instruction, branch or trace form (where
    `elsewhere` would go wrong), and with a tier-2 form."""
    place = places.get(variant.name)
    if place is not None:
        raise ToolchainError(
            f"{variant.name} is part of {place}, but {kind} may only run where the trace "
            f"optimizer put it: elsewhere {elsewhere}",
            ref.location,
        )
    if not variant.has_tier2_form:
        raise ToolchainError(
            f"{variant.name} is tier-1-only, so a trace cannot run it", ref.location
        )


def _consumed_input(base: Uop, ref: UopRef, keyword: str) -> int:
    """The position (0 = the deepest) of the input a reuse or constant declaration names: one
    value the micro-op consumes."""
    inputs = base.effect.inputs
    index = next((i for i, item in enumerate(inputs) if item.name == ref.name), None)
    if index is None or inputs[index].is_unused:
        raise ToolchainError(
            f"{base.name} has no input {ref.name!r} for {keyword}({base.name}, ...)", ref.location
        )
    if inputs[index].is_array:
        raise ToolchainError(
            f"input {ref.name!r} of {base.name} is an array: {keyword} names one value",
            ref.location,
        )
    if ref.name in stack.peeks(base.effect):
        raise ToolchainError(
            f"{base.name} peeks {ref.name!r} (it stays on the stack): {keyword} names an input "
            "the micro-op consumes",
            ref.location,
        )
    return index


def _outside_view(effect: StackEffect) -> tuple[object, ...]:
    """What the optimizer sees of a stack effect: caches, items, peeks and facts, not names."""
    peeked = stack.peeks(effect)

    def items(side: tuple[StackItem, ...]) -> tuple[object, ...]:
        return tuple(
            (i.is_unused, i.size, i.fact, i.fresh, not i.is_unused and i.name in peeked)
            for i in side
        )

    caches = tuple((c.is_unused, c.units) for c in effect.caches)
    return caches, items(effect.inputs), items(effect.outputs)


def _has_side_effect(properties: Properties) -> bool:
    """A call to a non-pure helper or SETLOCAL, as the guard check within a body counts them."""
    return properties.writes or properties.allocates or properties.escapes or properties.needs_sync


def _guard_macro(properties: Properties) -> str | None:
    if properties.deopts:
        return "DEOPT_IF"
    return "EXIT_IF" if properties.exits else None


def _check_specializing(decl: OpDecl, properties: Properties) -> None:
    if not properties.tier1_only:
        raise ToolchainError(
            f"specializing micro-op {decl.uop_name} must be tier-1-only: it counts executions "
            "and rewrites the instruction through this_instr",
            decl.location,
        )
    if not stack.keeps_stack(decl.effect):
        raise ToolchainError(
            f"specializing micro-op {decl.uop_name} may only peek (every output the input at "
            "the same position): the generic micro-ops after it read the same inputs",
            decl.location,
        )


def _check_specializing_place(part: UopPart, name: str, position: int, is_head: bool) -> None:
    if position:
        reason = f"it is not the first micro-op of {name}"
    elif not is_head:
        reason = f"{name} is not the head of a family"
    else:
        return
    raise ToolchainError(
        f"specializing micro-op {part.uop.name} must come first in a family head's macro, "
        f"but {reason}",
        part.ref.location,
    )


# The metadata's per-micro-op fact record: a byte of peek bits, signed bytes of counts.
MAX_OUTPUT_ITEMS = 8
MAX_INPUT_ITEMS = 127
# Facts about the micro-op's operand, so it must have one (a named cache entry).
OPERAND_FACTS = ("type_version", "operand", "plain_attr", "func_version")


def _check_facts(decl: OpDecl) -> None:
    """`name: FACT` only on a named single output, FACT one the runtime knows."""
    effect = decl.effect
    for item in effect.inputs + effect.outputs:
        if item.fact is not None and item.fact not in FACT_NAMES:
            raise ToolchainError(
                f"unknown fact {item.fact!r} (expected one of {', '.join(FACT_NAMES)})",
                item.location,
            )
    peeked = stack.peeks(effect)
    for item in effect.inputs:
        if item.fresh:
            raise ToolchainError(
                f"'{FRESH}' on input {item.name!r}: it describes an output the micro-op makes",
                item.location,
            )
        if item.fact is not None:
            raise ToolchainError(
                f"fact {item.fact!r} on input {item.name!r}: facts go on outputs (to declare "
                f"what a guard proves, peek it: ({item.name} -- {item.name}: {item.fact}))",
                item.location,
            )
    for item in effect.outputs:
        if item.fresh:
            _check_fresh(item, peeked)
        if item.fact is None:
            continue
        if item.is_unused:
            raise ToolchainError(
                f"fact {item.fact!r} on 'unused': only a named output has a value to describe",
                item.location,
            )
        if item.is_array:
            raise ToolchainError(
                f"fact {item.fact!r} on array {item.name!r}: a fact describes one value",
                item.location,
            )
        if any(o.is_array for o in effect.outputs) and (
            item is not effect.outputs[0] or not stack.keeps_stack(effect)
        ):
            raise ToolchainError(
                f"fact {item.fact!r} on {item.name!r}: beside an output array (whose size depends "
                "on oparg) the optimizer follows only a micro-op that leaves the stack as it "
                "found it, and learns only its deepest output's fact",
                item.location,
            )
        if item.fact in OPERAND_FACTS and not any(not c.is_unused for c in effect.caches):
            raise ToolchainError(
                f"fact {item.fact!r} on {item.name!r}, but {decl.uop_name} has no operand "
                "(a named cache entry) for it to refer to",
                item.location,
            )
    if len(effect.outputs) > MAX_OUTPUT_ITEMS:
        raise ToolchainError(
            f"{decl.uop_name} has {len(effect.outputs)} outputs; the metadata's peek mask "
            f"(qk_uop_facts) holds {MAX_OUTPUT_ITEMS}",
            decl.location,
        )
    if len(effect.inputs) > MAX_INPUT_ITEMS:
        raise ToolchainError(
            f"{decl.uop_name} has {len(effect.inputs)} inputs; the metadata (qk_uop_facts) "
            f"counts {MAX_INPUT_ITEMS} at most",
            decl.location,
        )


def _check_fresh(item: StackItem, peeked: set[str]) -> None:
    """`fresh` only on a named single output that is a new object: not a peek of an input, and
    not a value whose fact says it is tagged, static or a shared constant."""
    if item.is_unused:
        raise ToolchainError(
            f"'{FRESH}' on 'unused': only a named output has a value to describe", item.location
        )
    if item.is_array:
        raise ToolchainError(
            f"'{FRESH}' on array {item.name!r}: it describes one object", item.location
        )
    if item.name in peeked:
        raise ToolchainError(
            f"'{FRESH}' on peeked output {item.name!r}: a peek is the input itself, not a new "
            "object",
            item.location,
        )
    if item.fact in NOT_FRESH_FACTS:
        raise ToolchainError(
            f"'{FRESH}' on {item.name!r}, whose fact {item.fact!r} is not a new heap object",
            item.location,
        )


def _check_caches(decl: OpDecl) -> None:
    named = [c for c in decl.effect.caches if not c.is_unused]
    if len(named) > 1:
        raise ToolchainError(
            f"{decl.uop_name} has more than one named cache entry ({named[0].name!r} and "
            f"{named[1].name!r}); a micro-op has one operand in tier 2",
            named[1].location,
        )
    for cache in named:
        if cache.units == 4:
            raise ToolchainError(
                f"cache entry {cache.name!r} of 4 units does not fit the 64-bit tier-2 operand; "
                "name only /1 or /2 entries",
                cache.location,
            )
    for item in decl.effect.inputs + decl.effect.outputs:
        for word in _SIZE_IDENT.findall(item.size or ""):
            if word != "oparg":
                raise ToolchainError(
                    f"array size [{item.size}] may only use oparg and integer literals",
                    item.location,
                )


@dataclass
class _BodyScan:
    """One pass over a body's tokens, in textual order (the checks only need that order)."""

    decl: OpDecl
    table: dict[str, Helper]
    exempt_guards: bool  # a branch form: its guard exits resume elsewhere, never re-execute it
    used: set[str] = field(default_factory=set)
    effects: fx.Effect = fx.Effect.PURE
    first_side_effect: Token | None = None
    # Outputs assigned by a finished statement: name -> token index of the statement's end.
    assigned: dict[str, int] = field(default_factory=dict)
    reads_context: bool = False
    reads_frame: bool = False
    reads_code: bool = False

    def __post_init__(self) -> None:
        self.outputs = {i.name for i in self.decl.effect.outputs if not i.is_unused} - stack.peeks(
            self.decl.effect
        )
        tokens = self.decl.body.tokens
        for index, token in enumerate(tokens):
            if token.kind is not Kind.IDENT:
                continue
            if index > 0 and tokens[index - 1].text in (".", "->"):
                continue  # a field name, not something of ours
            self.used.add(token.text)
            if _reads_context(tokens, index):
                self.reads_context = True
            if _reads_frame(tokens, index):
                self.reads_frame = True
            if _reads_code(tokens, index):
                self.reads_code = True
            following = tokens[index + 1].text if index + 1 < len(tokens) else ""
            if following == "(":
                self._call(token)
            elif following == "=" and token.text in self.outputs:
                self._assignment(index)
        self.called = {n for n in self.used if n in self.table}

    def _call(self, token: Token) -> None:
        name = token.text
        if name in GUARD_MACROS and self.first_side_effect is not None and not self.exempt_guards:
            raise ToolchainError(
                f"{name} after a side effect (the call to {self.first_side_effect.text} at "
                f"{self.first_side_effect.location.line}:{self.first_side_effect.location.col}):"
                " a guard must come before anything it cannot undo",
                token.location,
            )
        if name == "SETLOCAL":
            self.effects |= fx.Effect.WRITES
            self.first_side_effect = self.first_side_effect or token
        if name in BODY_MACROS or name in C_KEYWORDS or _QK_MACRO.match(name):
            return
        helper = self.table.get(name)
        if helper is None:
            raise ToolchainError(
                f"unknown helper {name!r}: declare it in a helper({name}) = ...; line",
                token.location,
            )
        self.effects |= helper.effects
        if fx.is_side_effect(helper.effects):
            self.first_side_effect = self.first_side_effect or token
        if fx.Effect.ALLOCATES in helper.effects:
            self._check_no_live_outputs(token)

    def _assignment(self, index: int) -> None:
        tokens = self.decl.body.tokens
        name = tokens[index].text
        if index + 2 < len(tokens) and tokens[index + 2].text == "GETLOCAL":
            return  # the value stays reachable through the frame's local
        end = next((i for i in range(index, len(tokens)) if tokens[i].text == ";"), len(tokens))
        self.assigned.setdefault(name, end)

    def _check_no_live_outputs(self, call: Token) -> None:
        tokens = self.decl.body.tokens
        position = tokens.index(call)
        for name, end in self.assigned.items():
            if end < position:
                raise ToolchainError(
                    f"output {name!r} is assigned before the call to {call.text}, which may "
                    "allocate: the collector could not see it (assign outputs after the last "
                    "allocating call)",
                    call.location,
                )

    def properties(self) -> Properties:
        used = self.used
        sizes_use_oparg = any(
            "oparg" in _SIZE_IDENT.findall(i.size or "")
            for i in self.decl.effect.inputs + self.decl.effect.outputs
        )
        properties = Properties(
            has_oparg="oparg" in used or sizes_use_oparg,
            deopts="DEOPT_IF" in used,
            exits="EXIT_IF" in used,
            errors="ERROR_IF" in used,
            escapes=fx.Effect.ESCAPES in self.effects,
            allocates=fx.Effect.ALLOCATES in self.effects,
            writes=fx.Effect.WRITES in self.effects,
            invalidates=fx.Effect.INVALIDATES in self.effects,
            binds_name=fx.Effect.BINDS in self.effects,
            jumps="JUMPBY" in used,
            reads_context=self.reads_context,
            reads_frame=self.reads_frame,
            reads_code=self.reads_code,
            sets_locals="SETLOCAL" in used,
            pushes_frame="ENTER_FRAME" in used,
            pops_frame=bool(used & {"RETURN_TO_CALLER", "YIELD_TO_CALLER"}),
            tier1_only=bool(used & set(TIER1_ONLY_MACROS + TIER1_ONLY_NAMES)),
            tier2_only=bool(used & set(TIER2_ONLY_MACROS)),
            needs_sync=fx.needs_sync(self.effects),
            branch_form=self.exempt_guards,
        )
        if properties.tier1_only and properties.tier2_only:
            raise ToolchainError(
                f"{self.decl.uop_name} uses both tier-1-only and tier-2-only macros",
                self.decl.location,
            )
        operand = next((c for c in self.decl.effect.caches if not c.is_unused), None)
        if operand is not None and properties.pushes_frame != (operand.name in FRAME_OPERANDS):
            raise ToolchainError(
                f"{self.decl.uop_name}: a micro-op that enters a frame (ENTER_FRAME) has one "
                f"operand, named {RESUME_OPERAND!r} (where the recorder saw that frame go on) or "
                f"{CALLEE_OPERAND!r} (the function it entered), and only such a micro-op may name "
                f"an operand so",
                operand.location,
            )
        if operand is not None and operand.name == CALLEE_OPERAND:
            properties = replace(properties, enters_callee=True)
        if properties.tier2_only and self.decl.keyword == "inst":
            raise ToolchainError(
                f"instruction {self.decl.name} uses a tier-2-only macro; declare it with "
                f"op({self.decl.uop_name}, ...) so only traces contain it",
                self.decl.location,
            )
        return properties
