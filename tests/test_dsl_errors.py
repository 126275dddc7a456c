"""DSL errors: status 1 and one `uop_defs/FILE:LINE:COL: error: ...` line; never a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run_generator(tmp_path: Path, files: dict[str, str]) -> subprocess.CompletedProcess[str]:
    defs = tmp_path / "uop_defs"
    defs.mkdir(exist_ok=True)
    for name, text in files.items():
        (defs / name).write_text(text)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "generator.cases", "--defs", "uop_defs", "--out", "out"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


# A micro-op making a fresh box, in an instruction, for the reuse cases (its lines are 1-3).
_FRESH = (
    "helper(hn) = allocates | fails;\nhelper(hw) = writes;\n"
    "op(_B, (l, r -- res: fresh float)) { res = hn(l, r); ERROR_IF(res == QK_NULL); }\n"
    "macro(B) = _B;\n"
)
# A well-formed reuse variant of _B (line 5).
_VARIANT = "op(_V, (l, r -- res: fresh float)) { res = hw(l, r); }\n"

# A micro-op that uses its oparg, in instruction C (lines 1-2), for the stencils cases.
_OPARG_UOP = "op(_C, (x -- x)) { (void)(x + oparg); }\nmacro(C) = _C;\n"

# A well-formed specializing micro-op, for the cases about where one may appear.
_SPECIALIZE = "specializing op(_S, (c/1, x -- x)) { (void)c; (void)this_instr; }\n"

CASES = {
    "syntax": (
        "op(_A, (x -- ) { }\n",
        "uop_defs/a.uops:1:16: error: syntax error: expected ')', found '{'",
    ),
    "syntax_declaration": (
        "instruction(A, (--)) { }\n",
        "uop_defs/a.uops:1:1: error: syntax error: expected a declaration (helper, op, inst, "
        "macro, branch, trace, oparg, family, reuse, constant, stencils, specializing op, "
        "runtime op, branch op), "
        "found 'instruction'",
    ),
    "syntax_cache_size": (
        "op(_A, (c/3 --)) { }\n",
        "uop_defs/a.uops:1:11: error: syntax error: expected the number of cache units "
        "(1, 2 or 4), found '3'",
    ),
    "syntax_cache_after_stack": (
        "op(_A, (x, c/1 -- x)) { }\n",
        "uop_defs/a.uops:1:12: error: syntax error: cache entry 'c' must come before the "
        "stack inputs",
    ),
    "unterminated_body": (
        "op(_A, (--)) {\n    x = 1;\n",
        "uop_defs/a.uops:3:1: error: syntax error: expected '}' to close the body, "
        "found end of file",
    ),
    "unterminated_comment": (
        "/* no end\n",
        "uop_defs/a.uops:1:1: error: unterminated comment: expected '*/' before end of file",
    ),
    "uop_name": (
        "op(A, (--)) { }\n",
        "uop_defs/a.uops:1:4: error: micro-op name 'A' must start with '_'",
    ),
    "unknown_uop_in_macro": (
        "op(_A, (--)) { }\nmacro(M) = _A + _B;\n",
        "uop_defs/a.uops:2:17: error: unknown micro-op '_B' in M",
    ),
    "unknown_instruction_in_branch": (
        "op(_A, (--)) { }\nbranch(NOPE) { jump: _A; }\n",
        "uop_defs/a.uops:2:1: error: unknown instruction 'NOPE' in branch(NOPE)",
    ),
    "unknown_instruction_in_trace": (
        "inst(A, (--)) { }\ntrace(NOPE) = ;\n",
        "uop_defs/a.uops:2:1: error: unknown instruction 'NOPE' in trace(NOPE)",
    ),
    "branch_of_a_traceable_instruction": (
        "op(_B, (--)) { }\ninst(A, (--)) { }\nbranch(A) { fall: _B; }\n",
        "uop_defs/a.uops:3:1: error: branch(A): A already has a tier-2 form; branch only applies "
        "to tier-1-only instructions",
    ),
    "branch_and_trace_for_one_instruction": (
        "inst(R, (v --)) { LEAVE_FRAME(v); }\nop(_B, (v --)) { (void)v; }\n"
        "branch(R) { fall: _B; }\ntrace(R) = _B;\n",
        "uop_defs/a.uops:4:1: error: trace(R): a trace already records R as declared at "
        "uop_defs/a.uops:3:1",
    ),
    "trace_form_reads_a_cache_entry": (
        "inst(R, (v --)) { LEAVE_FRAME(v); }\nop(_B, (c/1, v --)) { (void)v; (void)c; }\n"
        "trace(R) = _B;\n",
        "uop_defs/a.uops:3:12: error: _B reads a cache entry, which trace(R) cannot give it",
    ),
    "frame_entry_with_another_operand": (
        "op(_E, (version/2 --)) { (void)version; ENTER_FRAME(frame); }\n",
        "uop_defs/a.uops:1:9: error: _E: a micro-op that enters a frame (ENTER_FRAME) has one "
        "operand, named 'resume' (where the recorder saw that frame go on) or 'callee' (the "
        "function it entered), and only such a micro-op may name an operand so",
    ),
    "resume_operand_without_a_frame": (
        "op(_R, (resume/2 --)) { (void)resume; }\n",
        "uop_defs/a.uops:1:9: error: _R: a micro-op that enters a frame (ENTER_FRAME) has one "
        "operand, named 'resume' (where the recorder saw that frame go on) or 'callee' (the "
        "function it entered), and only such a micro-op may name an operand so",
    ),
    "unknown_instruction_in_oparg": (
        'oparg(NOPE) { A = "a" }\n',
        "uop_defs/a.uops:1:1: error: unknown instruction 'NOPE' in oparg(NOPE)",
    ),
    "unknown_uop_in_branch": (
        "inst(J, (--)) { JUMPBY(oparg); }\nbranch(J) { jump: _NOPE; }\n",
        "uop_defs/a.uops:2:19: error: unknown micro-op '_NOPE' in branch",
    ),
    "duplicate_uop": (
        "op(_A, (--)) { }\n\nop(_A, (--)) { }\n",
        "uop_defs/a.uops:3:1: error: duplicate definition of micro-op '_A' "
        "(first defined at uop_defs/a.uops:1:1)",
    ),
    "duplicate_inst_and_op": (
        "inst(A, (--)) { }\nop(_A, (--)) { }\n",
        "uop_defs/a.uops:2:1: error: duplicate definition of micro-op '_A' "
        "(first defined at uop_defs/a.uops:1:1)",
    ),
    "duplicate_instruction": (
        "inst(A, (--)) { }\nop(_B, (--)) { }\nmacro(A) = _B;\n",
        "uop_defs/a.uops:3:1: error: duplicate definition of instruction 'A' "
        "(first defined at uop_defs/a.uops:1:1)",
    ),
    "duplicate_helper": (
        "helper(h) = pure;\nhelper(h) = writes;\n",
        "uop_defs/a.uops:2:1: error: duplicate definition of helper 'h' "
        "(first defined at uop_defs/a.uops:1:1)",
    ),
    "duplicate_oparg_value": (
        'inst(A, (--)) { }\noparg(A) { X = "x", X = "y", }\n',
        "uop_defs/a.uops:2:21: error: duplicate definition of oparg value 'X' "
        "(first defined at uop_defs/a.uops:2:12)",
    ),
    "unknown_helper": (
        "inst(A, (--)) {\n    foo(1);\n}\n",
        "uop_defs/a.uops:2:5: error: unknown helper 'foo': declare it in a helper(foo) = ...; line",
    ),
    "unknown_effect": (
        "helper(h) = writes | sometimes;\n",
        "uop_defs/a.uops:1:22: error: unknown effect 'sometimes' "
        "(expected one of pure, writes, fails, allocates, escapes, invalidates, binds)",
    ),
    "guard_after_helper": (
        "helper(h) = writes;\nop(_A, (--)) {\n    h();\n    DEOPT_IF(1);\n}\n",
        "uop_defs/a.uops:4:5: error: DEOPT_IF after a side effect (the call to h at 3:5): "
        "a guard must come before anything it cannot undo",
    ),
    "guard_after_setlocal": (
        "op(_A, (x -- x)) { SETLOCAL(0, x); EXIT_IF(1); }\n",
        "uop_defs/a.uops:1:36: error: EXIT_IF after a side effect (the call to SETLOCAL at "
        "1:20): a guard must come before anything it cannot undo",
    ),
    "peek_moved": (
        "op(_A, (a, b -- b, a)) { }\n",
        "uop_defs/a.uops:1:17: error: stack effect mismatch: 'b' is an input at "
        "stack_pointer[-1] and an output at stack_pointer[-2]; a name on both sides must stay "
        "in its slot",
    ),
    "unused_array_size": (
        "op(_A, (unused[oparg] -- unused[oparg + 1])) { }\n",
        "uop_defs/a.uops:1:26: error: stack effect mismatch: unused array of size [oparg + 1] "
        "in the outputs where the inputs have [oparg]",
    ),
    "macro_parts_disagree": (
        "op(_A, (x -- y)) { y = x; }\nop(_B, (y, p -- z)) { z = y; (void)p; }\n"
        "macro(M) = _A + _B;\n",
        "uop_defs/a.uops:3:17: error: stack effect mismatch: _B takes 'y' at depth 2 but an "
        "earlier part leaves it at depth 1",
    ),
    "output_before_allocation": (
        "helper(h) = allocates;\nop(_A, (-- y)) {\n    y = QK_NONE;\n    h();\n}\n",
        "uop_defs/a.uops:4:5: error: output 'y' is assigned before the call to h, which may "
        "allocate: the collector could not see it (assign outputs after the last allocating call)",
    ),
    "tier1_only_in_macro": (
        "inst(J, (--)) { JUMPBY(1); }\nop(_B, (--)) { }\nmacro(M) = _B + _J;\n",
        "uop_defs/a.uops:3:17: error: _J is tier-1-only (it jumps, dispatches or uses "
        "this_instr/next_instr), so it must be the only micro-op of M",
    ),
    "tier2_only_inst": (
        "inst(J, (--)) { JUMP_TO_TOP(); }\n",
        "uop_defs/a.uops:1:1: error: instruction J uses a tier-2-only macro; declare it with "
        "op(_J, ...) so only traces contain it",
    ),
    "tier2_only_in_macro": (
        "op(_E, (--)) { EXIT_TO_TIER_ONE(); }\nmacro(M) = _E;\n",
        "uop_defs/a.uops:2:12: error: _E only runs in traces (it uses a tier-2-only macro), "
        "so it cannot be part of instruction M",
    ),
    "syntax_family": (
        "inst(A, (--)) { }\nfamily(A) = { A B };\n",
        "uop_defs/a.uops:2:17: error: syntax error: expected '}' or ',' after a family member, "
        "found 'B'",
    ),
    "syntax_specializing_inst": (
        "specializing inst(A, (--)) { }\n",
        "uop_defs/a.uops:1:14: error: syntax error: expected 'op' after 'specializing', "
        "found 'inst'",
    ),
    "family_unknown_head": (
        "family(NOPE) = { };\n",
        "uop_defs/a.uops:1:1: error: unknown instruction 'NOPE' in family(NOPE)",
    ),
    "family_unknown_member": (
        "inst(A, (x -- x)) { }\nfamily(A) = { A_1, B };\ninst(A_1, (x -- x)) { }\n",
        "uop_defs/a.uops:2:20: error: unknown instruction 'B' in family(A)",
    ),
    "family_member_twice": (
        "inst(A, (--)) { }\ninst(B, (--)) { }\ninst(M, (--)) { }\n"
        "family(A) = { M };\nfamily(B) = { M };\n",
        "uop_defs/a.uops:5:15: error: M is in two families: it is a member of B here and a "
        "member of A at uop_defs/a.uops:4:15",
    ),
    "family_head_is_member": (
        "inst(A, (--)) { }\ninst(B, (--)) { }\nfamily(A) = { B };\nfamily(B) = { };\n",
        "uop_defs/a.uops:4:1: error: B is in two families: it is the head of B here and a "
        "member of A at uop_defs/a.uops:3:15",
    ),
    "family_cache_size": (
        "inst(A, (c/1 --)) { (void)c; }\ninst(A_2, (c/2 --)) { (void)c; }\nfamily(A) = { A_2 };\n",
        "uop_defs/a.uops:3:15: error: A_2 has 2 cache units but A, the head of its family, has "
        "1: the specializer rewrites the opcode in place, so every member must have the head's "
        "cache layout",
    ),
    "family_duplicate": (
        "inst(A, (--)) { }\nfamily(A) = { };\nfamily(A) = { };\n",
        "uop_defs/a.uops:3:1: error: duplicate definition of family 'A' "
        "(first defined at uop_defs/a.uops:2:1)",
    ),
    "specializing_not_tier1_only": (
        "specializing op(_S, (x -- x)) { }\n",
        "uop_defs/a.uops:1:1: error: specializing micro-op _S must be tier-1-only: it counts "
        "executions and rewrites the instruction through this_instr",
    ),
    "specializing_not_peek": (
        "specializing op(_S, (x -- y)) { y = x; (void)this_instr; }\n",
        "uop_defs/a.uops:1:1: error: specializing micro-op _S may only peek (every output the "
        "input at the same position): the generic micro-ops after it read the same inputs",
    ),
    "specializing_not_first": (
        _SPECIALIZE + "op(_B, (x -- x)) { }\nmacro(A) = _B + _S;\nfamily(A) = { };\n",
        "uop_defs/a.uops:3:17: error: specializing micro-op _S must come first in a family "
        "head's macro, but it is not the first micro-op of A",
    ),
    "specializing_not_head": (
        _SPECIALIZE + "op(_B, (x -- x)) { }\nmacro(A) = _S + _B;\n",
        "uop_defs/a.uops:3:12: error: specializing micro-op _S must come first in a family "
        "head's macro, but A is not the head of a family",
    ),
    "guard_outside_family": (
        "op(_G, (x -- x)) { DEOPT_IF(x == QK_NULL); }\nmacro(A) = _G;\n",
        "uop_defs/a.uops:2:12: error: DEOPT_IF in _G, which tier 1 runs in A: a failed guard "
        "there needs a generic instruction to fall back to, but A is not a member of a family",
    ),
    "guard_in_family_head": (
        "inst(A, (x -- x)) { EXIT_IF(x == QK_NULL); }\nfamily(A) = { };\n",
        "uop_defs/a.uops:1:1: error: EXIT_IF in _A, which tier 1 runs in A: a failed guard "
        "there needs a generic instruction to fall back to, but A is not a member of a family",
    ),
    "guard_after_stack_changed": (
        "inst(A, (x --)) { (void)x; }\nop(_P, (-- y)) { y = QK_NONE; }\n"
        "op(_G, (v -- v)) { DEOPT_IF(v == QK_NULL); }\nop(_D, (x, v --)) { (void)x; (void)v; }\n"
        "macro(A_1) = _P + _G + _D;\nfamily(A) = { A_1 };\n",
        "uop_defs/a.uops:5:19: error: DEOPT_IF in _G after the stack changed (_P, earlier in "
        "A_1): a miss re-runs A, which reads its inputs from the stack, so a member's guards "
        "must come first",
    ),
    "guard_after_side_effect_in_member": (
        "helper(h) = writes;\ninst(A, (x --)) { (void)x; }\nop(_W, (x -- x)) { h(x); }\n"
        "op(_G, (x --)) { DEOPT_IF(x == QK_NULL); }\nmacro(A_1) = _W + _G;\n"
        "family(A) = { A_1 };\n",
        "uop_defs/a.uops:5:19: error: DEOPT_IF in _G after the side effect (_W, earlier in "
        "A_1): a miss re-runs A, which would repeat it, so a member's guards must come first",
    ),
    "syntax_fact": (
        "op(_A, (-- y:)) { y = QK_NONE; }\n",
        "uop_defs/a.uops:1:14: error: syntax error: expected a fact name after ':', found ')'",
    ),
    "fact_unknown": (
        "op(_A, (x -- y: integer)) { y = x; }\n",
        "uop_defs/a.uops:1:14: error: unknown fact 'integer' (expected one of int, float, str, "
        "bool, none, list, tuple, dict, range_iter, list_iter, tuple_iter, str_iter, type_version, "
        "operand, const, plain_attr, global, module_attr, func_version)",
    ),
    "fact_beside_output_array": (
        "op(_A, (x -- y: int, zs[oparg])) { y = x; (void)zs; }\n",
        "uop_defs/a.uops:1:14: error: fact 'int' on 'y': beside an output array (whose size "
        "depends on oparg) the optimizer follows only a micro-op that leaves the stack as it "
        "found it, and learns only its deepest output's fact",
    ),
    "fact_on_input": (
        "op(_A, (x: int -- y)) { y = x; }\n",
        "uop_defs/a.uops:1:9: error: fact 'int' on input 'x': facts go on outputs (to declare "
        "what a guard proves, peek it: (x -- x: int))",
    ),
    "fact_on_array": (
        "op(_A, (-- xs[oparg]: list)) { (void)xs; }\n",
        "uop_defs/a.uops:1:12: error: fact 'list' on array 'xs': a fact describes one value",
    ),
    "fact_on_unused": (
        "op(_A, (x -- unused: int)) { (void)x; }\n",
        "uop_defs/a.uops:1:14: error: fact 'int' on 'unused': only a named output has a value "
        "to describe",
    ),
    "fact_without_operand": (
        "op(_A, (unused/1, x -- x: type_version)) { }\n",
        "uop_defs/a.uops:1:24: error: fact 'type_version' on 'x', but _A has no operand (a "
        "named cache entry) for it to refer to",
    ),
    "syntax_fresh": (
        "op(_A, (-- y: fresh 3)) { y = QK_NONE; }\n",
        "uop_defs/a.uops:1:21: error: syntax error: expected ',' or ')' in the stack effect "
        "outputs, found '3'",
    ),
    "fresh_on_input": (
        "op(_A, (x: fresh -- y)) { y = x; }\n",
        "uop_defs/a.uops:1:9: error: 'fresh' on input 'x': it describes an output the micro-op "
        "makes",
    ),
    "fresh_on_unused": (
        "op(_A, (x -- unused: fresh)) { (void)x; }\n",
        "uop_defs/a.uops:1:14: error: 'fresh' on 'unused': only a named output has a value to "
        "describe",
    ),
    "fresh_on_array": (
        "op(_A, (-- xs[oparg]: fresh list)) { (void)xs; }\n",
        "uop_defs/a.uops:1:12: error: 'fresh' on array 'xs': it describes one object",
    ),
    "fresh_on_peek": (
        "op(_A, (x -- x: fresh float)) { }\n",
        "uop_defs/a.uops:1:14: error: 'fresh' on peeked output 'x': a peek is the input itself, "
        "not a new object",
    ),
    "fresh_not_an_object": (
        "op(_A, (x -- y: fresh int)) { y = x; }\n",
        "uop_defs/a.uops:1:14: error: 'fresh' on 'y', whose fact 'int' is not a new heap object",
    ),
    "syntax_reuse": (
        _FRESH + "reuse(_B) = _V;\n",
        "uop_defs/a.uops:5:9: error: syntax error: expected ',', found ')'",
    ),
    "reuse_unknown_base": (
        "reuse(_NOPE, l) = _V;\n",
        "uop_defs/a.uops:1:7: error: unknown micro-op '_NOPE' in reuse(_NOPE, l)",
    ),
    "reuse_unknown_variant": (
        _FRESH + "reuse(_B, l) = _V;\n",
        "uop_defs/a.uops:5:16: error: unknown micro-op '_V' in reuse(_B, l)",
    ),
    "reuse_unknown_input": (
        _FRESH + _VARIANT + "reuse(_B, x) = _V;\n",
        "uop_defs/a.uops:6:11: error: _B has no input 'x' for reuse(_B, ...)",
    ),
    "reuse_peeked_input": (
        "op(_P, (l, r -- l, res)) { res = r; }\nop(_V, (l, r -- l, res)) { res = r; }\n"
        "reuse(_P, l) = _V;\n",
        "uop_defs/a.uops:3:11: error: _P peeks 'l' (it stays on the stack): reuse names an input "
        "the micro-op consumes",
    ),
    "reuse_array_input": (
        "op(_P, (ls[oparg] -- res)) { res = ls[0]; }\n"
        "op(_V, (ls[oparg] -- res)) { res = ls[0]; }\nreuse(_P, ls) = _V;\n",
        "uop_defs/a.uops:3:11: error: input 'ls' of _P is an array: reuse names one value",
    ),
    "constant_unknown_hook": (
        "op(_P, (l, r -- res)) { res = r; }\nop(_V, (k/2, l, r -- res)) { res = r; }\n"
        "macro(P) = _P;\nconstant(_P, r, hk) = _V;\n",
        "uop_defs/a.uops:4:17: error: unknown helper 'hk' in constant(_P, r, hk): declare it in a "
        "helper(hk) = pure; line",
    ),
    "constant_other_items": (
        "helper(hk) = pure;\nop(_P, (l, r -- res)) { res = r; }\n"
        "op(_V, (k/2, l, r -- res: int)) { res = r + k; }\nmacro(P) = _P;\n"
        "constant(_P, r, hk) = _V;\n",
        "uop_defs/a.uops:5:23: error: _V must have the items of _P (the same inputs, outputs, "
        "peeks and facts): the optimizer swaps one for the other",
    ),
    "constant_after_array": (
        "helper(hk) = pure;\nop(_P, (ls[oparg], r -- res)) { res = r; }\n"
        "op(_V, (ls[oparg], r -- res)) { res = r; }\nmacro(P) = _P;\n"
        "constant(_P, r, hk) = _V;\n",
        "uop_defs/a.uops:5:14: error: input 'r' of _P comes after an array: constant names an "
        "input below any array",
    ),
    "constant_no_input": (
        "helper(hk) = pure;\nop(_P, (l, r -- res)) { res = r; }\n"
        "op(_V, (k/2, l, r -- res)) { res = r; }\nmacro(P) = _P;\nconstant(_P, x, hk) = _V;\n",
        "uop_defs/a.uops:5:14: error: _P has no input 'x' for constant(_P, ...)",
    ),
    "constant_variant_twice": (
        "helper(hk) = pure;\nhelper(hj) = pure;\nop(_P, (l, r -- res)) { res = r; }\n"
        "op(_V, (k/2, l, r -- res)) { res = r; }\nmacro(P) = _P;\n"
        "constant(_P, r, hk) = _V;\nconstant(_P, l, hj) = _V;\n",
        "uop_defs/a.uops:7:1: error: duplicate constant variant of _P (first defined at "
        "uop_defs/a.uops:6:1)",
    ),
    "constant_variant_in_use": (
        "helper(hk) = pure;\nop(_P, (l, r -- res)) { res = r; }\n"
        "op(_V, (k/2, l, r -- res)) { res = r; }\nmacro(P) = _P;\nmacro(V) = _V;\n"
        "constant(_P, r, hk) = _V;\n",
        "uop_defs/a.uops:6:23: error: _V is part of instruction V, but a constant variant may only "
        "run where the trace optimizer put it: elsewhere its operand is not computed",
    ),
    "reuse_other_stack_effect": (
        _FRESH + "op(_V, (l, r -- res: float)) { res = hw(l, r); }\nreuse(_B, l) = _V;\n",
        "uop_defs/a.uops:6:16: error: _V must have the stack effect of _B (the same caches, "
        "inputs, outputs, peeks and facts): the optimizer swaps one for the other",
    ),
    "reuse_variant_in_instruction": (
        _FRESH + _VARIANT + "macro(C) = _V;\nreuse(_B, l) = _V;\n",
        "uop_defs/a.uops:7:16: error: _V is part of instruction C, but a reuse variant may only "
        "run where the trace optimizer put it: elsewhere its input may be shared",
    ),
    "reuse_tier1_only_variant": (
        _FRESH
        + "op(_V, (l, r -- res: fresh float)) { res = l; (void)r; (void)this_instr; }\n"
        + "reuse(_B, l) = _V;\n",
        "uop_defs/a.uops:6:16: error: _V is tier-1-only, so a trace cannot run it",
    ),
    "reuse_duplicate": (
        _FRESH + _VARIANT + "reuse(_B, l) = _V;\nreuse(_B, l) = _V;\n",
        "uop_defs/a.uops:7:1: error: duplicate definition of reuse(_B, l) (first defined at "
        "uop_defs/a.uops:6:1)",
    ),
    "syntax_stencils_word": (
        _OPARG_UOP + "stencils(_C) = { 1 };\n",
        "uop_defs/a.uops:3:16: error: syntax error: expected 'oparg', found '{'",
    ),
    "syntax_stencils_name_for_number": (
        _OPARG_UOP + "stencils(_C) = oparg { LT };\n",
        "uop_defs/a.uops:3:24: error: syntax error: expected an oparg number, found 'LT'",
    ),
    "syntax_stencils_number_for_name": (
        _OPARG_UOP + "stencils(_C) = oparg(C) { 1 };\n",
        "uop_defs/a.uops:3:27: error: syntax error: expected an oparg name of C, found '1'",
    ),
    "stencils_unknown_uop": (
        _OPARG_UOP + "stencils(_C, _NOPE) = oparg { 1 };\n",
        "uop_defs/a.uops:3:14: error: unknown micro-op '_NOPE' in stencils(_C, _NOPE)",
    ),
    "stencils_without_oparg": (
        "op(_A, (x -- x)) { }\nmacro(A) = _A;\nstencils(_A) = oparg { 1 };\n",
        "uop_defs/a.uops:3:10: error: _A does not use its oparg: one stencil serves every oparg",
    ),
    "stencils_tier1_only": (
        "op(_A, (--)) { (void)oparg; (void)this_instr; }\nmacro(A) = _A;\n"
        "stencils(_A) = oparg { 1 };\n",
        "uop_defs/a.uops:3:10: error: _A is tier-1-only: it has no stencil to compile per oparg",
    ),
    "stencils_no_enumeration": (
        _OPARG_UOP + "stencils(_C) = oparg(D) { LT };\n",
        "uop_defs/a.uops:3:22: error: D has no oparg(...) enumeration to name values in "
        "stencils(_C)",
    ),
    "stencils_unknown_name": (
        _OPARG_UOP + 'oparg(C) { LT = "<", }\nstencils(_C) = oparg(C) { GT };\n',
        "uop_defs/a.uops:4:27: error: 'GT' is not an oparg of C in stencils(_C)",
    ),
    "stencils_too_large": (
        _OPARG_UOP + "stencils(_C) = oparg { 256 };\n",
        "uop_defs/a.uops:3:24: error: oparg 256 in stencils(_C) is above 255, the largest with "
        "its own stencil",
    ),
    "stencils_value_twice": (
        _OPARG_UOP + "stencils(_C) = oparg { 1, 2, 1 };\n",
        "uop_defs/a.uops:3:30: error: oparg 1 listed twice in stencils(_C) (first at "
        "uop_defs/a.uops:3:24)",
    ),
    "stencils_uop_twice": (
        _OPARG_UOP + "stencils(_C) = oparg { 1 };\nstencils(_C) = oparg { 2 };\n",
        "uop_defs/a.uops:4:10: error: _C already has stencils per oparg (declared at "
        "uop_defs/a.uops:3:10)",
    ),
    "too_many_outputs": (
        "op(_A, (-- a, b, c, d, e, f, g, h, i)) { }\n",
        "uop_defs/a.uops:1:1: error: _A has 9 outputs; the metadata's peek mask (qk_uop_facts) "
        "holds 8",
    ),
    "output_unassigned_on_a_branch": (
        "op(_A, (x -- y)) {\n    if (x == QK_NULL) {\n        y = x;\n    }\n}\n",
        "uop_defs/a.uops:1:14: error: output 'y' of _A is not assigned on every path through "
        "its body (a path that does not leave the micro-op must assign it)",
    ),
    "output_unassigned_in_a_loop": (
        "op(_A, (x -- x, y, z)) {\n    z = x;\n    while (z == x) { y = x; }\n}\n",
        "uop_defs/a.uops:1:17: error: output 'y' of _A is not assigned on every path through "
        "its body (a path that does not leave the micro-op must assign it)",
    ),
    "output_unassigned_after_a_guard": (
        "inst(A, (x -- y)) {\n    ERROR_IF(x == QK_NULL);\n}\n",
        "uop_defs/a.uops:1:15: error: output 'y' of _A is not assigned on every path through "
        "its body (a path that does not leave the micro-op must assign it)",
    ),
    "runtime_not_op": (
        "runtime inst(A, (--)) { }\n",
        "uop_defs/a.uops:1:9: error: syntax error: expected 'op' after 'runtime', found 'inst'",
    ),
    "runtime_tier1_only": (
        "runtime op(_A, (--)) { JUMPBY(1); }\n",
        "uop_defs/a.uops:1:1: error: runtime micro-op _A is tier-1-only, so the runtime cannot "
        "put it in a trace",
    ),
    "two_named_caches": (
        "op(_A, (a/1, b/2 --)) { (void)a; (void)b; }\n",
        "uop_defs/a.uops:1:14: error: _A has more than one named cache entry ('a' and 'b'); "
        "a micro-op has one operand in tier 2",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_error(tmp_path: Path, name: str) -> None:
    source, expected = CASES[name]
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 1
    assert result.stderr == expected + "\n"
    assert "Traceback" not in result.stdout + result.stderr


def test_duplicate_across_files_names_earlier_file(tmp_path: Path) -> None:
    result = run_generator(
        tmp_path, {"a.uops": "inst(A, (--)) { }\n", "b.uops": "// again\ninst(A, (--)) { }\n"}
    )
    assert result.returncode == 1
    assert result.stderr == (
        "uop_defs/b.uops:2:1: error: duplicate definition of instruction 'A' "
        "(first defined at uop_defs/a.uops:1:1)\n"
    )


def test_branch_form_may_guard_after_side_effect(tmp_path: Path) -> None:
    """A branch direction's exits resume at the other direction, so it never re-executes."""
    source = (
        "helper(h) = escapes;\n"
        "inst(J, (x -- x)) { JUMPBY(oparg); }\n"
        "op(_J_FALL, (x -- x)) { h(); EXIT_IF(1); }\n"
        "branch(J) { fall: _J_FALL; }\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "uops" / "_J_FALL.c.h").exists()


def test_output_from_local_may_precede_allocation(tmp_path: Path) -> None:
    """A value read with GETLOCAL stays reachable through the frame, so it may be live."""
    source = (
        "helper(h) = allocates;\n"
        "inst(A, (-- v)) { v = GETLOCAL(oparg); if (v == QK_NULL) { h(); } }\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 0, result.stderr


def test_facts_table(tmp_path: Path) -> None:
    """Counts with peeks and unused items (an unused output where an unused input was is a peek:
    _G's middle item), -1 for an array side, whether the stack is left as it was (arrays too),
    the inputs declared `unused` (_G's middle one; not an array),
    facts of the deepest output first, up to the last one known, and per output the input it
    is moved from, plus one (_M's `y = x;`; not _Q's y, assigned twice)."""
    source = (
        "op(_G, (v/1, a, unused, b -- a: int, unused, b: type_version)) { (void)v; }\n"
        "op(_K, (v/1, f, xs[oparg] -- f: func_version, xs[oparg])) { (void)v; }\n"
        "op(_M, (o/2, x -- y, z: operand)) { y = x; z = (QkValue)o; }\n"
        "op(_L, (xs[oparg] -- l: list)) { l = xs[0]; }\n"
        "op(_U, (x -- ys[oparg])) { (void)x; (void)ys; }\n"
        "op(_N, (--)) { }\n"
        "op(_Q, (x -- y)) { if (x == QK_NULL) { y = QK_NONE; } else { y = x; } }\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 0, result.stderr
    metadata = (tmp_path / "out" / "include" / "quack_metadata.h").read_text()
    assert "#define QK_MAX_UOP_ITEMS 3\n" in metadata
    table = metadata[metadata.index("qk_uop_facts[QK_UOP_COUNT]") :]
    table = table[: table.index("};")]
    assert table.splitlines()[1:] == [
        "    [_G] = {3, 3, 0x07, 0x00, 1, 0x02, {QK_FACT_INT, QK_FACT_NONE_KNOWN, "
        "QK_FACT_TYPE_VERSION}, {0}},",
        "    [_K] = {-1, -1, 0x03, 0x00, 1, 0x00, {QK_FACT_FUNC_VERSION}, {0}},",
        "    [_M] = {1, 2, 0x00, 0x00, 0, 0x00, {QK_FACT_NONE_KNOWN, QK_FACT_OPERAND}, {1}},",
        "    [_L] = {-1, 1, 0x00, 0x00, 0, 0x00, {QK_FACT_LIST}, {0}},",
        "    [_U] = {1, -1, 0x00, 0x00, 0, 0x00, {0}, {0}},",
        "    [_N] = {0, 0, 0x00, 0x00, 1, 0x00, {0}, {0}},",
        "    [_Q] = {1, 1, 0x00, 0x00, 0, 0x00, {0}, {0}},",
    ]


def test_reuse_table(tmp_path: Path) -> None:
    """`fresh` outputs in the facts table's fresh mask; reuse variants per base micro-op, by
    input position (0 = deepest), in declaration order."""
    source = (
        _FRESH
        + _VARIANT
        + "op(_W, (l, r -- res: fresh float)) { res = hw(r, l); }\n"
        + "reuse(_B, r) = _W;\nreuse(_B, l) = _V;\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 0, result.stderr
    metadata = (tmp_path / "out" / "include" / "quack_metadata.h").read_text()
    assert "    [_B] = {2, 1, 0x00, 0x01, 0, 0x00, {QK_FACT_FLOAT}, {0}},\n" in metadata
    table = metadata[metadata.index("qk_uop_reuse[QK_UOP_COUNT]") :]
    table = table[: table.index("};")]
    assert table.splitlines()[1:] == ["    [_B] = {2, {{1, _W}, {0, _V}}},"]
    assert (tmp_path / "out" / "uops" / "_V.c.h").exists()


def _expansions(tmp_path: Path) -> str:
    metadata = (tmp_path / "out" / "include" / "quack_metadata.h").read_text()
    return metadata[metadata.index("qk_expansions[256]") : metadata.index("QkBranchForm;")]


def test_specializing_uop_is_left_out_of_traces(tmp_path: Path) -> None:
    """The head keeps its expansion (and its traced micro-ops theirs) without the specializer."""
    source = (
        "op(_S, (c/1, x -- x)) { (void)c; }\n"  # not specializing: just a cache reader
        "specializing op(_SPEC, (c/1, x -- x)) { (void)c; (void)this_instr; }\n"
        "op(_G, (unused/1, x -- x)) { DEOPT_IF(x == QK_NULL); }\n"
        "op(_USE, (x --)) { (void)x; }\n"
        "macro(A) = _SPEC + _USE;\nmacro(A_1) = _G + _USE;\nfamily(A) = { A_1 };\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 0, result.stderr
    expansions = _expansions(tmp_path)
    assert "[A] = {1, {{_USE, 0, 0}}}," in expansions
    assert "[A_1] = {2, {{_G, 0, 0}, {_USE, 0, 0}}}," in expansions
    assert not (tmp_path / "out" / "uops" / "_SPEC.c.h").exists()


def test_specializing_uop_may_precede_a_tier1_only_uop(tmp_path: Path) -> None:
    """A jumping head (like FOR_ITER) may specialize too; it stays tier-1-only, so untraced."""
    source = (
        "specializing op(_SPEC, (c/1, x -- x)) { (void)c; (void)this_instr; }\n"
        "op(_J, (x -- x)) { if (x == QK_NULL) { JUMPBY(oparg); } }\n"
        "inst(J_1, (unused/1, x -- x)) { EXIT_IF(x != QK_NULL); }\n"
        "macro(J) = _SPEC + _J;\nfamily(J) = { J_1 };\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert result.returncode == 0, result.stderr
    assert "[J] =" not in _expansions(tmp_path)
    cases = (tmp_path / "out" / "include" / "quack_tier1_cases.c.h").read_text()
    assert "if (x != QK_NULL) { SPECIALIZATION_MISS(J); goto PREDICTED_J; }" in cases


def test_outputs_assigned_on_every_path_that_stays(tmp_path: Path) -> None:
    """Both branches, a path that leaves, a helper given the output's address, a do body."""
    source = (
        "helper(h) = writes;\n"
        "inst(A, (x -- y, z, w)) {\n"
        "    if (x == QK_NULL) { y = x; } else if (x == QK_TRUE) { DISPATCH(); } else { y = x; }\n"
        "    h(x, &z);\n"
        "    do { w = x; } while (0);\n"
        "}\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert (result.returncode, result.stderr) == (0, "")


UNUSED = (
    "uop_defs/a.uops:{}: warning: micro-op {} is never used: no instruction, branch, trace, "
    "reuse or constant declaration names it (declare it `runtime op` if the runtime puts it in "
    "traces)\n"
)


def test_unused_uop_is_a_warning(tmp_path: Path) -> None:
    """Reported, located, and the outputs are written all the same."""
    source = "op(_USED, (--)) { }\nmacro(A) = _USED;\n\n// nobody's\nop(_UNUSED, (--)) { }\n"
    result = run_generator(tmp_path, {"a.uops": source})
    assert (result.returncode, result.stderr) == (0, UNUSED.format("5:1", "_UNUSED"))
    assert (tmp_path / "out" / "uops" / "_UNUSED.c.h").exists()


def test_uops_the_runtime_or_traces_use_are_used(tmp_path: Path) -> None:
    """A branch or trace form, a reuse variant and a runtime op are used, though no
    instruction names them."""
    source = (
        _FRESH
        + _VARIANT
        + "reuse(_B, l) = _V;\n"
        + "inst(J, (x -- x)) { JUMPBY(oparg); }\n"
        + "op(_J_FALL, (x -- x)) { EXIT_IF(x == QK_NULL); }\n"
        + "branch(J) { fall: _J_FALL; }\n"
        + "inst(R, (x --)) { LEAVE_FRAME(x); }\n"
        + "op(_R_TRACE, (x --)) { RETURN_TO_CALLER(x); }\n"
        + "trace(R) = _R_TRACE;\n"
        + "runtime op(_CHECK, (--)) { }\n"
    )
    result = run_generator(tmp_path, {"a.uops": source})
    assert (result.returncode, result.stderr) == (0, "")


def test_real_definitions_have_no_warnings(tmp_path: Path) -> None:
    shutil.copytree(REPO / "uop_defs", tmp_path / "uop_defs")
    result = run_generator(tmp_path, {})
    assert (result.returncode, result.stderr) == (0, "")
