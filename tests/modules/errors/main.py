# Imports that fail, each with CPython's exception and message.
import plain

try:
    import missing_module
except ModuleNotFoundError as error:
    print(type(error).__name__, error)
try:
    import plain.sub
except ModuleNotFoundError as error:
    print(type(error).__name__, error)
try:
    import pkg.absent
except ModuleNotFoundError as error:
    print(type(error).__name__, error)
try:
    from plain import nothing
except ImportError as error:
    print(type(error).__name__, str(error).replace(plain.__file__, "FILE"))
try:
    from . import plain
except ImportError as error:
    print(type(error).__name__, error)
import pkg.inner

print(pkg.inner.tried)
