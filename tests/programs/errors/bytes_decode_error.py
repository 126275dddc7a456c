# An undecodable byte, uncaught: CPython's UnicodeDecodeError message under the call's carets.
def parse(lines):
    return [line.decode("utf-8") for line in lines]


print(parse([b"ok", b"caf\xc3\xa9"]))
print(parse([b"ok", b"caf\xc3"]))
