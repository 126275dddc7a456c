"""Regular expressions, as CPython's re for the syntax programs use: literals, `.`, classes
(`[a-z]`, `[^...]`, `\\d \\w \\s` and their negations), anchors (`^ $ \\A \\Z \\b \\B`), greedy
and lazy quantifiers (`* + ? {m,n}`), groups (capturing, `(?:...)`, `(?P<name>...)`),
alternation, backreferences (`\\1`, `(?P=name)`), lookahead (`(?=...)`, `(?!...)`), fixed-width
lookbehind (`(?<=...)`, `(?<!...)`), the flags IGNORECASE, MULTILINE, DOTALL and VERBOSE, also
inline (`(?im)` at the start, `(?i:...)`, `(?-i:...)`). Matching backtracks like sre, so it finds
the same match. Other syntax (conditionals, possessive quantifiers...) raises re.error.

search, match, fullmatch, findall, finditer, sub, subn, split, escape, compile; Match objects
with group, groups, groupdict, start, end, span, expand and CPython's repr."""

__all__ = [
    "compile",
    "search",
    "match",
    "fullmatch",
    "findall",
    "finditer",
    "sub",
    "subn",
    "split",
    "escape",
    "error",
    "Pattern",
    "Match",
    "IGNORECASE",
    "I",
    "MULTILINE",
    "M",
    "DOTALL",
    "S",
    "VERBOSE",
    "X",
    "ASCII",
    "A",
]

IGNORECASE = I = 2  # noqa: E741 (CPython's name)
MULTILINE = M = 8
DOTALL = S = 16
VERBOSE = X = 64
ASCII = A = 256
_FLAG_NAMES = [
    (IGNORECASE, "re.IGNORECASE"),
    (MULTILINE, "re.MULTILINE"),
    (DOTALL, "re.DOTALL"),
    (VERBOSE, "re.VERBOSE"),
    (ASCII, "re.ASCII"),
]


class error(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        super().__init__(msg if pos is None else f"{msg} at position {pos}")


# -- parsing ------------------------------------------------------------------------------------

_CATEGORIES = "dDwWsS"
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "0": "\0"}
_REPEAT_CHARS = "*+?{"
# The inline flag letters: ASCII and UNICODE only say what a str pattern means already.
_INLINE_FLAGS = {
    "a": ASCII,
    "i": IGNORECASE,
    "L": 4,
    "m": MULTILINE,
    "s": DOTALL,
    "u": 32,
    "x": VERBOSE,
}
_ZERO_WIDTH = ("bol", "eol", "A", "Z", "b", "B", "look", "behind")


def _width(node):
    """How many characters node always matches, or None when that varies (lookbehind needs it)."""
    kind = node[0]
    if kind in ("lit", "any", "class"):
        return 1
    if kind in _ZERO_WIDTH:
        return 0
    if kind == "seq":
        widths = [_width(item) for item in node[1]]
        return None if None in widths else sum(widths)
    if kind == "alt":
        widths = {_width(branch) for branch in node[1]}
        return widths.pop() if len(widths) == 1 else None
    if kind == "group":
        return _width(node[2])
    if kind == "flags":
        return _width(node[3])
    if kind == "repeat" and node[2] == node[3]:
        width = _width(node[1])
        return None if width is None else width * node[2]
    return None


