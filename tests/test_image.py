"""A broken code image is refused with one line naming the problem: it never crashes the runtime.

Everything runs under quack-asan, whose AddressSanitizer, UBSan and LeakSanitizer turn a memory
error that happens not to crash into a report we can see.
"""

from __future__ import annotations

import importlib
import os
import random
import re
import struct
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from conftest import OUT, ROOT, quack_env

# The front end's image reader/writer, to build corruptions the verifier must catch one by one.
sys.path[:0] = [str(ROOT), str(OUT / "lib")]
from frontend.carets import NO_CARETS  # noqa: E402
from frontend.codeobject import FLAG_HAS_DOCSTRING, CodeObject  # noqa: E402
from frontend.image import Image, Module, read_image, write_image  # noqa: E402

# A function, a loop that runs long enough to be traced and compiled (threshold 16), strings,
# calls, a big int constant, a bytes constant and a complex one: small, so that every truncation of
# its image (~1300 bytes) can be run.
BIG = 2**64
PROGRAM = f"""\
def count(word, n):
    total = 0
    for i in range(n):
        total = total + i
    print(word + "!", total, total + {BIG}, b"qk", 1.5j)


count("quack", 20)
"""
EXPECTED_STDOUT = f"quack! 190 {190 + BIG} b'qk' 1.5j\n"
IMAGE_NAME = "prog.qkimg"
SANITIZER_MARKERS = ("AddressSanitizer", "runtime error:", "LeakSanitizer")
# Sanitizer reports exit with their own statuses, so 0 and 1 always mean quack's own verdict.
# A huge allocation a corrupted program asks for must reach quack's MemoryError path, not abort.
SANITIZER_ENV = {
    "ASAN_OPTIONS": "exitcode=99:allocator_may_return_null=1",
    "UBSAN_OPTIONS": "exitcode=98:print_stacktrace=1",
}
BROKEN = re.compile(
    r"quack: "
    + re.escape(IMAGE_NAME)
    + r": broken code image: (?P<reason>.+) \(at byte (?P<at>\d+)\)"
)
WORKERS = max(2, os.cpu_count() or 2)


@dataclass(frozen=True)
class Run:
    returncode: int | None  # None: killed by the timeout
    stdout: str
    stderr: str


def run_image(quack_asan: Path, directory: Path, data: bytes, timeout: float = 60) -> Run:
    """Runs `data` as directory/NAME/prog.qkimg; each run gets its own directory (threads)."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / IMAGE_NAME).write_bytes(data)
    try:
        result = subprocess.run(
            [str(quack_asan), "--image", IMAGE_NAME],
            capture_output=True,
            text=True,
            errors="replace",  # a corrupted string constant may print invalid UTF-8
            cwd=directory,
            timeout=timeout,
            env=quack_env(**SANITIZER_ENV),
        )
    except subprocess.TimeoutExpired:
        return Run(None, "", "")
    return Run(result.returncode, result.stdout, result.stderr)


def run_all(quack_asan: Path, base: Path, images: list[bytes], timeout: float = 60) -> list[Run]:
    with ThreadPoolExecutor(WORKERS) as pool:
        return list(
            pool.map(
                lambda item: run_image(quack_asan, base / str(item[0]), item[1], timeout),
                enumerate(images),
            )
        )


def broken_reason(run: Run) -> tuple[str, int]:
    """The reason and byte offset of a refused image; fails unless that is all the run did."""
    assert run.returncode == 1, run
    assert run.stdout == "", run
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    match = BROKEN.fullmatch(lines[0])
    assert match is not None, run.stderr
    return match["reason"], int(match["at"])


@pytest.fixture(scope="module")
def opcodes(out_dir: Path) -> ModuleType:
    return importlib.import_module("quack_opcodes")


@pytest.fixture(scope="module")
def image(out_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    directory = tmp_path_factory.mktemp("image")
    (directory / "prog.py").write_text(PROGRAM)
    env = dict(os.environ, PYTHONPATH=f"{ROOT}:{out_dir / 'lib'}")
    subprocess.run(
        [sys.executable, "-P", "-m", "frontend", "prog.py", "-o", IMAGE_NAME],
        cwd=directory,
        env=env,
        check=True,
        timeout=60,
    )
    data = (directory / IMAGE_NAME).read_bytes()
    # Small enough for one run per truncation, and big enough to hold every part of the format.
    assert 300 <= len(data) <= 1400, len(data)
    return data


def test_valid_image_runs(quack_asan: Path, image: bytes, tmp_path: Path) -> None:
    run = run_image(quack_asan, tmp_path, image)
    assert run == Run(0, EXPECTED_STDOUT, "")


def test_every_truncation_is_refused(quack_asan: Path, image: bytes, tmp_path: Path) -> None:
    runs = run_all(quack_asan, tmp_path, [image[:n] for n in range(len(image))])
    for n, run in enumerate(runs):
        reason, at = broken_reason(run)
        if n < 8:
            assert (reason, at) == ("not a quack code image (bad magic)", 0), n
        else:
            # Every field is read in order, so a cut always shows first as a missing field.
            assert reason.startswith("truncated"), (n, reason)
            assert at <= n, (n, at)


# --- Targeted corruptions -------------------------------------------------------------------


def patched(data: bytes, offset: int, new: bytes) -> bytes:
    return data[:offset] + new + data[offset + len(new) :]


def with_module_code(
    data: bytes, units: Callable[[ModuleType, Image], list[int]], stacksize: int | None = None
) -> bytes:
    """The image with the module's code replaced (one line number per unit)."""
    image = read_image(data)
    module = image.module
    module.code = units(importlib.import_module("quack_opcodes"), image)
    module.lines = [1] * len(module.code)
    module.carets = [(NO_CARETS, NO_CARETS)] * len(module.code)
    if stacksize is not None:
        module.stacksize = stacksize
    return write_image(image)


