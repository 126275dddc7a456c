"""What CPython prints for a program, run inside this (worker) process: starting a CPython per
program would cost more than everything else the fuzzer does."""

from __future__ import annotations

import contextlib
import io
import signal
import warnings
from dataclasses import dataclass
from types import FrameType


@dataclass(frozen=True)
class Reference:
    stdout: str
    error: str | None  # the exception the program let escape (a generator bug), or a timeout


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def run_cpython(source: str, path: str, timeout: int = 20) -> Reference:
    out = io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout)
    try:
        # CPython would print a compiler warning to stderr, which is not compared.
        with contextlib.redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(source, path, "exec"), {"__name__": "__main__", "__file__": path})
    except _Timeout:
        return Reference(out.getvalue(), "timeout")
    except BaseException as error:  # noqa: BLE001 - any escape means the program is no test
        return Reference(out.getvalue(), f"{type(error).__name__}: {error}")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return Reference(out.getvalue(), None)