class _Parser:
    def __init__(self, pattern, flags):
        self.pattern = pattern
        self.flags = flags
        self.pos = 0
        self.groups = 0
        self.names = {}
        self.global_end = 0  # global inline flags may only come before this position

    def fail(self, msg, pos=None):
        raise error(msg, self.pattern, self.pos if pos is None else pos)

    def peek(self):
        return self.pattern[self.pos] if self.pos < len(self.pattern) else None

    def parse(self):
        node = self.alternation()
        if self.pos < len(self.pattern):
            self.fail("unbalanced parenthesis")
        return node

    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == "|":
            self.pos += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else ("alt", branches)

    def skip_verbose(self):
        while self.pos < len(self.pattern):
            c = self.pattern[self.pos]
            if c in " \t\n\r\f\v":
                self.pos += 1
            elif c == "#":
                while self.pos < len(self.pattern) and self.pattern[self.pos] != "\n":
                    self.pos += 1
            else:
                break

    def sequence(self):
        items = []
        while True:
            if self.flags & VERBOSE:
                self.skip_verbose()
            c = self.peek()
            if c is None or c in "|)":
                break
            start = self.pos
            atom = self.atom()
            if self.flags & VERBOSE:
                self.skip_verbose()
            c = self.peek()
            if c is not None and c in _REPEAT_CHARS:
                atom = self.repeat(atom, start)
            items.append(atom)
        return items[0] if len(items) == 1 else ("seq", items)

    def repeat(self, atom, start):
        c = self.pattern[self.pos]
        if c == "{":
            bounds = self.braces()
            if bounds is None:
                return atom
            low, high = bounds
        else:
            self.pos += 1
            low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        if atom[0] in ("bol", "eol", "A", "Z", "b", "B", "look") or atom == ("seq", []):
            self.fail("nothing to repeat", start)
        greedy = True
        if self.peek() == "?":
            self.pos += 1
            greedy = False
        elif self.peek() == "+":
            self.fail("possessive quantifiers are not supported by quack's re")
        c = self.peek()
        if c is not None and c in "*+?" or (c == "{" and self.brace_ahead()):
            self.fail("multiple repeat")
        return ("repeat", atom, low, high, greedy)

    def brace_ahead(self):
        save = self.pos
        found = self.braces() is not None
        self.pos = save
        return found

    def braces(self):
        # {m}, {m,}, {,n}, {m,n}; anything else is a literal "{".
        end = self.pattern.find("}", self.pos)
        if end < 0:
            return None
        body = self.pattern[self.pos + 1 : end]
        low, comma, high = body.partition(",")
        if not (low.isdigit() or (comma and not low)) or (high and not high.isdigit()):
            return None
        if not comma and not low:
            return None
        low_n = int(low) if low else 0
        high_n = int(high) if high else (None if comma else low_n)
        if high_n is not None and high_n < low_n:
            self.fail("min repeat greater than max repeat", self.pos + 1)
        self.pos = end + 1
        return low_n, high_n

    def atom(self):
        c = self.pattern[self.pos]
        self.pos += 1
        if c == ".":
            return ("any",)
        if c == "^":
            return ("bol",)
        if c == "$":
            return ("eol",)
        if c == "(":
            return self.group()
        if c == "[":
            return self.char_class()
        if c == "\\":
            return self.escape()
        if c in "*+?":
            self.fail("nothing to repeat", self.pos - 1)
        return ("lit", c)

    def group(self):
        start = self.pos - 1
        index = name = None
        if self.pattern.startswith("?:", self.pos):
            self.pos += 2
        elif self.pattern.startswith("?P<", self.pos):
            end = self.pattern.find(">", self.pos)
            if end < 0:
                self.fail("missing >, unterminated name", self.pos + 3)
            name = self.pattern[self.pos + 3 : end]
            if not name.isidentifier():
                self.fail(f"bad character in group name {name!r}", self.pos + 3)
            if name in self.names:
                self.fail(
                    f"redefinition of group name {name!r} as group {self.groups + 1}; "
                    f"was group {self.names[name]}",
                    self.pos + 3,
                )
            self.pos = end + 1
            self.groups += 1
            index = self.groups
            self.names[name] = index
        elif self.pattern.startswith("?P=", self.pos):
            end = self.pattern.find(")", self.pos)
            name = self.pattern[self.pos + 3 : end]
            if name not in self.names:
                self.fail(f"unknown group name {name!r}", self.pos + 3)
            self.pos = end + 1
            return ("backref", self.names[name])
        elif self.pattern.startswith("?=", self.pos) or self.pattern.startswith("?!", self.pos):
            negate = self.pattern[self.pos + 1] == "!"
            self.pos += 2
            node = self.alternation()
            self.close(start)
            return ("look", node, negate)
        elif self.pattern.startswith("?<=", self.pos) or self.pattern.startswith("?<!", self.pos):
            negate = self.pattern[self.pos + 2] == "!"
            self.pos += 3
            node = self.alternation()
            self.close(start)
            width = _width(node)
            if width is None:
                raise error("look-behind requires fixed-width pattern")
            return ("behind", node, negate, width)
        elif self.pattern.startswith("?#", self.pos):
            end = self.pattern.find(")", self.pos)
            if end < 0:
                self.fail("missing ), unterminated comment", start)
            self.pos = end + 1
            return ("seq", [])
        elif self.peek() == "?" and self.pos + 1 < len(self.pattern):
            if self.pattern[self.pos + 1] in _INLINE_FLAGS or self.pattern[self.pos + 1] == "-":
                return self.inline_flags(start)
            end = self.pos + 2 + (self.pattern[self.pos + 1] == "<")
            if end > len(self.pattern):
                self.fail("unexpected end of pattern", len(self.pattern))
            self.fail(f"unknown extension {self.pattern[self.pos : end]}", self.pos)
        elif self.peek() == "?":
            self.fail("unexpected end of pattern", self.pos + 1)
        else:
            self.groups += 1
            index = self.groups
        node = self.alternation()
        self.close(start)
        return ("group", index, node)

    def flag_letters(self):
        flags = 0
        while self.peek() is not None and self.peek().isalpha():
            letter = self.pattern[self.pos]
            if letter not in _INLINE_FLAGS:
                self.fail("unknown flag")
            if letter == "L":
                self.fail("bad inline flags: cannot use 'L' flag with a str pattern", self.pos + 1)
            flags |= _INLINE_FLAGS[letter]
            self.pos += 1
        return flags

    def inline_flags(self, start):
        """(?flags) for the whole pattern, or (?on-off:...) for the group's own."""
        self.pos += 1
        on = self.flag_letters()
        off = 0
        if self.peek() == "-":
            self.pos += 1
            if self.peek() is None or not self.peek().isalpha():
                self.fail("missing flag")
            off = self.flag_letters()
            if on & off:
                self.fail("bad inline flags: flag turned on and off", self.pos)
            if self.peek() != ":":
                self.fail("missing :")
        if self.peek() == ")":
            if start != self.global_end:
                self.fail("global flags not at the start of the expression", start)
            self.pos += 1
            self.flags |= on
            self.global_end = self.pos
            return ("seq", [])
        if self.peek() != ":":
            self.fail("missing -, : or )")
        self.pos += 1
        outer = self.flags
        self.flags = (outer | on) & ~off
        node = self.alternation()
        self.flags = outer
        self.close(start)
        return ("flags", on, off, node)

    def close(self, start):
        if self.peek() != ")":
            self.fail("missing ), unterminated subpattern", start)
        self.pos += 1

    def escape(self):
        if self.pos >= len(self.pattern):
            self.fail("bad escape (end of pattern)", self.pos - 1)
        c = self.pattern[self.pos]
        self.pos += 1
        if c in _CATEGORIES:
            return ("class", False, [c])
        if c in "AZbB":
            return (c,)
        if c.isdigit() and c != "0":
            number = c
            while self.peek() is not None and self.peek().isdigit() and len(number) < 2:
                number += self.pattern[self.pos]
                self.pos += 1
            index = int(number)
            if index > self.groups:
                self.fail(f"invalid group reference {index}", self.pos - len(number))
            return ("backref", index)
        return ("lit", self.escaped_char(c))

    def escaped_char(self, c):
        if c in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[c]
        if c == "x":
            digits = self.pattern[self.pos : self.pos + 2]
            self.pos += 2
            return chr(int(digits, 16))
        if c == "u":
            digits = self.pattern[self.pos : self.pos + 4]
            self.pos += 4
            return chr(int(digits, 16))
        if c.isalnum():
            self.fail(f"bad escape \\{c}", self.pos - 2)
        return c

    def char_class(self):
        start = self.pos - 1
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        items = []
        first = True
        while True:
            c = self.peek()
            if c is None:
                self.fail("unterminated character set", start)
            if c == "]" and not first:
                self.pos += 1
                break
            first = False
            self.pos += 1
            if c == "\\":
                e = self.pattern[self.pos]
                self.pos += 1
                if e in _CATEGORIES:
                    items.append(e)
                    continue
                c = "\b" if e == "b" else self.escaped_char(e)
            if (
                self.peek() == "-"
                and self.pos + 1 < len(self.pattern)
                and self.pattern[self.pos + 1] != "]"
            ):
                self.pos += 1
                high = self.pattern[self.pos]
                self.pos += 1
                if high == "\\":
                    high = self.escaped_char(self.pattern[self.pos])
                    self.pos += 1
                if high < c:
                    self.fail(f"bad character range {c}-{high}", self.pos - 3)
                items.append((c, high))
            else:
                items.append((c, c))
        return ("class", negated, items)


