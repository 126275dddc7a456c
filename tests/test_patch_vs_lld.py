"""The proof: runtime/jit/jit_patch.c patches every real stencil exactly as ld.lld links its object.

Builds everything in a temporary directory (micro-op bodies, stencil objects, the header, the
tests/patch_check.c harness), then for each stencil links its object with ld.lld at the addresses
the harness used and compares the bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from elftools.elf.elffile import ELFFile
from stencil_build import as_extracted, build_stencils, harness, helper_symbols, run

from generator.clang import Clang, find_clang
from generator.elf_reader import read_object
from generator.object_model import SectionKind

TARGETS = ("x86_64-linux", "aarch64-linux")
# Near the stencils (within an aarch64 call's ±128 MB): every call is direct, by lld and by us.
HELPER_BASE = 0x14000000
FAR_HELPER = 0x7F0000000000  # beyond any direct reach: a GOT slot or a trampoline must be used
FAR_SYMBOL = "qk_binary_op"
# What lld links a kept trailing jump to _JIT_CONTINUE (the next stencil, i.e. where the jump
# itself stands) as: a jump to itself.
JUMP_TO_SELF = {"x86_64-linux": "e9fbffffff", "aarch64-linux": "00000014"}
# On aarch64 lld would relax a GOT load to an adrp/add or adr where the value is near, and build
# its own veneers: we patch as it links without relaxing, and check trampolines on their own.
LLD_FLAGS = {"x86_64-linux": [], "aarch64-linux": ["--no-relax"]}


@pytest.fixture(scope="module", params=TARGETS)
def built(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    target: str = request.param
    clang = find_clang()
    out = tmp_path_factory.mktemp(target)
    header, objects, shim = build_stencils(clang, out, target)
    names = helper_symbols([*objects, shim], target)
    near = {sym: HELPER_BASE + i * 0x100 for i, sym in enumerate(names)}
    return {
        "target": target,
        "clang": clang,
        "out": out,
        "objects": [*objects, shim],
        "helpers": near,
        "patched": harness(clang, out, target, near, "patch_check"),
    }


def lld_link(
    clang: Clang, target: str, obj: Path, entry: dict[str, Any], work: Path
) -> tuple[bytes, bytes]:
    """Links one stencil object at the harness's addresses; returns its code and data bytes."""
    model = read_object(obj, obj.stem)
    code = [s.name for s in model.sections if s.kind is SectionKind.CODE]
    data = [s.name for s in model.sections if s.kind is SectionKind.DATA]
    # Helpers are defined inside a section: lld never relaxes a GOT load of an absolute symbol
    # (--defsym), but the runtime's helpers are functions in its text.
    helpers = sorted(entry["symbols"].items(), key=lambda item: item[1])
    defined = " ".join(f". = {addr:#x}; {name} = .;" for name, addr in helpers)
    # One input-section description per section, in the object's order: the extractor's layout.
    script = work / f"{obj.stem}.ld"
    script.write_text(
        "SECTIONS {\n"
        f"  .text {entry['code_addr']:#x} : {{ {' '.join(f'*({n})' for n in code)} }}\n"
        # The GOT (when lld keeps one) follows the data, as our slots do.
        f"  .rodata {entry['data_addr']:#x} : {{ {' '.join(f'*({n})' for n in data)} *(.got) }}\n"
        + (f"  .helpers {helpers[0][1]:#x} : {{ {defined} }}\n" if helpers else "")
        + "}\n"
    )
    undefined = {r.symbol.name for r in model.relocations if r.symbol.section is None}
    missing = undefined - entry["values"].keys() - entry["symbols"].keys()
    assert not missing, f"{obj.stem}: harness gave no address for {missing}"
    values = sorted(undefined & entry["values"].keys())
    elf = work / f"{obj.stem}.elf"
    run(
        [
            clang.tool("ld.lld"),
            "-T",
            str(script),
            "-e",
            "_JIT_ENTRY",
            "-o",
            str(elf),
            *LLD_FLAGS[target],
            *(f"--defsym={sym}={entry['values'][sym]:#x}" for sym in values),
            str(obj),
        ]
    )
    with elf.open("rb") as stream:
        linked = ELFFile(stream)
        text, rodata = (linked.get_section_by_name(name) for name in (".text", ".rodata"))
        return (
            b"" if text is None else bytes(text.data()),
            b"" if rodata is None else bytes(rodata.data()),
        )


