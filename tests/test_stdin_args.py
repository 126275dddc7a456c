"""A program's arguments (sys.argv) and standard input (input(), sys.stdin) as CPython gives
them: the arguments after the program's name are the program's, not quack's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import quack_env

READER = """\
import sys

print(sys.argv[1:])
first = input("name? ")
print("hello", first)
line = sys.stdin.readline()
print(repr(line))
for number, text in enumerate(sys.stdin):
    print(number, text.rstrip("\\n").upper())
    if number == 1:
        break
print(repr(sys.stdin.read()))
print(repr(sys.stdin.readline()), sys.stdin.readlines())
try:
    input()
except EOFError as error:
    print("EOFError:", error)
try:
    sys.stdout.readline()
except OSError as error:  # io.UnsupportedOperation in CPython: an OSError too
    print("OSError:", error)
input("last? ")
"""

# CPython's own run of READER on each input; quack must print the same.
INPUTS = {
    "lines": "Ada\nsecond line\nthird\nfourth\nfifth\nsixth\n",
    "no_final_newline": "Ada\nsecond\nthird\nfourth",
    "empty": "",
}


@pytest.mark.parametrize("stdin", INPUTS.values(), ids=INPUTS.keys())
def test_stdin_and_argv_match_cpython(quack: Path, tmp_path: Path, stdin: str) -> None:
    program = tmp_path / "reader.py"
    program.write_text(READER)
    args = ["reader.py", "--flag", "two words", "-"]
    expected = subprocess.run(
        [sys.executable, *args], input=stdin, capture_output=True, text=True, cwd=tmp_path
    )
    result = subprocess.run(
        [str(quack), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
        env=quack_env(),
    )
    assert result.stdout == expected.stdout
    assert result.stderr == expected.stderr
    assert result.returncode == expected.returncode