# -- matching -----------------------------------------------------------------------------------


def _is_word(c):
    return c.isalnum() or c == "_"


def _category(code, c):
    if code == "d":
        return c.isdigit()
    if code == "D":
        return not c.isdigit()
    if code == "w":
        return _is_word(c)
    if code == "W":
        return not _is_word(c)
    if code == "s":
        return c in " \t\n\r\f\v" or c.isspace()
    return not (c in " \t\n\r\f\v" or c.isspace())


def _in_class(items, c, ignorecase):
    for item in items:
        if isinstance(item, str):
            if _category(item, c):
                return True
        elif item[0] <= c <= item[1]:
            return True
        elif ignorecase:
            for variant in (c.lower(), c.upper()):
                if item[0] <= variant <= item[1]:
                    return True
    return False


class _Matcher:
    def __init__(self, pattern, string):
        self.pattern = pattern
        self.string = string
        self.flags = pattern.flags
        self.marks = [None] * (pattern.groups + 1)

    def single(self, node, pos):
        """Whether a one-character node matches at pos."""
        string = self.string
        if pos >= len(string):
            return False
        c = string[pos]
        kind = node[0]
        if kind == "lit":
            return c == node[1] or (self.flags & IGNORECASE and c.lower() == node[1].lower())
        if kind == "any":
            return c != "\n" or self.flags & DOTALL
        return _in_class(node[2], c, self.flags & IGNORECASE) != node[1]

    def match(self, node, pos, k):
        kind = node[0]
        string = self.string
        if kind in ("lit", "any", "class"):
            return k(pos + 1) if self.single(node, pos) else None
        if kind == "seq":
            return self.sequence(node[1], 0, pos, k)
        if kind == "alt":
            for branch in node[1]:
                result = self.match(branch, pos, k)
                if result is not None:
                    return result
            return None
        if kind == "group":
            index = node[1]
            if index is None:
                return self.match(node[2], pos, k)
            saved = self.marks[index]

            def close(end):
                inner = self.marks[index]
                self.marks[index] = (pos, end)
                result = k(end)
                if result is None:
                    self.marks[index] = inner
                return result

            result = self.match(node[2], pos, close)
            if result is None:
                self.marks[index] = saved
            return result
        if kind == "repeat":
            return self.repeat(node, pos, k)
        if kind == "bol":
            ok = pos == 0 or (self.flags & MULTILINE and string[pos - 1] == "\n")
            return k(pos) if ok else None
        if kind == "eol":
            n = len(string)
            ok = (
                pos == n
                or (pos == n - 1 and string[pos] == "\n")
                or (self.flags & MULTILINE and string[pos] == "\n")
            )
            return k(pos) if ok else None
        if kind == "A":
            return k(pos) if pos == 0 else None
        if kind == "Z":
            return k(pos) if pos == len(string) else None
        if kind in ("b", "B"):
            before = pos > 0 and _is_word(string[pos - 1])
            after = pos < len(string) and _is_word(string[pos])
            return k(pos) if (before != after) == (kind == "b") else None
        if kind == "backref":
            mark = self.marks[node[1]]
            if mark is None:
                return None
            text = string[mark[0] : mark[1]]
            candidate = string[pos : pos + len(text)]
            same = candidate == text or (
                self.flags & IGNORECASE and candidate.lower() == text.lower()
            )
            return k(pos + len(text)) if same else None
        if kind == "flags":
            return self.scoped(node, pos, k)
        # lookahead, or lookbehind: the fixed width before pos must end at pos
        saved = list(self.marks)
        if kind == "behind":
            start = pos - node[3]
            found = (
                start >= 0
                and self.match(node[1], start, lambda end: end if end == pos else None) is not None
            )
        else:
            found = self.match(node[1], pos, lambda end: end) is not None
        if found == node[2]:
            self.marks = saved
            return None
        if node[2]:
            self.marks = saved
        return k(pos)

    def scoped(self, node, pos, k):
        """(?on-off:...): its flags inside, the outer ones again in what follows it."""
        outer = self.flags
        inner = (outer | node[1]) & ~node[2]

        def leave(end):
            self.flags = outer
            result = k(end)
            self.flags = inner
            return result

        self.flags = inner
        result = self.match(node[3], pos, leave)
        self.flags = outer
        return result

    def sequence(self, nodes, i, pos, k):
        if i == len(nodes):
            return k(pos)
        return self.match(nodes[i], pos, lambda p: self.sequence(nodes, i + 1, p, k))

    def repeat(self, node, pos, k):
        _, item, low, high, greedy = node
        if item[0] in ("lit", "any", "class"):
            # One character at a time: count the run, then try the continuation from it.
            limit = len(self.string) if high is None else min(len(self.string), pos + high)
            end = pos
            while end < limit and self.single(item, end):
                end += 1
            if end - pos < low:
                return None
            if greedy:
                for stop in range(end, pos + low - 1, -1):
                    result = k(stop)
                    if result is not None:
                        return result
                return None
            for stop in range(pos + low, end + 1):
                result = k(stop)
                if result is not None:
                    return result
            return None
        return self.repeat_general(item, low, high, greedy, pos, 0, k)

    def repeat_general(self, item, low, high, greedy, pos, count, k):
        def more(end):
            if end == pos and count >= low:
                return None  # an empty iteration cannot make progress
            return self.repeat_general(item, low, high, greedy, end, count + 1, k)

        if count < low:
            return self.match(item, pos, more)
        can_more = high is None or count < high
        if greedy:
            if can_more:
                result = self.match(item, pos, more)
                if result is not None:
                    return result
            return k(pos)
        result = k(pos)
        if result is not None or not can_more:
            return result
        return self.match(item, pos, more)


