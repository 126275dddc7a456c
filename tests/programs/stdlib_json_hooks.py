# json's encoder and decoder classes and hooks, as configuration loaders and API clients use them:
# a JSONEncoder subclass with default(), object_hook/object_pairs_hook, the parse_* hooks, strict,
# bytes input and raw_decode.
import json
from collections import OrderedDict


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


class PointEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Point):
            return {"__point__": [o.x, o.y]}
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)


def as_point(d):
    if "__point__" in d:
        return Point(*d["__point__"])
    return d


data = {"a": Point(1, 2), "tags": {"x", "b"}, "n": [1.5, 2, None, True]}
text = json.dumps(data, cls=PointEncoder, indent=2, sort_keys=True)
print(text)
print(json.loads(text, object_hook=as_point))
print(json.loads('{"b": 1, "a": [1, 2.50, 3]}', object_pairs_hook=OrderedDict))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=lambda pairs: pairs))
print(json.loads("[1.10, 2, 3e2]", parse_float=lambda t: "F" + t, parse_int=lambda t: int(t) * 10))
print(json.loads("[NaN, Infinity, -Infinity, null, true]", parse_constant=lambda t: "C:" + t))
print(json.loads('"a\tb"', strict=False).split("\t"))
try:
    json.loads('"a\tb"')
except json.JSONDecodeError as e:
    print("strict:", e)
print(json.loads(b'{"k": "\xc3\xa9"}'), json.loads(bytearray(b"[1]")), json.loads(b"\xef\xbb\xbf[2]"))
try:
    json.loads("\ufeff[1]")
except json.JSONDecodeError as e:
    print(e)
dec = json.JSONDecoder()
print(dec.raw_decode('{"a": 1} tail'), dec.decode(" [1, 2] "))
try:
    dec.raw_decode(" [1]")
except json.JSONDecodeError as e:
    print(e)
enc = json.JSONEncoder(separators=(",", ":"), default=repr)
print(enc.encode({"p": Point(3, 4), "l": [1, 2]}), "".join(enc.iterencode([1, {"a": None}])))
try:
    json.dumps(Point(0, 0))
except TypeError as e:
    print(e)
try:
    json.dumps({"p": object()}, cls=PointEncoder)
except TypeError as e:
    print(e)
print(json.dumps([1, [2, {"a": [], "b": {}}]], indent="\t"))
print(json.dumps({"x": 1}, indent=0), json.dumps([1, 2], separators=(";", "=")))
