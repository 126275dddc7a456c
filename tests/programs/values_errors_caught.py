# Error messages of the value types and builtins, caught and printed (CPython's exact text).
# ruff: noqa: B015, B018, F501, F507, F509, F521, F523, F524, F525, F841, UP018, UP031
# (each test makes a deliberate mistake)
def del_test():
    d = {}
    del d["nope"]


def t0():
    print(foo=1)


def t1():
    sorted([], foo=1)


def t2():
    len(1, 2)


def t3():
    len()


def t4():
    divmod(1)


def t5():
    "a".startswith()


def t6():
    [].append()


def t7():
    [].sort(1)


def t8():
    min()


def t9():
    max(1)


def t10():
    round()


def t11():
    round(1, 2, 3)


def t12():
    int(1, 2, 3)


def t13():
    "a".split(1, 2, 3)


def t14():
    "a".split(x=1)


def t15():
    sum()


def t16():
    enumerate()


def t17():
    zip(x=1)


def t18():
    range()


def t19():
    range(1, 2, 3, 4)


def t20():
    "a".find()


def t21():
    "a".join()


def t22():
    [].pop(1, 2)


def t23():
    {}.get()


def t24():
    {}.pop()


def t25():
    abs(x=1)


def t26():
    sorted([1], None)


def t27():
    "{}".format()


def t28():
    "{0}{}".format(1, 2)


def t29():
    "{}{0}".format(1, 2)


def t30():
    "{a}".format()


def t31():
    "}".format()


def t32():
    "{".format()


def t33():
    "%d" % "a"


def t34():
    "%d %d" % (1,)


def t35():
    "%d" % (1, 2)


def t36():
    format("a", "d")


def t37():
    format(1, "s")


def t38():
    format(1.0, "d")


def t39():
    int("x")


def t40():
    int("12", 1)


def t41():
    float("x")


def t42():
    [1, 2].index(3)


def t43():
    [].remove(1)


def t44():
    [].pop()


def t45():
    {}.popitem()


def t46():
    set().pop()


def t47():
    set().remove(1)


def t48():
    "abc".index("d")


def t49():
    (1, 2).index(3)


def t50():
    next(iter([]))


def t51():
    chr(-1)


def t52():
    ord("ab")


def t53():
    1 + "a"


def t54():
    "a" + 1


def t55():
    [1] + (1,)


def t56():
    "a" * "b"


def t57():
    [1] * 1.5


def t58():
    -"a"


def t59():
    ~1.5


def t60():
    abs("a")


def t61():
    1 < "a"


def t62():
    [1] < [1, "a"] < [1, 2]


def t63():
    hash([])


def t64():
    {[]: 1}


def t65():
    1 / 0


def t66():
    1.0 / 0


def t67():
    1 // 0.0


def t68():
    1 % 0.0


def t69():
    0.0**-1


def t70():
    0**-1


def t71():
    divmod(1, 0)


def t72():
    divmod(1.0, 0)


def t73():
    int(float("inf"))


def t74():
    int(float("nan"))


def t75():
    round(float("inf"))


def t76():
    "abc"[5]


def t77():
    [1][float(1)]


def t78():
    (1,)[2]


def t79():
    {}[(1, "a")]


def t80():
    int(1)[0]


def t81():
    len(1)


def t82():
    iter(1)


def t83():
    next(1)


def t84():
    sum(["a"], "")


def t85():
    max([])


def t86():
    sorted([1, "a"])


def t87():
    sorted([1, "a"], reverse=True)


def t88():
    list(1)


def t89():
    "a" in 1


def t90():
    1 in "a"


def t91():
    pow(2, 3, 0)


def t92():
    pow(2.0, 3, 5)


def t93():
    "x".center()


def t94():
    "x".center(5, "ab")


def t95():
    "x".zfill("a")


def t96():
    tuple(1, 2)


def t97():
    dict(1)


def t98():
    dict([1])


def t99():
    dict([(1, 2, 3)])


def t100():
    set([[]])


def t101():
    bool(1, 2)


def t102():
    float(1, 2)


def t103():
    " ".join([1])


def t104():
    "-".join(1)


def t105():
    "a".split("")


def t106():
    int("")


def t107():
    int("010", 0)