class Match:
    def __init__(self, pattern, string, pos, endpos, marks):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._marks = marks
        last = None
        for index in range(1, len(marks)):
            if marks[index] is not None:
                if last is None or marks[index][1] >= marks[last][1]:
                    last = index
        self.lastindex = last

    def _index(self, group):
        if isinstance(group, str):
            if group not in self.re.groupindex:
                raise IndexError("no such group")
            return self.re.groupindex[group]
        if not isinstance(group, int) or not 0 <= group < len(self._marks):
            raise IndexError("no such group")
        return group

    def _get(self, index, default=None):
        mark = self._marks[index]
        return default if mark is None else self.string[mark[0] : mark[1]]

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(self._index(groups[0]))
        return tuple(self._get(self._index(g)) for g in groups)

    def __getitem__(self, group):
        return self._get(self._index(group))

    def groups(self, default=None):
        return tuple(self._get(i, default) for i in range(1, len(self._marks)))

    def groupdict(self, default=None):
        return {name: self._get(i, default) for name, i in self.re.groupindex.items()}

    def start(self, group=0):
        mark = self._marks[self._index(group)]
        return -1 if mark is None else mark[0]

    def end(self, group=0):
        mark = self._marks[self._index(group)]
        return -1 if mark is None else mark[1]

    def span(self, group=0):
        return self.start(group), self.end(group)

    @property
    def lastgroup(self):
        for name, index in self.re.groupindex.items():
            if index == self.lastindex:
                return name
        return None

    def expand(self, template):
        return _expand(self.re, template, self)

    def __bool__(self):
        return True

    def __repr__(self):
        return f"<re.Match object; span={self.span()!r}, match={self.group()!r}>"


