# Parsing web-server log lines with re, aggregating with Counter and defaultdict, and a JSON
# summary, as a log-analysis script would.
import json
import re
from collections import Counter, defaultdict

LINE = re.compile(
    r'(?P<ip>\d+\.\d+\.\d+\.\d+) - - \[(?P<day>\d+)/(?P<month>\w+)/(?P<year>\d+):(?P<time>[\d:]+)\] '
    r'"(?P<method>GET|POST|PUT) (?P<path>\S+) HTTP/1\.[01]" (?P<status>\d{3}) (?P<size>\d+|-)'
)
PATHS = ["/", "/index.html", "/api/users", "/api/orders", "/static/app.js", "/login"]
METHODS = ["GET", "GET", "GET", "POST", "PUT"]


def generate(n, seed):
    state = seed
    lines = []
    for i in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        ip = f"10.0.{state % 7}.{(state >> 8) % 50}"
        status = [200, 200, 200, 304, 404, 500][(state >> 4) % 6]
        size = "-" if status == 304 else str((state >> 6) % 5000)
        path = PATHS[(state >> 12) % len(PATHS)]
        method = METHODS[(state >> 16) % len(METHODS)]
        lines.append(f'{ip} - - [{1 + i % 28:02d}/Mar/2024:{i % 24:02d}:{i % 60:02d}:00] '
                     f'"{method} {path} HTTP/1.1" {status} {size}')
    lines.insert(5, "garbage line that does not parse")
    return lines


lines = generate(150, 99)
statuses = Counter()
bytes_by_path = defaultdict(int)
hits_by_ip = Counter()
errors = []
bad = 0
for line in lines:
    m = LINE.match(line)
    if m is None:
        bad += 1
        continue
    statuses[m["status"]] += 1
    hits_by_ip[m["ip"]] += 1
    if m["size"] != "-":
        bytes_by_path[m["path"]] += int(m["size"])
    if m["status"].startswith("5"):
        errors.append((m["day"], m["time"], m["path"]))
summary = {
    "lines": len(lines),
    "unparsed": bad,
    "statuses": dict(sorted(statuses.items())),
    "top_ips": hits_by_ip.most_common(3),
    "bytes": dict(sorted(bytes_by_path.items(), key=lambda kv: -kv[1])),
    "first_errors": errors[:3],
}
print(json.dumps(summary, indent=2))
print(re.sub(r"\d+\.\d+\.\d+\.(\d+)", r"x.x.x.\1", lines[0]))
