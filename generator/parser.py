"""Reads the declarations of one .uops file (the grammar is in docs/dsl.md)."""

from __future__ import annotations

from generator.errors import ToolchainError
from generator.lexer import Kind, Token, tokenize
from generator.model import (
    FRESH,
    Body,
    BranchDecl,
    CacheEntry,
    ConstantDecl,
    Declaration,
    FamilyDecl,
    HelperDecl,
    MacroDecl,
    OpargDecl,
    OpargMember,
    OpargValueRef,
    OpDecl,
    ReuseDecl,
    SourceFile,
    StackEffect,
    StackItem,
    StencilsDecl,
    TraceDecl,
    UopRef,
)

KEYWORDS = (
    "helper",
    "op",
    "inst",
    "macro",
    "branch",
    "trace",
    "oparg",
    "family",
    "reuse",
    "constant",
    "stencils",
)
# Words that qualify the `op` declaration after them: `specializing op(...)`, `runtime op(...)`,
# `branch op(...)` (the last is also a keyword of its own: `branch(INST) {...}`).
MODIFIERS = ("specializing", "runtime", "branch")
CACHE_UNITS = (1, 2, 4)
BRANCH_DIRECTIONS = ("jump", "fall")


def parse_file(text: str, path: str) -> SourceFile:
    return SourceFile(path, text, _Parser(text, path).declarations())