def unit(opcodes: ModuleType, name: str, oparg: int = 0) -> list[int]:
    """An instruction and its inline cache entries."""
    return [opcodes.OPCODES[name] | oparg << 8] + [0] * opcodes.CACHE_SIZE[name]


def none_index(image: Image) -> int:
    return image.module.consts.index(None)


def return_none(op: ModuleType, image: Image) -> list[int]:
    return unit(op, "LOAD_CONST", none_index(image)) + unit(op, "RETURN_VALUE")


def null_before_callable(op: ModuleType, image: Image) -> list[int]:
    """The module's code with its call's PUSH_NULL swapped with the LOAD_GLOBAL before it."""
    code = image.module.code
    names = {number: name for name, number in op.OPCODES.items()}
    starts, i = [], 0
    while i < len(code):  # instruction by instruction, caches skipped
        starts.append(i)
        i += 1 + op.CACHE_SIZE[names[code[i] & 0xFF]]
    at = starts.index(code.index(op.OPCODES["PUSH_NULL"]))
    load, null = starts[at - 1], starts[at]
    assert code[load] & 0xFF == op.OPCODES["LOAD_GLOBAL"]
    return code[:load] + code[null : null + 1] + code[load:null] + code[null + 1 :]


def with_module_flags(data: bytes, flags: int) -> bytes:
    """The image with these flags added to the module's code (whose first constant is not a
    str)."""
    image = read_image(data)
    assert not isinstance(image.module.consts[0], str)
    image.module.flags |= flags
    return write_image(image)


def with_modules(data: bytes, *names: str) -> bytes:
    """The image with modules of these names, each the program's own code, in its table."""
    image = read_image(data)
    image.modules = [Module(name, "m.py", False, image.module) for name in names]
    return write_image(image)


# One module's entry: its name "m", its package flag (not a package), its filename "m.py".
MODULE_ENTRY = b"\1\0\0\0m" + b"\0" + b"\4\0\0\0m.py"


def with_package_flag(data: bytes, flag: int) -> bytes:
    """The image with one module whose package flag is `flag`."""
    return with_modules(data, "m").replace(
        MODULE_ENTRY, MODULE_ENTRY[:5] + bytes([flag]) + MODULE_ENTRY[6:]
    )


# name -> (the corruption, the reason image.c gives). Verifier cases change the module's own
# code: the module table's count follows it, so the reported offset is 4 bytes before the end.
HEADER_VERSION_AT = 8
HEADER_DIGEST_AT = 12

