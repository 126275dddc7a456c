# Word statistics over generated text: Counter, most_common, string.punctuation, str methods,
# defaultdict of sets for which lines use a word, and a formatted report.
import string
from collections import Counter, defaultdict

WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "runs",
         "far", "away", "from", "home", "while", "birds", "sing"]


def make_lines(count, seed):
    state = seed
    lines = []
    for _ in range(count):
        words = []
        for _ in range(4 + state % 7):
            state = (state * 69069 + 1) % 4294967296
            word = WORDS[(state >> 16) % len(WORDS)]
            if state % 11 == 0:
                word = word.capitalize()
            if state % 13 == 0:
                word += string.punctuation[state % 5]
            words.append(word)
        lines.append(" ".join(words))
    return lines


lines = make_lines(3000, 2024)
counts = Counter()
where = defaultdict(set)
for number, line in enumerate(lines):
    for raw in line.split():
        word = raw.strip(string.punctuation).lower()
        counts[word] += 1
        where[word].add(number)
print(len(counts), counts.total(), counts.most_common(5))
for word, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:8]:
    print(f"{word:>8} {count:5d} {len(where[word]):5d} {count / len(lines):.3f}")
letters = Counter(c for line in lines for c in line.lower() if c in string.ascii_lowercase)
print("".join(letter for letter, _ in letters.most_common(10)))
print(sum((Counter(line.split()) for line in lines[:50]), Counter()).most_common(3))