def t108():
    range(0)[0]


def t109():
    range(1.5)


def t110():
    [1, 2, 3][::0]


def t111():
    hex(1.5)


def t112():
    "%s %s" % "ab"


def t113():
    "%c" % "ab"


def t114():
    "%z" % 1


def t115():
    "%" % ()


def t116():
    format(1, ",x")


def t117():
    format("a", ",")


def t118():
    format(1.5, "x")


def t119():
    format(1, ".2d")


def t120():
    format(1, "5.5.5")


def t121():
    format("a", "+")


def t122():
    format("a", "=5")


def t123():
    {}.update(1)


def t124():
    {1: 2} | [1]


def t125():
    [1, 2].insert("a", 1)


def t126():
    "abc"[1:2:0]


def t127():
    (1, 2) + [3]


def t128():
    {1} | [1]


def t129():
    {1} < [1]


def t130():
    int([])


def t131():
    float([])


def t132():
    int("5", base=50)


def t133():
    pass


def t134():
    pass


def t135():
    pass


def t136():
    pass


def t137():
    [1, 2, 3].pop(5)


def t138():
    del_test()


def t139():
    a, b = 1


def t140():
    a, b, c = [1, 2]


def t141():
    a, b = {1: 2, 3: 4, 5: 6}


def t142():
    a, *b, c = [1]


def t143():
    min(1, 2, default=3)


def t144():
    max(key=len)


def t145():
    reversed(1)


def t146():
    reversed({})


def t147():
    filter(1)


def t148():
    map(len)


def t149():
    zip(1)


def t150():
    enumerate(1)


def t151():
    "abc".count(1)


def t152():
    "abc".replace(1, 2)


def t153():
    "abc".startswith(1)


def t154():
    "x".strip(1)