CORRUPTIONS: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "bad_magic": (lambda d: patched(d, 0, b"QKIMH"), "not a quack code image (bad magic)"),
    "wrong_version": (
        # One past the version the image was written with: the runtime's own, whatever it is.
        lambda d: patched(
            d,
            HEADER_VERSION_AT,
            struct.pack("<I", struct.unpack_from("<I", d, HEADER_VERSION_AT)[0] + 1),
        ),
        "unsupported image version",
    ),
    "wrong_digest": (
        # Same length, different table: the digest is a 16-digit hex string.
        lambda d: patched(d, HEADER_DIGEST_AT + 4, b"0123456789abcdef"),
        "compiled against a different opcode table; recompile it with this quack's front end",
    ),
    "opcode_past_the_table": (
        lambda d: with_module_code(d, lambda op, im: [len(op.OPCODES)] + return_none(op, im)),
        "invalid opcode",
    ),
    "opcode_255": (
        lambda d: with_module_code(d, lambda op, im: [0xFF] + return_none(op, im)),
        "invalid opcode",
    ),
    # Only the runtime may write ENTER_EXECUTOR: an image holding one would index no executor.
    "enter_executor": (
        lambda d: with_module_code(
            d, lambda op, im: unit(op, "ENTER_EXECUTOR") + return_none(op, im)
        ),
        "invalid opcode",
    ),
    # Specialized family members appear only at run time, trusting what the specializer saw.
    "specialized_opcode": (
        lambda d: with_module_code(
            d,
            lambda op, im: (
                unit(op, "LOAD_GLOBAL", 0)
                + unit(op, "PUSH_NULL")
                + unit(op, "CALL_BUILTIN", 0)
                + unit(op, "POP_TOP")
                + return_none(op, im)
            ),
        ),
        "invalid opcode",
    ),
    "load_const_past_the_constants": (
        lambda d: with_module_code(
            d,
            lambda op, im: unit(op, "LOAD_CONST", len(im.module.consts)) + unit(op, "RETURN_VALUE"),
        ),
        "operand out of range",
    ),
    "load_global_past_the_names": (
        lambda d: with_module_code(
            d,
            lambda op, im: unit(op, "LOAD_GLOBAL", len(im.module.names)) + unit(op, "RETURN_VALUE"),
        ),
        "operand out of range",
    ),
    # The operator tables (qk_binary_op_symbols, qk_compare_op_symbols) are indexed by oparg.
    "binary_op_past_the_operators": (
        lambda d: with_module_code(
            d,
            lambda op, im: (
                unit(op, "LOAD_CONST", none_index(im)) * 2
                + unit(op, "BINARY_OP", len(op.OPARG_SYMBOLS["BINARY_OP"]))
                + unit(op, "RETURN_VALUE")
            ),
        ),
        "operand out of range",
    ),
    "compare_op_past_the_operators": (
        lambda d: with_module_code(
            d,
            lambda op, im: (
                unit(op, "LOAD_CONST", none_index(im)) * 2
                + unit(op, "COMPARE_OP", len(op.OPARG_SYMBOLS["COMPARE_OP"]))
                + unit(op, "RETURN_VALUE")
            ),
        ),
        "operand out of range",
    ),
    "jump_forward_past_the_end": (
        lambda d: with_module_code(
            d, lambda op, im: unit(op, "JUMP_FORWARD", 1000) + return_none(op, im)
        ),
        "jump to a place that is not an instruction",
    ),
    "jump_backward_before_the_start": (
        lambda d: with_module_code(
            d, lambda op, im: return_none(op, im)[:1] + unit(op, "JUMP_BACKWARD", 1000)
        ),
        "jump to a place that is not an instruction",
    ),
    "jump_into_an_inline_cache": (
        # JUMP_FORWARD 1 skips LOAD_GLOBAL's opcode and lands on its cache entry.
        lambda d: with_module_code(
            d,
            lambda op, im: (
                unit(op, "JUMP_FORWARD", 1)
                + unit(op, "LOAD_GLOBAL", 0)
                + unit(op, "POP_TOP")
                + return_none(op, im)
            ),
        ),
        "jump to a place that is not an instruction",
    ),
    "stack_underflow": (
        lambda d: with_module_code(d, lambda op, im: unit(op, "POP_TOP") + return_none(op, im)),
        "stack underflow",
    ),
    "stack_deeper_than_stacksize": (
        lambda d: with_module_code(d, return_none, stacksize=0),
        "stack depth exceeds stacksize",
    ),
    "runs_off_the_end": (
        lambda d: with_module_code(d, lambda op, im: return_none(op, im)[:1]),
        "execution runs off the end of the code",
    ),
    # count("quack", 20) with PUSH_NULL moved before LOAD_GLOBAL count: the callable is the NULL.
    "null_callable": (
        lambda d: with_module_code(d, null_before_callable),
        "a null value reaches an instruction that does not accept one",
    ),
    # The NULL that LOAD_METHOD may leave, returned instead of discarded.
    "null_returned": (
        lambda d: with_module_code(
            d,
            lambda op, im: (
                unit(op, "LOAD_CONST", none_index(im))
                + unit(op, "LOAD_METHOD", 0)
                + unit(op, "RETURN_VALUE")
            ),
            stacksize=2,
        ),
        "a null value reaches an instruction that does not accept one",
    ),
    # RERAISE uses its input as an exception: only a handler's (PUSH_EXC_INFO, COPY, ...) is one.
    "reraise_of_a_non_exception": (
        lambda d: with_module_code(
            d, lambda op, im: unit(op, "LOAD_CONST", none_index(im)) + unit(op, "RERAISE")
        ),
        "a value that may not be an exception reaches an instruction that needs one",
    ),
    "trailing_bytes": (lambda d: d + b"\0", "trailing bytes after the modules"),
    "docstring_flag_without_a_docstring": (
        lambda d: with_module_flags(d, FLAG_HAS_DOCSTRING),
        "docstring flag without a str first constant",
    ),
    "module_package_flag": (lambda d: with_package_flag(d, 2), "bad module entry"),
    "module_named_twice": (lambda d: with_modules(d, "m", "m"), "bad module name"),
    "module_without_a_name": (lambda d: with_modules(d, ""), "bad module name"),
}


