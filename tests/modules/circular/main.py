# Modules that import each other: the second finds the first partially initialized (its names
# defined so far are there), and `from` importing a name not yet defined raises CPython's
# ImportError naming the circular import; a module whose code raised is not left in place.
import alpha

print(alpha.done, alpha.beta.seen_alpha_start, alpha.beta.early)

try:
    import broken
except ZeroDivisionError as error:
    print("broken:", error)
try:
    import broken
except ZeroDivisionError as error:
    print("broken again:", error)
import beta

print(beta is alpha.beta, beta.late())