def test_every_stencil_patches_like_lld(built: dict[str, Any], tmp_path: Path) -> None:
    patched = built["patched"]
    mismatches = []
    ways: list[str] = []
    for obj in built["objects"]:
        name = obj.stem  # the extractor names each stencil after its object, as does the harness
        entry = patched[name]
        assert entry["status"] == 0, name
        code, data = bytes.fromhex(entry["code"]), bytes.fromhex(entry["data"])
        lld_code, lld_data = lld_link(built["clang"], built["target"], obj, entry, tmp_path)
        lld_code, way = as_extracted(lld_code, code, bytes.fromhex(JUMP_TO_SELF[built["target"]]))
        ways.append(way)
        assert entry["trampolines"] == "", name  # every helper is near
        if lld_code != code:
            mismatches.append(f"{name} code:\n  lld  {lld_code.hex()}\n  ours {code.hex()}")
        # After the object's data come our GOT slots (lld relaxed every GOT use away).
        if data[: len(lld_data)] != lld_data:
            mismatches.append(f"{name} data:\n  lld  {lld_data.hex()}\n  ours {data.hex()}")
        slots = data[len(lld_data) :]
        slots = slots[len(slots) % 8 :]
        for i in range(0, len(slots), 8):
            assert int.from_bytes(slots[i : i + 8], "little") in entry["symbols"].values(), name
    assert not mismatches, "\n".join(mismatches)
    assert "dropped" in ways
    assert ("inverted" in ways) == built["target"].startswith("x86_64")


def branch_targets(entry: dict[str, Any]) -> list[int]:
    """Where each aarch64 `bl` of a patched stencil goes."""
    code = bytes.fromhex(entry["code"])
    targets = []
    for at in range(0, len(code), 4):
        word = int.from_bytes(code[at : at + 4], "little")
        if word & 0xFC000000 == 0x94000000:
            offset = (word & 0x3FFFFFF) - ((word & 0x2000000) << 1)
            targets.append(entry["code_addr"] + at + offset * 4)
    return targets


def calls_through_data(entry: dict[str, Any]) -> list[int]:
    """x86_64: where `call *rel32(%rip)` (ff 15) reads a slot of the stencil's data. Other bytes
    ff 15 (inside an immediate or a displacement) point anywhere else."""
    code, data = bytes.fromhex(entry["code"]), bytes.fromhex(entry["data"])
    found = []
    at = code.find(b"\xff\x15")
    while at >= 0 and at + 6 <= len(code):
        rel = int.from_bytes(code[at + 2 : at + 6], "little", signed=True)
        if 0 <= entry["code_addr"] + at + 6 + rel - entry["data_addr"] < len(data):
            found.append(at)
        at = code.find(b"\xff\x15", at + 1)
    return found


def test_calls_are_direct(built: dict[str, Any]) -> None:
    """With helpers near, no stencil calls through memory or a trampoline."""
    direct = 0
    helpers = set(built["helpers"].values())
    for entry in built["patched"].values():
        code = bytes.fromhex(entry["code"])
        if built["target"] == "x86_64-linux":
            assert not calls_through_data(entry), entry
            direct += code.count(b"\x67\xe8")  # a relaxed GOT call
        else:
            assert entry["trampolines"] == ""
            # (the shim calls the first micro-op, _JIT_CONTINUE)
            assert set(branch_targets(entry)) <= helpers | set(entry["values"].values()), entry
            direct += len(branch_targets(entry))
    assert direct > 0


def test_far_helper_is_reached_indirectly(built: dict[str, Any]) -> None:
    """x86_64: the call stays indirect through the stencil's GOT slot. aarch64: the `bl` goes to
    a trampoline, `ldr x16, #8; br x16` and the helper's address, one per helper."""
    clang, out, target = built["clang"], built["out"], built["target"]
    helpers = {**built["helpers"], FAR_SYMBOL: FAR_HELPER}
    far = harness(clang, out, target, helpers, "patch_check_far")
    users = [n for n, e in far.items() if FAR_SYMBOL in e["symbols"]]
    assert users, f"no stencil calls {FAR_SYMBOL}"
    trampoline = bytes.fromhex("5000005800021fd6") + FAR_HELPER.to_bytes(8, "little")
    through_trampoline = 0
    for name in users:
        entry = far[name]
        assert entry["status"] == 0, name
        code, data = bytes.fromhex(entry["code"]), bytes.fromhex(entry["data"])
        if target == "x86_64-linux":
            slot = data.index(FAR_HELPER.to_bytes(8, "little"))
            slot_addr = entry["data_addr"] + slot
            calls = calls_through_data(entry)  # the call stayed indirect, through its slot
            assert calls, name
            rel = int.from_bytes(code[calls[0] + 2 : calls[0] + 6], "little", signed=True)
            assert entry["code_addr"] + calls[0] + 6 + rel == slot_addr, name
            continue
        trampolines = bytes.fromhex(entry["trampolines"])
        if FAR_HELPER.to_bytes(8, "little") not in trampolines:
            continue  # it only loads the helper's address (from a GOT slot), never calls it
        assert len(trampolines) == len(trampoline), name  # one trampoline, however many calls
        assert trampolines == trampoline, name
        calls = [t for t in branch_targets(entry) if t == entry["trampolines_addr"]]
        assert calls, name
        through_trampoline += 1
    assert target == "x86_64-linux" or through_trampoline > 0