def expected_offset(name: str, corrupted: bytes) -> int:
    if name == "bad_magic":
        return 0
    if name == "wrong_version":
        return HEADER_VERSION_AT + 4
    if name == "wrong_digest":
        return HEADER_DIGEST_AT + 4 + 16
    if name == "trailing_bytes":
        return len(corrupted) - 1  # it stopped where the module table ended
    if name == "module_package_flag":
        return corrupted.index(MODULE_ENTRY[:5] + b"\2") + 5  # at the flag
    if name.startswith("module_"):
        return len(corrupted)  # after the module's code
    return len(corrupted) - 4


def test_module_code_replacement_is_valid(
    quack_asan: Path, image: bytes, tmp_path: Path, opcodes: ModuleType
) -> None:
    """The control for the verifier cases: replacing the module's code alone breaks nothing."""
    run = run_image(quack_asan, tmp_path, with_module_code(image, return_none))
    assert run == Run(0, "", "")


@pytest.mark.parametrize("name", CORRUPTIONS)
def test_corruption_is_refused(
    quack_asan: Path, image: bytes, tmp_path: Path, opcodes: ModuleType, name: str
) -> None:
    corrupt, reason = CORRUPTIONS[name]
    corrupted = corrupt(image)
    assert corrupted != image
    run = run_image(quack_asan, tmp_path, corrupted)
    assert broken_reason(run) == (reason, expected_offset(name, corrupted))


def big_constant(data: bytes) -> int:
    """Where BIG's constant starts in the image: tag 9, sign 0, 3 digits of 30 bits."""
    encoding = bytes([9, 0]) + struct.pack("<4I", 3, 0, 0, 16)
    assert data.count(encoding) == 1
    return data.index(encoding)


# Each a canonical big int's encoding broken one way: a digit of more than 30 bits, a zero at the
# top, a value the tagged range holds (which the runtime never makes a big int), a sign byte of 2.
BIG_INT_CORRUPTIONS = {
    "digit_over_30_bits": (6 + 4, struct.pack("<I", 1 << 30)),
    "top_digit_zero": (6 + 8, struct.pack("<I", 0)),
    "small_value": (6 + 8, struct.pack("<I", 1)),
    "sign_2": (1, bytes([2])),
}


@pytest.mark.parametrize("name", BIG_INT_CORRUPTIONS)
def test_malformed_big_int_constant_is_refused(
    quack_asan: Path, image: bytes, tmp_path: Path, name: str
) -> None:
    start = big_constant(image)
    offset, new = BIG_INT_CORRUPTIONS[name]
    run = run_image(quack_asan, tmp_path, patched(image, start + offset, new))
    # The reader stops after the constant's 18 bytes.
    assert broken_reason(run) == ("malformed big integer constant", start + 18)


