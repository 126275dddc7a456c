# Dict- and set-heavy code: a word index over generated text, anagram groups keyed by sorted
# letters, bigram counts, set algebra between documents and a frequency ranking, as in search
# indexing and log analysis.

MOD = 1000003
SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "an", "el", "or", "ti")


def words(seed, count):
    state = seed
    out = []
    for _ in range(count):
        state = (state * 1103515245 + 12345) % 2147483648
        n = 1 + (state >> 8) % 3
        word = ""
        for k in range(n):
            word += SYLLABLES[(state >> (4 * k + 12)) % len(SYLLABLES)]
        out.append(word)
    return out


def main():
    documents = [words(seed, 20000) for seed in range(1, 9)]
    index = {}
    for doc_id, doc in enumerate(documents):
        for position, word in enumerate(doc):
            index.setdefault(word, []).append((doc_id, position))
    anagrams = {}
    for word in index:
        anagrams.setdefault("".join(sorted(word)), set()).add(word)
    bigrams = {}
    for doc in documents:
        for i in range(len(doc) - 1):
            key = (doc[i], doc[i + 1])
            bigrams[key] = bigrams.get(key, 0) + 1
    vocab = [set(doc) for doc in documents]
    shared = set(vocab[0])
    for other in vocab[1:]:
        shared &= other
    either = vocab[0] | vocab[1]
    only_first = vocab[0] - vocab[1]
    ranking = sorted(index, key=lambda w: (-len(index[w]), w))[:20]
    checksum = len(index) * 7 + len(anagrams) * 11 + len(bigrams)
    checksum = (checksum * 31 + len(shared) + len(either) * 3 + len(only_first) * 5) % MOD
    for word in ranking:
        checksum = (checksum * 31 + len(index[word]) + len(word)) % MOD
    top = max(bigrams.items(), key=lambda item: (item[1], item[0]))
    checksum = (checksum * 31 + top[1] + len(top[0][0])) % MOD
    print("dict_set", checksum)


main()
