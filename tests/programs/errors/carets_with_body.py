# An error in a with body: __exit__ runs and lets it through.
class M:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


with M() as m:
    print(m.nothing)