names = [
    t0,
    t1,
    t2,
    t3,
    t4,
    t5,
    t6,
    t7,
    t8,
    t9,
    t10,
    t11,
    t12,
    t13,
    t14,
    t15,
    t16,
    t17,
    t18,
    t19,
    t20,
    t21,
    t22,
    t23,
    t24,
    t25,
    t26,
    t27,
    t28,
    t29,
    t30,
    t31,
    t32,
    t33,
    t34,
    t35,
    t36,
    t37,
    t38,
    t39,
    t40,
    t41,
    t42,
    t43,
    t44,
    t45,
    t46,
    t47,
    t48,
    t49,
    t50,
    t51,
    t52,
    t53,
    t54,
    t55,
    t56,
    t57,
    t58,
    t59,
    t60,
    t61,
    t62,
    t63,
    t64,
    t65,
    t66,
    t67,
    t68,
    t69,
    t70,
    t71,
    t72,
    t73,
    t74,
    t75,
    t76,
    t77,
    t78,
    t79,
    t80,
    t81,
    t82,
    t83,
    t84,
    t85,
    t86,
    t87,
    t88,
    t89,
    t90,
    t91,
    t92,
    t93,
    t94,
    t95,
    t96,
    t97,
    t98,
    t99,
    t100,
    t101,
    t102,
    t103,
    t104,
    t105,
    t106,
    t107,
    t108,
    t109,
    t110,
    t111,
    t112,
    t113,
    t114,
    t115,
    t116,
    t117,
    t118,
    t119,
    t120,
    t121,
    t122,
    t123,
    t124,
    t125,
    t126,
    t127,
    t128,
    t129,
    t130,
    t131,
    t132,
    t133,
    t134,
    t135,
    t136,
    t137,
    t138,
    t139,
    t140,
    t141,
    t142,
    t143,
    t144,
    t145,
    t146,
    t147,
    t148,
    t149,
    t150,
    t151,
    t152,
    t153,
    t154,
]
srcs = [
    "print(foo=1)",
    "sorted([], foo=1)",
    "len(1,2)",
    "len()",
    "divmod(1)",
    "'a'.startswith()",
    "[].append()",
    "[].sort(1)",
    "min()",
    "max(1)",
    "round()",
    "round(1,2,3)",
    "int(1,2,3)",
    "'a'.split(1,2,3)",
    "'a'.split(x=1)",
    "sum()",
    "enumerate()",
    "zip(x=1)",
    "range()",
    "range(1,2,3,4)",
    "'a'.find()",
    "'a'.join()",
    "[].pop(1,2)",
    "{}.get()",
    "{}.pop()",
    "abs(x=1)",
    "sorted([1],None)",
    "'{}'.format()",
    "'{0}{}'.format(1,2)",
    "'{}{0}'.format(1,2)",
    "'{a}'.format()",
    "'}'.format()",
    "'{'.format()",
    "'%d' % 'a'",
    "'%d %d' % (1,)",
    "'%d' % (1,2)",
    "format('a','d')",
    "format(1,'s')",
    "format(1.0,'d')",
    "int('x')",
    "int('12', 1)",
    "float('x')",
    "[1,2].index(3)",
    "[].remove(1)",
    "[].pop()",
    "{}.popitem()",
    "set().pop()",
    "set().remove(1)",
    "'abc'.index('d')",
    "(1,2).index(3)",
    "next(iter([]))",
    "chr(-1)",
    "ord('ab')",
    "1 + 'a'",
    "'a' + 1",
    "[1] + (1,)",
    "'a' * 'b'",
    "[1] * 1.5",
    "-'a'",
    "~1.5",
    "abs('a')",
    "1 < 'a'",
    "[1] < [1, 'a'] < [1, 2]",
    "hash([])",
    "{[]: 1}",
    "1 / 0",
    "1.0 / 0",
    "1 // 0.0",
    "1 % 0.0",
    "0.0 ** -1",
    "0 ** -1",
    "divmod(1, 0)",
    "divmod(1.0, 0)",
    "int(float('inf'))",
    "int(float('nan'))",
    "round(float('inf'))",
    "'abc'[5]",
    "[1][float(1)]",
    "(1,)[2]",
    "{}[(1,'a')]",
    "1[0]",
    "len(1)",
    "iter(1)",
    "next(1)",
    "sum(['a'], '')",
    "max([])",
    "sorted([1, 'a'])",
    "sorted([1, 'a'], reverse=True)",
    "list(1)",
    "'a' in 1",
    "1 in 'a'",
    "pow(2, 3, 0)",
    "pow(2.0, 3, 5)",
    "'x'.center()",
    "'x'.center(5, 'ab')",
    "'x'.zfill('a')",
    "tuple(1, 2)",
    "dict(1)",
    "dict([1])",
    "dict([(1,2,3)])",
    "set([[]])",
    "bool(1, 2)",
    "float(1,2)",
    "' '.join([1])",
    "'-'.join(1)",
    "'a'.split('')",
    "int('')",
    "int('010', 0)",
    "range(0)[0]",
    "range(1.5)",
    "[1,2,3][::0]",
    "hex(1.5)",
    "'%s %s' % 'ab'",
    "'%c' % 'ab'",
    "'%z' % 1",
    "'%' % ()",
    "format(1, ',x')",
    "format('a', ',')",
    "format(1.5, 'x')",
    "format(1, '.2d')",
    "format(1, '5.5.5')",
    "format('a', '+')",
    "format('a', '=5')",
    "{}.update(1)",
    "{1: 2} | [1]",
    "[1, 2].insert('a', 1)",
    "'abc'[1:2:0]",
    "(1, 2) + [3]",
    "{1} | [1]",
    "{1} < [1]",
    "int([])",
    "float([])",
    "int('5', base=50)",
    "pass",
    "pass",
    "pass",
    "pass",
    "[1, 2, 3].pop(5)",
    "del_test()",
    "a, b = 1",
    "a, b, c = [1, 2]",
    "a, b = {1: 2, 3: 4, 5: 6}",
    "a, *b, c = [1]",
    "min(1, 2, default=3)",
    "max(key=len)",
    "reversed(1)",
    "reversed({})",
    "filter(1)",
    "map(len)",
    "zip(1)",
    "enumerate(1)",
    "'abc'.count(1)",
    "'abc'.replace(1, 2)",
    "'abc'.startswith(1)",
    "'x'.strip(1)",
]
for i in range(len(names)):
    try:
        names[i]()
        print(srcs[i], "-> OK")
    except Exception as e:
        print(srcs[i], "->", type(e).__name__ + ":", e)
