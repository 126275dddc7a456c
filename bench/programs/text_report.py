# String-heavy: generate a synthetic corpus of log lines, then parse it the way a log-report
# script does: split lines and fields, normalize words, count them in a dict, build a report
# with f-strings, % and str.format, join and re-split it, and checksum the characters.

MOD = 1000003

SYLLABLES = ["qua", "ck", "du", "ra", "mo", "li", "ter", "pa", "zo", "en", "ix", "ba"]
LEVELS = ["INFO", "WARN", "ERROR", "DEBUG"]
SERVICES = ["auth", "db", "cache", "web", "queue"]


def make_word(seed):
    parts = []
    n = 1 + seed % 3
    for _ in range(n + 1):
        parts.append(SYLLABLES[seed % len(SYLLABLES)])
        seed //= len(SYLLABLES)
    word = "".join(parts)
    if seed % 11 == 0:
        word = word.capitalize()
    return word


def make_corpus(lines):
    vocab = [make_word(i * 37 + 5) for i in range(400)]
    out = []
    state = 7
    for i in range(lines):
        state = (state * 1103515245 + 12345) % 2147483648
        level = LEVELS[(state >> 5) % 4]
        service = SERVICES[(state >> 9) % 5]
        words = []
        for j in range(4 + (state >> 13) % 6):
            words.append(vocab[(state >> (j % 16)) % len(vocab)])
        message = " ".join(words)
        out.append(f"{i:06d} [{level}] {service}: {message}, took {(state >> 3) % 997}ms")
    return "\n".join(out)


def normalize(word):
    word = word.strip(",.:;").lower()
    if word.endswith("ck"):
        word = word[:-2] + "k"
    return word


def analyze(text):
    counts = {}
    per_level = {}
    per_service = {}
    total_ms = 0
    for line in text.split("\n"):
        head, _, rest = line.partition("] ")
        level = head[head.index("[") + 1 :]
        per_level[level] = per_level.get(level, 0) + 1
        service, _, body = rest.partition(": ")
        per_service[service] = per_service.get(service, 0) + 1
        message, _, timing = body.rpartition(", took ")
        total_ms += int(timing[:-2])
        for word in message.split():
            w = normalize(word)
            if w in counts:
                counts[w] += 1
            else:
                counts[w] = 1
    return counts, per_level, per_service, total_ms


def report(counts, per_level, per_service, total_ms):
    lines = []
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    for rank, (word, count) in enumerate(ranked[:40]):
        lines.append("%3d. %-12s %6d" % (rank + 1, word, count))
    for level in sorted(per_level):
        lines.append("{0:>6}: {1}".format(level, per_level[level]))
    for service, n in sorted(per_service.items()):
        lines.append(f"{service.upper():<8}|{n:>7}|{'#' * (n // 400)}")
    lines.append(f"total time {total_ms / 1000:.3f}s over {len(counts)} distinct words")
    return "\n".join(lines)


def checksum(text):
    h = 0
    for token in text.replace("|", " ").split():
        for ch in token:
            h = (h * 131 + ord(ch)) % MOD
    return h


def main():
    text = make_corpus(28000)
    counts, per_level, per_service, total_ms = analyze(text)
    summary = report(counts, per_level, per_service, total_ms)
    title = "-".join(w.title() for w in summary.split()[:6])
    print("text:", len(text), checksum(text), checksum(summary), len(counts), title)


main()