class Pattern:
    def __init__(self, pattern, flags):
        self.pattern = pattern
        parser = _Parser(pattern, flags)
        self._node = parser.parse()
        # A str pattern is UNICODE unless it says ASCII, as CPython reports it.
        unicode = isinstance(pattern, str) and not parser.flags & ASCII
        self.flags = parser.flags | (32 if unicode else 0)
        self.groups = parser.groups
        self.groupindex = dict(parser.names)

    def __repr__(self):
        flags = [name for bit, name in _FLAG_NAMES if self.flags & bit]
        text = f"re.compile({self.pattern!r}"
        return text + (", " + "|".join(flags) + ")" if flags else ")")

    def __eq__(self, other):
        return isinstance(other, Pattern) and (self.pattern, self.flags) == (
            other.pattern,
            other.flags,
        )

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def _at(self, string, pos, endpos, full=False, allow_empty=True):
        text = string if endpos is None else string[:endpos]
        matcher = _Matcher(self, text)

        def accept(end):
            if full and end != len(text):
                return None
            if not allow_empty and end == pos:
                return None
            return end

        end = matcher.match(self._node, pos, accept)
        if end is None:
            return None
        matcher.marks[0] = (pos, end)
        return Match(self, string, pos, len(text), matcher.marks)

    def _search(self, string, pos, endpos, must_advance=False):
        limit = len(string) if endpos is None else min(endpos, len(string))
        for start in range(max(pos, 0), limit + 1):
            found = self._at(string, start, endpos, allow_empty=not (must_advance and start == pos))
            if found is not None:
                return found
        return None

    def search(self, string, pos=0, endpos=None):
        _check_str(string)
        return self._search(string, pos, endpos)

    def match(self, string, pos=0, endpos=None):
        _check_str(string)
        return self._at(string, pos, endpos)

    def fullmatch(self, string, pos=0, endpos=None):
        _check_str(string)
        return self._at(string, pos, endpos, full=True)

    def finditer(self, string, pos=0, endpos=None):
        _check_str(string)
        must_advance = False
        limit = len(string) if endpos is None else endpos
        while pos <= limit:
            found = self._search(string, pos, endpos, must_advance)
            if found is None:
                return
            yield found
            must_advance = found.end() == found.start()
            pos = found.end()

    def findall(self, string, pos=0, endpos=None):
        result = []
        for found in self.finditer(string, pos, endpos):
            if self.groups == 0:
                result.append(found.group())
            elif self.groups == 1:
                result.append(found.groups("")[0])
            else:
                result.append(found.groups(""))
        return result

    def subn(self, repl, string, count=0):
        _check_str(string)
        pieces = []
        last = 0
        n = 0
        for found in self.finditer(string):
            pieces.append(string[last : found.start()])
            pieces.append(repl(found) if callable(repl) else _expand(self, repl, found))
            last = found.end()
            n += 1
            if count and n == count:
                break
        pieces.append(string[last:])
        return "".join(pieces), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def split(self, string, maxsplit=0):
        _check_str(string)
        pieces = []
        last = 0
        n = 0
        for found in self.finditer(string):
            if maxsplit and n == maxsplit:
                break
            pieces.append(string[last : found.start()])
            pieces.extend(found.groups())
            last = found.end()
            n += 1
        pieces.append(string[last:])
        return pieces