class _Parser:
    def __init__(self, text: str, path: str) -> None:
        self._text = text
        self._tokens = tokenize(text, path)
        self._pos = 0

    # --- token helpers ---

    def _peek(self, ahead: int = 0) -> Token:
        return self._tokens[min(self._pos + ahead, len(self._tokens) - 1)]

    def _next(self) -> Token:
        token = self._peek()
        if token.kind is not Kind.EOF:
            self._pos += 1
        return token

    def _fail(self, expected: str, token: Token | None = None) -> ToolchainError:
        found = token or self._peek()
        return ToolchainError(
            f"syntax error: expected {expected}, found {found.describe()}", found.location
        )

    def _accept(self, text: str) -> Token | None:
        token = self._peek()
        if token.kind is Kind.PUNCT and token.text == text:
            return self._next()
        return None

    def _expect(self, text: str, context: str = "") -> Token:
        token = self._accept(text)
        if token is None:
            raise self._fail(repr(text) + context)
        return token

    def _ident(self, what: str) -> Token:
        if self._peek().kind is not Kind.IDENT:
            raise self._fail(what)
        return self._next()

    def _number(self, what: str) -> int:
        token = self._peek()
        if token.kind is not Kind.NUMBER or not token.text.isdigit():
            raise self._fail(what)
        return int(self._next().text)

    def _source(self, first: Token, last: Token) -> str:
        return self._text[first.start : last.end]

    # --- declarations ---

    def declarations(self) -> tuple[Declaration, ...]:
        result: list[Declaration] = []
        while self._peek().kind is not Kind.EOF:
            token = self._peek()
            if token.kind is not Kind.IDENT or token.text not in KEYWORDS + MODIFIERS:
                modified = ", ".join(f"{m} op" for m in MODIFIERS)
                raise self._fail("a declaration (" + ", ".join(KEYWORDS) + ", " + modified + ")")
            result.append(self._declaration(token.text))
        return tuple(result)

    def _declaration(self, keyword: str) -> Declaration:
        first = self._next()
        if keyword in MODIFIERS and (keyword != "branch" or self._peek().text == "op"):
            return self._modified(first)
        if keyword == "helper":
            return self._helper(first)
        if keyword in ("op", "inst"):
            return self._op(first)
        if keyword == "macro":
            return self._macro(first)
        if keyword == "branch":
            return self._branch(first)
        if keyword == "trace":
            return self._trace(first)
        if keyword == "family":
            return self._family(first)
        if keyword == "reuse":
            return self._reuse(first)
        if keyword == "constant":
            return self._constant(first)
        if keyword == "stencils":
            return self._stencils(first)
        return self._oparg(first)

    def _modified(self, first: Token) -> OpDecl:
        keyword = self._peek()
        if keyword.kind is not Kind.IDENT or keyword.text != "op":
            raise self._fail(f"'op' after {first.text!r}")
        # The declaration starts at the modifier: messages point there and its digest covers it.
        return self._op(self._next(), start=first)

    def _helper(self, first: Token) -> HelperDecl:
        self._expect("(")
        name = self._ident("a helper name")
        self._expect(")")
        self._expect("=")
        effects = [self._ident("an effect name")]
        while self._accept("|"):
            effects.append(self._ident("an effect name"))
        last = self._expect(";", " after the helper's effects")
        return HelperDecl(
            name.text,
            tuple((e.text, e.location) for e in effects),
            first.location,
            self._source(first, last),
        )

    def _op(self, first: Token, start: Token | None = None) -> OpDecl:
        """`first` is `op` or `inst`; `start` is the modifier before it, if any."""
        self._expect("(")
        name = self._ident("a micro-op name" if first.text == "op" else "an instruction name")
        if first.text == "op" and not name.text.startswith("_"):
            raise ToolchainError(f"micro-op name {name.text!r} must start with '_'", name.location)
        if first.text == "inst" and name.text.startswith("_"):
            raise ToolchainError(
                f"instruction name {name.text!r} must not start with '_' "
                "(its micro-op gets the '_' name)",
                name.location,
            )
        self._expect(",")
        effect = self._stack_effect()
        self._expect(")")
        body, last = self._body()
        start = start or first
        return OpDecl(
            first.text,
            name.text,
            effect,
            body,
            start.location,
            self._source(start, last),
            specializing=start.text == "specializing",
            runtime=start.text in ("runtime", "branch"),
            branch=start.text == "branch",
        )

    def _stack_effect(self) -> StackEffect:
        self._expect("(", " to open the stack effect")
        caches: list[CacheEntry] = []
        inputs: list[StackItem] = []
        if not self._accept("--"):
            while True:
                if self._peek(1).text == "/" and self._peek(1).kind is Kind.PUNCT:
                    cache = self._cache_entry()
                    if inputs:
                        raise ToolchainError(
                            f"syntax error: cache entry {cache.name!r} must come before the "
                            "stack inputs",
                            cache.location,
                        )
                    caches.append(cache)
                else:
                    inputs.append(self._stack_item())
                if self._accept("--"):
                    break
                self._expect(",", " or '--' in the stack effect")
        outputs: list[StackItem] = []
        if not self._accept(")"):
            while True:
                outputs.append(self._stack_item())
                if self._accept(")"):
                    break
                self._expect(",", " or ')' in the stack effect outputs")
        return StackEffect(tuple(caches), tuple(inputs), tuple(outputs))

    def _cache_entry(self) -> CacheEntry:
        name = self._ident("a cache entry name")
        self._expect("/")
        units_token = self._peek()
        units = self._number("the number of cache units (1, 2 or 4)")
        if units not in CACHE_UNITS:
            raise self._fail("the number of cache units (1, 2 or 4)", units_token)
        return CacheEntry(name.text, units, name.location)

    def _stack_item(self) -> StackItem:
        name = self._ident("a stack item name")
        size: str | None = None
        if self._accept("["):
            size = self._balanced_text("[", "]")
            if not size.strip():
                raise self._fail("an array size expression")
            self._expect("]")
        fact: str | None = None
        fresh = False
        if self._accept(":"):
            word = self._ident("a fact name after ':'")
            if word.text == FRESH:
                fresh = True
                if self._peek().kind is Kind.IDENT:
                    fact = self._next().text
            else:
                fact = word.text
        return StackItem(name.text, size, name.location, fact, fresh)

    def _balanced_text(self, opening: str, closing: str) -> str:
        """The source text up to (not including) the `closing` that balances `opening`."""
        start = self._peek().start
        depth = 0
        while True:
            token = self._peek()
            if token.kind is Kind.EOF:
                raise self._fail(repr(closing))
            if token.kind is Kind.PUNCT and token.text == closing and depth == 0:
                return " ".join(self._text[start : token.start].split())
            if token.kind is Kind.PUNCT and token.text == opening:
                depth += 1
            elif token.kind is Kind.PUNCT and token.text == closing:
                depth -= 1
            self._next()

    def _body(self) -> tuple[Body, Token]:
        opening = self._expect("{", " to open the body")
        first_index = self._pos
        depth = 0
        while True:
            token = self._peek()
            if token.kind is Kind.EOF:
                raise self._fail("'}' to close the body")
            if token.kind is Kind.PUNCT and token.text == "{":
                depth += 1
            elif token.kind is Kind.PUNCT and token.text == "}":
                if depth == 0:
                    break
                depth -= 1
            self._next()
        tokens = tuple(self._tokens[first_index : self._pos])
        closing = self._next()
        return Body(tokens, self._text, opening.end, closing.start, opening.location), closing

    def _macro(self, first: Token) -> MacroDecl:
        self._expect("(")
        name = self._ident("an instruction name")
        self._expect(")")
        self._expect("=")
        parts: list[UopRef | CacheEntry] = []
        while True:
            if self._peek(1).kind is Kind.PUNCT and self._peek(1).text == "/":
                parts.append(self._cache_entry())
            else:
                ref = self._ident("a micro-op name or cache entry")
                parts.append(UopRef(ref.text, ref.location))
            if not self._accept("+"):
                break
        last = self._expect(";", " or '+' after a macro part")
        return MacroDecl(name.text, tuple(parts), first.location, self._source(first, last))

    def _branch(self, first: Token) -> BranchDecl:
        self._expect("(")
        name = self._ident("an instruction name")
        self._expect(")")
        self._expect("{")
        forms: dict[str, tuple[UopRef, ...]] = {}
        while not self._accept("}"):
            direction = self._peek()
            if direction.kind is not Kind.IDENT or direction.text not in BRANCH_DIRECTIONS:
                raise self._fail("'jump', 'fall' or '}'")
            self._next()
            if direction.text in forms:
                raise ToolchainError(
                    f"duplicate definition of direction {direction.text!r} in branch({name.text})",
                    direction.location,
                )
            self._expect(":")
            forms[direction.text] = self._uop_list()
        return BranchDecl(name.text, first.location, forms.get("jump"), forms.get("fall"))

    def _trace(self, first: Token) -> TraceDecl:
        self._expect("(")
        name = self._ident("an instruction name")
        self._expect(")")
        self._expect("=")
        return TraceDecl(name.text, self._uop_list(), first.location)

    def _uop_list(self) -> tuple[UopRef, ...]:
        """`_A + _B;` (or `_A _B;`, or empty) up to and including the `;`."""
        refs: list[UopRef] = []
        while not self._accept(";"):
            if refs:
                self._accept("+")
            token = self._ident("a micro-op name or ';'")
            refs.append(UopRef(token.text, token.location))
        return tuple(refs)

    def _family(self, first: Token) -> FamilyDecl:
        self._expect("(")
        name = self._ident("an instruction name")
        self._expect(")")
        self._expect("=")
        self._expect("{", " to open the family's members")
        members: list[UopRef] = []
        while not self._accept("}"):
            member = self._ident("an instruction name or '}'")
            members.append(UopRef(member.text, member.location))
            if not self._accept(","):
                self._expect("}", " or ',' after a family member")
                break
        self._expect(";", " after the family's members")
        return FamilyDecl(name.text, tuple(members), first.location)

    def _reuse(self, first: Token) -> ReuseDecl:
        self._expect("(")
        base = self._ident("a micro-op name")
        self._expect(",")
        item = self._ident("an input name")
        self._expect(")")
        self._expect("=")
        variant = self._ident("a micro-op name")
        self._expect(";", " after the reuse variant")
        return ReuseDecl(
            UopRef(base.text, base.location),
            UopRef(item.text, item.location),
            UopRef(variant.text, variant.location),
            first.location,
        )

    def _constant(self, first: Token) -> ConstantDecl:
        self._expect("(")
        base = self._ident("a micro-op name")
        self._expect(",")
        item = self._ident("an input name")
        self._expect(",")
        hook = self._ident("a helper name")
        self._expect(")")
        self._expect("=")
        variant = self._ident("a micro-op name")
        self._expect(";", " after the constant variant")
        return ConstantDecl(
            UopRef(base.text, base.location),
            UopRef(item.text, item.location),
            UopRef(hook.text, hook.location),
            UopRef(variant.text, variant.location),
            first.location,
        )

    def _stencils(self, first: Token) -> StencilsDecl:
        self._expect("(")
        uops = [self._ident("a micro-op name")]
        while self._accept(",") and self._peek().text != ")":
            uops.append(self._ident("a micro-op name or ')'"))
        self._expect(")", " or ',' after a micro-op name")
        self._expect("=")
        word = self._peek()
        if word.kind is not Kind.IDENT or word.text != "oparg":
            raise self._fail("'oparg'")
        self._next()
        enumeration = None
        if self._accept("("):
            name = self._ident("an instruction name")
            enumeration = UopRef(name.text, name.location)
            self._expect(")")
        self._expect("{", " to open the oparg values")
        values: list[OpargValueRef] = []
        while not self._accept("}"):
            value = self._peek()
            wanted = Kind.IDENT if enumeration else Kind.NUMBER
            if value.kind is not wanted or (wanted is Kind.NUMBER and not value.text.isdigit()):
                raise self._fail(
                    f"an oparg name of {enumeration.name}" if enumeration else "an oparg number"
                )
            self._next()
            values.append(OpargValueRef(value.text, value.location))
            if not self._accept(","):
                self._expect("}", " or ',' after an oparg value")
                break
        self._expect(";", " after the oparg values")
        refs = tuple(UopRef(uop.text, uop.location) for uop in uops)
        return StencilsDecl(refs, enumeration, tuple(values), first.location)

    def _oparg(self, first: Token) -> OpargDecl:
        self._expect("(")
        name = self._ident("an instruction name")
        self._expect(")")
        self._expect("{")
        members: list[OpargMember] = []
        while not self._accept("}"):
            member = self._ident("an oparg name or '}'")
            self._expect("=")
            symbol = self._peek()
            if symbol.kind is not Kind.STRING:
                raise self._fail('a string like "+"')
            self._next()
            if "\\" in symbol.text:
                raise ToolchainError("oparg symbols may not contain escapes", symbol.location)
            members.append(OpargMember(member.text, symbol.text[1:-1], member.location))
            if not self._accept(","):
                self._expect("}", " or ',' after an oparg value")
                break
        return OpargDecl(name.text, tuple(members), first.location)
