"""Command line: `python -m frontend PROGRAM.py [-o OUT.qkimg]` or `--dis PROGRAM.py`."""

from __future__ import annotations

import sys


def run(argv: list[str]) -> int:
    # The opcode table is a build product: without it on the path, a message, not a traceback.
    try:
        from .command import main
    except ImportError as error:
        if error.name != "quack_opcodes":
            raise
        print(f"python -m frontend: error: {error.msg}", file=sys.stderr)
        return 1
    return main(argv)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