def _check_str(string):
    if not isinstance(string, str):
        raise TypeError(f"expected string or bytes-like object, got '{type(string).__name__}'")


def _expand(pattern, template, found):
    out = []
    i = 0
    while i < len(template):
        c = template[i]
        if c != "\\" or i + 1 == len(template):
            out.append(c)
            i += 1
            continue
        e = template[i + 1]
        if e == "g":
            end = template.find(">", i)
            name = template[i + 3 : end]
            group = int(name) if name.isdigit() else name
            out.append(found.group(group) or "")
            i = end + 1
        elif e.isdigit():
            j = i + 1
            while j < len(template) and template[j].isdigit() and j < i + 3:
                j += 1
            index = int(template[i + 1 : j])
            if index > pattern.groups:
                raise error(f"invalid group reference {index}", template, i + 1)
            out.append(found.group(index) or "")
            i = j
        elif e in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[e])
            i += 2
        elif e == "\\":
            out.append("\\")
            i += 2
        elif e.isalpha():
            raise error(f"bad escape \\{e}", template, i)
        else:
            out.append("\\" + e)
            i += 2
    return "".join(out)


_cache = {}


def compile(pattern, flags=0):
    if isinstance(pattern, Pattern):
        return pattern
    key = (pattern, flags)
    compiled = _cache.get(key)
    if compiled is None:
        compiled = Pattern(pattern, flags)
        _cache[key] = compiled
    return compiled


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


_SPECIAL = set("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    return "".join("\\" + c if c in _SPECIAL else c for c in pattern)