def test_bytes_constant_past_the_end_is_refused(
    quack_asan: Path, image: bytes, tmp_path: Path
) -> None:
    """A bytes constant (tag 10, u32 length, the bytes) longer than what is left of the image."""
    encoding = bytes([10]) + struct.pack("<I", 2) + b"qk"
    assert image.count(encoding) == 1
    start = image.index(encoding)
    run = run_image(quack_asan, tmp_path, patched(image, start + 1, struct.pack("<I", 1 << 20)))
    # The reader stops after the length.
    assert broken_reason(run) == ("truncated bytes", start + 5)


def test_complex_constant_cut_after_its_real_part_is_refused(
    quack_asan: Path, image: bytes, tmp_path: Path
) -> None:
    """A complex constant (tag 11, f64 real, f64 imag) whose imaginary part is missing."""
    encoding = bytes([11]) + struct.pack("<dd", 0.0, 1.5)
    assert image.count(encoding) == 1
    start = image.index(encoding)
    run = run_image(quack_asan, tmp_path, image[: start + 11])
    # The reader stops at the imaginary part.
    assert broken_reason(run) == ("truncated", start + 9)


def test_make_function_of_a_non_code_constant_fails_cleanly(
    quack_asan: Path, image: bytes, tmp_path: Path, opcodes: ModuleType
) -> None:
    """MAKE_FUNCTION of a string, then a call of the result: refused, or a Python exception."""
    parsed = read_image(image)
    module = parsed.module
    load_const = opcodes.OPCODES["LOAD_CONST"]
    assert module.code[:2] == [load_const, opcodes.OPCODES["MAKE_FUNCTION"]]  # consts[0]: code
    module.code[0] = load_const | module.consts.index("quack") << 8
    corrupted = write_image(parsed)
    run = run_image(quack_asan, tmp_path, corrupted)
    assert [m for m in SANITIZER_MARKERS if m in run.stderr] == [], run.stderr
    assert run.returncode == 1, run
    last = run.stderr.splitlines()[-1]
    assert BROKEN.fullmatch(last) or re.fullmatch(r"\w+Error: .+", last), run.stderr


def test_inline_caches_in_the_image_are_not_trusted(
    quack_asan: Path, image: bytes, tmp_path: Path, opcodes: ModuleType
) -> None:
    """Caches are the runtime's state: a JUMP_BACKWARD counter with any bits set changes nothing."""
    parsed = read_image(image)
    function = parsed.module.consts[0]
    assert isinstance(function, CodeObject)
    names = {code: name for name, code in opcodes.OPCODES.items()}
    jumps, i = [], 0
    while i < len(function.code):  # instruction by instruction, caches skipped
        name = names[function.code[i] & 0xFF]
        if name == "JUMP_BACKWARD":
            jumps.append(i)
        i += 1 + opcodes.CACHE_SIZE[name]
    # The loop's back edge, whose counter is one cache unit.
    assert len(jumps) == 1 and opcodes.CACHE_SIZE["JUMP_BACKWARD"] == 1
    function.code[jumps[0] + 1] = 0xFFFFFFFF
    run = run_image(quack_asan, tmp_path, write_image(parsed))
    assert run == Run(0, EXPECTED_STDOUT, "")


# --- Random corruption ----------------------------------------------------------------------

FUZZ_SEED = 20240607
FUZZ_IMAGES = 300
FUZZ_TIMEOUT = 5.0


def flipped(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] ^= rng.randint(1, 255)
    return bytes(out)


def test_random_byte_flips_never_crash(quack_asan: Path, image: bytes, tmp_path: Path) -> None:
    rng = random.Random(FUZZ_SEED)
    images = [flipped(rng, image) for _ in range(FUZZ_IMAGES)]
    runs = run_all(quack_asan, tmp_path, images, timeout=FUZZ_TIMEOUT)
    failures = []
    for index, run in enumerate(runs):
        if run.returncode is None:
            continue  # a flipped loop bound may loop forever: that is the program, not quack
        reported = [m for m in SANITIZER_MARKERS if m in run.stderr]
        if run.returncode not in (0, 1) or reported:
            failures.append((index, run.returncode, run.stderr[-2000:]))
    timeouts = sum(run.returncode is None for run in runs)
    # Most runs must end by themselves, or the fuzz would be testing nothing.
    assert timeouts < FUZZ_IMAGES // 10, timeouts
    assert failures == [], f"{len(failures)} of {FUZZ_IMAGES} (seed {FUZZ_SEED}): {failures[:3]}"
