# itertools from quack's lib/: every function, the items CPython's give in the same order,
# islice's argument errors, groupby's shared iterator, and a hot loop over combinations.
import itertools
from itertools import (accumulate, chain, combinations, combinations_with_replacement, compress,
                       count, cycle, dropwhile, filterfalse, groupby, islice, pairwise,
                       permutations, product, repeat, starmap, takewhile, tee, zip_longest)
import operator
print(list(islice(count(5, 3), 4)), list(islice(cycle("ab"), 5)), list(repeat(7, 3)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], lambda a, b: a * b, initial=10)))
print(list(accumulate([])), list(accumulate([], initial=3)))
print(list(chain([1, 2], "ab", (3,))), list(chain.from_iterable([[1], [2, 3]])))
print(list(compress("abcdef", [1, 0, 1, 0, 1])), list(dropwhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(filterfalse(None, [0, 1, "", "a"])))
print(list(starmap(pow, [(2, 3), (3, 2)])))
print(list(islice("abcdefg", 2)), list(islice("abcdefg", 2, 4)), list(islice("abcdefg", 2, None)),
      list(islice("abcdefg", 0, None, 2)), list(islice("abcdefg", 5, 2)), list(islice("ab", 1, 10, 3)))
it = iter(range(10))
print(list(islice(it, 3)), next(it))
try:
    islice("a", -1)
except ValueError as e:
    print(e)
try:
    islice("a", 0, 3, 0)
except ValueError as e:
    print(e)
print(list(pairwise("abcd")), list(pairwise("a")))
print(list(zip_longest("ab", "xyz", fillvalue="-")), list(zip_longest()))
for k, g in groupby("aaabbcaa"):
    print(k, list(g))
print([(k, len(list(g))) for k, g in groupby(sorted([3, 1, 2, 3, 1]), key=lambda v: v % 2)])
groups = [(k, g) for k, g in groupby([1, 1, 2, 2, 1])]
print([(k, list(g)) for k, g in groups])
a, b = tee([1, 2, 3])
print(list(a), list(b))
print(list(product("ab", [0, 1])), len(list(product(range(3), repeat=3))))
print(list(permutations("abc", 2)), len(list(permutations(range(5)))))
print(list(combinations("abcd", 2)), list(combinations("ab", 3)))
print(list(combinations_with_replacement("abc", 2)))
print(list(itertools.permutations([])), list(itertools.product()))
total = 0
for a, b in itertools.combinations(range(60), 2):
    total += a * b % 7
print(total)
