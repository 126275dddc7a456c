# An uncaught exception raised while a module runs: the traceback goes through the import.
import faulty

print("not reached")
