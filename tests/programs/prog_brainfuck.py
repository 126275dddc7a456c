# A Brainfuck interpreter: the program is parsed into a list of (op, argument) instructions with
# runs of + - < > folded and brackets matched ahead of time, then executed on a byte tape with
# input from a string; errors for unbalanced brackets and tape underflow.
import io


class BFError(Exception):
    pass


def compile_bf(source):
    code, stack = [], []
    for pos, ch in enumerate(source):
        if ch in "+-<>":
            delta = 1 if ch in "+>" else -1
            op = "add" if ch in "+-" else "move"
            if code and code[-1][0] == op:
                code[-1] = (op, code[-1][1] + delta)
            else:
                code.append((op, delta))
        elif ch == "[":
            stack.append(len(code))
            code.append(["open", None])
        elif ch == "]":
            if not stack:
                raise BFError(f"unmatched ']' at {pos}")
            start = stack.pop()
            code[start][1] = len(code)
            code.append(("close", start))
        elif ch in ".,":
            code.append((ch, 0))
    if stack:
        raise BFError(f"{len(stack)} unmatched '['")
    return [tuple(ins) for ins in code]


def run(source, stdin="", max_steps=2_000_000):
    code = compile_bf(source)
    tape, ptr, pc, steps = bytearray(30000), 0, 0, 0
    out, inp = io.StringIO(), iter(stdin)
    while pc < len(code):
        op, arg = code[pc]
        steps += 1
        if steps > max_steps:
            raise BFError("step limit exceeded")
        if op == "add":
            tape[ptr] = (tape[ptr] + arg) % 256
        elif op == "move":
            ptr += arg
            if ptr < 0:
                raise BFError("tape underflow")
        elif op == "open":
            if not tape[ptr]:
                pc = arg
        elif op == "close":
            if tape[ptr]:
                pc = arg
        elif op == ".":
            out.write(chr(tape[ptr]))
        else:
            tape[ptr] = ord(next(inp, "\0"))
        pc += 1
    return out.getvalue(), steps


HELLO = "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++."
REVERSE = ">,[>,]<[.<]"


def encode(text):
    """A BF program printing text: each character reached from the previous by a multiply loop."""
    parts, current = [], 0
    for ch in text:
        diff = ord(ch) - current
        sign = "+" if diff > 0 else "-"
        tens, ones = divmod(abs(diff), 10)
        loop = f">{'+' * 10}[<{sign * tens}>-]<" if tens else ""
        parts.append(f"{loop}{sign * ones}.")
        current = ord(ch)
    return "".join(parts)


text, steps = run(HELLO)
print(repr(text), steps)
print(run(REVERSE, "stressed")[0])
message = "Brainfuck, encoded from Python: 0123456789 ~!@#"
program = encode(message)
echo, steps = run(program)
print(echo == message, len(program), steps)
for bad in ("[[]", "+]", "<+", "+[]"):
    try:
        print(run(bad, max_steps=1000))
    except BFError as e:
        print(f"{bad!r}: {type(e).__name__}: {e}")
print(compile_bf("+++[->++<]>."))
words = ["quack", "copy-and-patch", "interpreter", "tier two", "JIT!"]
print(sum(run(encode(w * 4))[1] + run(REVERSE, w)[1] for w in words * 6))
