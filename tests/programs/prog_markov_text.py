# A word-level Markov chain trained on a small corpus and sampled with a seeded random.Random:
# the same seed writes the same sentences in CPython and quack.
import random
from collections import defaultdict

CORPUS = """the duck swims in the pond . the duck quacks at the dog . the dog barks at the duck .
a small duck swims near the big pond . the big dog sleeps near the pond . a duck and a dog
play in the sun . the sun shines on the pond and the duck swims again ."""


def train(text, order):
    words = text.split()
    chain = defaultdict(list)
    for i in range(len(words) - order):
        chain[tuple(words[i : i + order])].append(words[i + order])
    return chain


def generate(chain, rng, length):
    state = rng.choice(sorted(k for k in chain if k[0] in ("the", "a")))
    out = list(state)
    for _ in range(length):
        followers = chain.get(tuple(out[-len(state):]))
        if not followers:
            break
        out.append(rng.choice(followers))
    return " ".join(out)


chain = train(CORPUS, 2)
print(len(chain), max(len(v) for v in chain.values()))
rng = random.Random(7)
for _ in range(4):
    print(generate(chain, rng, 12))
counts = defaultdict(int)
rng = random.Random(11)
for _ in range(300):
    counts[generate(chain, rng, 3).split()[-1]] += 1
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5])
