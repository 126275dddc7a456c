# A web-server log analyzer: access lines generated from a seeded random and parsed with one
# verbose regular expression with named groups, then status classes, slowest endpoints, top
# clients, a per-hour histogram, and suspicious requests found by a second pattern.
import random
import re
from collections import Counter, defaultdict

LINE = re.compile(r"""
    ^(?P<ip>\d{1,3}(?:\.\d{1,3}){3})\s
    -\s(?P<user>\S+)\s
    \[(?P<day>\d{2})/(?P<month>\w{3})/(?P<year>\d{4}):(?P<hour>\d{2}):(?P<minute>\d{2}):\d{2}\]\s
    "(?P<method>GET|POST|PUT|DELETE)\s(?P<path>\S+)\sHTTP/1\.[01]"\s
    (?P<status>\d{3})\s(?P<size>\d+|-)\s(?P<ms>\d+)ms$
""", re.VERBOSE)
SUSPICIOUS = re.compile(r"(\.\./|<script|union\s+select|/etc/passwd)", re.IGNORECASE)
PATHS = ["/", "/index.html", "/api/users", "/api/users/42", "/api/orders", "/static/app.js",
         "/login", "/search?q=cats", "/search?q=%3Cscript%3E", "/../../etc/passwd", "/api/items?id=1 UNION SELECT"]


def median(values):
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def generate(rng, n):
    for i in range(n):
        if rng.random() < 0.03:
            yield "garbage line " + str(i)
            continue
        ip = f"10.0.{rng.randint(0, 3)}.{rng.randint(1, 20)}"
        user = rng.choice(["-", "-", "alice", "bob"])
        hour, minute = rng.randint(0, 23), rng.randint(0, 59)
        method = rng.choices(["GET", "POST", "PUT", "DELETE"], [70, 20, 5, 5])[0]
        path = rng.choice(PATHS)
        status = rng.choices([200, 201, 301, 404, 500], [70, 5, 5, 15, 5])[0]
        size = "-" if status == 301 else rng.randint(100, 50000)
        yield (f'{ip} - {user} [{rng.randint(1, 28):02d}/Mar/2024:{hour:02d}:{minute:02d}:{rng.randint(0, 59):02d}] '
               f'"{method} {path} HTTP/1.1" {status} {size} {rng.randint(1, 900)}ms')


stats = Counter()
latency = defaultdict(list)
clients = Counter()
hours = Counter()
bytes_by_user = Counter()
alerts = []
for number, line in enumerate(generate(random.Random(2024), 25), 1):
    if not (m := LINE.match(line)):
        stats["unparsed"] += 1
        continue
    status = m["status"]
    stats[f"{status[0]}xx"] += 1
    endpoint = re.sub(r"/\d+", "/:id", m["path"].split("?")[0])
    latency[endpoint].append(int(m["ms"]))
    clients[m["ip"]] += 1
    hours[int(m["hour"])] += 1
    if m["size"] != "-":
        bytes_by_user[m["user"]] += int(m["size"])
    if SUSPICIOUS.search(m["path"].replace("%3C", "<")):
        alerts.append((number, m["ip"], m["path"]))

print(dict(sorted(stats.items())))
print(f"{'endpoint':<18}{'hits':>6}{'median':>8}{'p95':>6}")
for endpoint, times in sorted(latency.items(), key=lambda kv: -median(kv[1]))[:6]:
    times.sort()
    print(f"{endpoint:<18}{len(times):>6}{median(times):>8.1f}{times[int(len(times) * 0.95)]:>6}")
print("top clients:", clients.most_common(3))
print("busiest hours:", sorted(hours, key=lambda h: (-hours[h], h))[:4])
print("bytes by user:", {u: f"{b / 1e6:.2f}MB" for u, b in bytes_by_user.most_common()})
print(len(alerts), "alerts; first:", alerts[:3])
kinds = Counter(SUSPICIOUS.search(p.replace("%3C", "<")).group(1).lower() for _, _, p in alerts)
print(sorted(kinds.items()))
