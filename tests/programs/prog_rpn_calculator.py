# A reverse-Polish calculator and an infix-to-RPN converter (shunting-yard) driven by the operator
# module, evaluating a batch of expressions and reporting errors as a user would see them.
import operator

OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
       "//": operator.floordiv, "%": operator.mod, "^": operator.pow}
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "^": 3}


def tokenize(text):
    tokens, i = [], 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "."):
                j += 1
            tokens.append(float(text[i:j]) if "." in text[i:j] else int(text[i:j]))
            i = j
        elif text.startswith("//", i):
            tokens.append("//")
            i += 2
        else:
            tokens.append(c)
            i += 1
    return tokens


def to_rpn(tokens):
    out, stack = [], []
    for token in tokens:
        if isinstance(token, (int, float)):
            out.append(token)
        elif token == "(":
            stack.append(token)
        elif token == ")":
            while stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            while (stack and stack[-1] != "(" and
                   (PRECEDENCE[stack[-1]] > PRECEDENCE[token] or
                    (PRECEDENCE[stack[-1]] == PRECEDENCE[token] and token != "^"))):
                out.append(stack.pop())
            stack.append(token)
    return out + stack[::-1]


def evaluate(rpn):
    stack = []
    for token in rpn:
        if token in OPS:
            b, a = stack.pop(), stack.pop()
            stack.append(OPS[token](a, b))
        else:
            stack.append(token)
    return stack.pop()


for text in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "7 // 2 + 7 % 3", "10 / 4 - 0.5",
             "((2 + 3) * (4 - 1)) ^ 2", "1 / 0", "5 5 +"]:
    try:
        rpn = to_rpn(tokenize(text))
        print(f"{text:28} {' '.join(map(str, rpn)):30} {evaluate(rpn)}")
    except (ZeroDivisionError, IndexError, KeyError) as error:
        print(f"{text:28} error: {type(error).__name__}: {error}")
total = 0
for i in range(1, 300):
    total += evaluate(to_rpn(tokenize(f"{i} * ({i} + 1) // 2 % 97")))
print(total)
