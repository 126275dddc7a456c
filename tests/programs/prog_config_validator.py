# A JSON configuration validator: a small schema language (types, required keys, ranges, enums,
# patterns, nested objects and lists), errors collected with JSON-pointer paths, defaults filled in
# and the normalised config dumped back with json.dumps.
import copy
import json
import re

SCHEMA = {
    "type": "object",
    "required": ["name", "server"],
    "properties": {
        "name": {"type": "string", "pattern": r"^[a-z][a-z0-9-]{2,15}$"},
        "version": {"type": "integer", "min": 1, "default": 1},
        "debug": {"type": "boolean", "default": False},
        "server": {
            "type": "object",
            "required": ["port"],
            "properties": {
                "host": {"type": "string", "default": "localhost"},
                "port": {"type": "integer", "min": 1, "max": 65535},
                "mode": {"enum": ["http", "https"], "default": "http"},
            },
        },
        "users": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id"],
                "properties": {"id": {"type": "integer", "min": 0}, "roles": {"type": "array", "items": {"type": "string"}, "default": []}},
            },
            "default": [],
        },
        "ratio": {"type": "number", "min": 0, "max": 1, "default": 0.5},
    },
}

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def validate(value, schema, path="", errors=None):
    errors = [] if errors is None else errors
    where = path or "/"
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} not one of {schema['enum']}")
        return errors
    if (kind := schema.get("type")) is not None:
        ok = isinstance(value, TYPES[kind]) and not (kind in ("integer", "number") and isinstance(value, bool))
        if not ok:
            errors.append(f"{where}: expected {kind}, got {type(value).__name__}")
            return errors
    if "min" in schema and value < schema["min"]:
        errors.append(f"{where}: {value} < minimum {schema['min']}")
    if "max" in schema and value > schema["max"]:
        errors.append(f"{where}: {value} > maximum {schema['max']}")
    if "pattern" in schema and not re.match(schema["pattern"], value):
        errors.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if kind == "object":
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{where}: missing required key {key!r}")
        for key in sorted(set(value) - set(props)):
            errors.append(f"{path}/{key}: unknown key")
        for key, sub in props.items():
            if key in value:
                validate(value[key], sub, f"{path}/{key}", errors)
    elif kind == "array":
        for i, item in enumerate(value):
            validate(item, schema["items"], f"{path}/{i}", errors)
    return errors


def with_defaults(value, schema):
    if schema.get("type") == "object" and isinstance(value, dict):
        out = {}
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                out[key] = with_defaults(value[key], sub)
            elif "default" in sub:
                out[key] = copy.deepcopy(sub["default"])
        return out
    if schema.get("type") == "array" and isinstance(value, list):
        return [with_defaults(item, schema["items"]) for item in value]
    return value


documents = [
    '{"name": "web-api", "server": {"port": 8080}, "users": [{"id": 1}, {"id": 2, "roles": ["admin"]}]}',
    '{"name": "Bad Name", "version": 0, "server": {"port": 70000, "mode": "ftp"}, "extra": 1}',
    '{"name": "svc", "debug": "yes", "server": {"host": 12}, "users": [{"roles": ["x", 3]}, {"id": -1}]}',
    '{"name": "ratio-test", "ratio": 1.5, "server": {"port": true}}',
    '{"name": "broken", "server": {"port": 80,}}',
    '[1, 2, 3]',
]
for number, text in enumerate(documents, 1):
    try:
        config = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"#{number}: invalid JSON: {e.msg} at line {e.lineno} column {e.colno}")
        continue
    errors = validate(config, SCHEMA)
    if errors:
        print(f"#{number}: {len(errors)} error(s)")
        for error in errors:
            print("   ", error)
    else:
        print(f"#{number}: ok")
        print(json.dumps(with_defaults(config, SCHEMA), indent=2, sort_keys=True))

# Many generated configs through the validator: the hot loop.
counts = {"ok": 0, "bad": 0}
for i in range(200):
    config = {"name": f"svc-{i % 97}", "server": {"port": i * 53 % 70000, "mode": ["http", "https", "tcp"][i % 3]},
              "users": [{"id": j - 1} for j in range(i % 4)]}
    counts["ok" if not validate(config, SCHEMA) else "bad"] += 1
print(counts)
