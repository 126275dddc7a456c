# json from quack's lib/: dumps (indent, separators, sort_keys, ensure_ascii with surrogate
# pairs, non-str keys, NaN, default, skipkeys, circular references) and loads with
# CPython's JSONDecodeError messages, positions, lines and columns.
import json

data = {"name": "Quack", "tags": ["duck", "jit", "é", "😀"], "n": 3, "pi": 3.14159, "ok": True,
        "none": None, "nested": {"a": [1, 2, {"b": []}], "c": {}}, 5: "five", 2.5: "x", False: 0}
print(json.dumps(data))
print(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False))
print(json.dumps([1, [2, [3]]], indent="\t"), json.dumps({"a": 1}, separators=(",", ":")))
print(json.dumps("tab\tnew\nline \"quote\" back\\slash \x01"), json.dumps(float("nan")), json.dumps([float("inf")]))
print(json.dumps({"b": 1, "a": 2}, sort_keys=True), json.dumps((1, 2)), json.dumps(10**15), json.dumps(-0.0))
text = json.dumps(data, indent=4)
back = json.loads(text)
print(back == {str(k) if not isinstance(k, bool) else "false": v for k, v in data.items()} or back)
print(json.loads('{"a": [1, 2.5e3, -0, true, false, null], "b": "\\u00e9\\n\\ud83d\\ude00", "c": {}}'))
print(json.loads(" 12 "), json.loads("-3.5"), json.loads('"x"'), json.loads("[]"), json.loads("1E2"))
for bad in ['', '{"a" 1}', '[1, 2', '{"a": 1,}', '[1] x', '"abc', '{1: 2}', '[tru]', '"\\q"',
            '{\n  "a": 1\n  "b": 2\n}', '[1,\n2,\n]']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e, e.pos, e.lineno, e.colno)
for bad in [{1, 2}, {(1, 2): 3}]:
    try:
        json.dumps(bad)
    except TypeError as e:
        print(e)
loop = []
loop.append(loop)
try:
    json.dumps(loop)
except ValueError as e:
    print(e)
print(json.dumps({1, 2}, default=sorted), json.dumps({(1, 2): 3}, skipkeys=True))
total = 0
for i in range(300):
    total += len(json.dumps({"i": i, "sq": [i * i, str(i)]}))
    total += json.loads(json.dumps([i, i + 1]))[1]
print(total)
