# Lossless compression round trips: run-length encoding of strings and of bytes, an LZ77 coder with
# a sliding window producing (offset, length, next) triples, and LZW with a growing dictionary;
# every codec is checked to decode back to its input, and the ratios are compared.
import random
import string


def rle_encode(text):
    out, i = [], 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i] and j - i < 9:
            j += 1
        out.append(f"{j - i}{text[i]}")
        i = j
    return "".join(out)


def rle_decode(code):
    return "".join(code[i + 1] * int(code[i]) for i in range(0, len(code), 2))


def lz77_encode(data, window=255, lookahead=15):
    i, out = 0, []
    while i < len(data):
        best_off = best_len = 0
        for j in range(max(0, i - window), i):
            length = 0
            while length < lookahead and i + length < len(data) - 1 and data[j + length] == data[i + length]:
                length += 1
            if length > best_len:
                best_off, best_len = i - j, length
        out.append((best_off, best_len, data[i + best_len]))
        i += best_len + 1
    return out


def lz77_decode(triples):
    out = []
    for offset, length, nxt in triples:
        for _ in range(length):
            out.append(out[-offset])
        out.append(nxt)
    return "".join(out)


def lzw_encode(text):
    table = {chr(i): i for i in range(256)}
    w, codes = "", []
    for ch in text:
        if (wc := w + ch) in table:
            w = wc
        else:
            codes.append(table[w])
            table[wc] = len(table)
            w = ch
    if w:
        codes.append(table[w])
    return codes


def lzw_decode(codes):
    table = {i: chr(i) for i in range(256)}
    w = table[codes[0]]
    out = [w]
    for code in codes[1:]:
        entry = table[code] if code in table else w + w[0]
        out.append(entry)
        table[len(table)] = w + entry[0]
        w = entry
    return "".join(out)


rng = random.Random(8)
samples = {
    "runs": "".join(ch * rng.randint(1, 14) for ch in rng.choices("ab", k=60)),
    "prose": "the rain in spain falls mainly on the plain, and the plain is wet. " * 6,
    "random": "".join(rng.choices(string.ascii_lowercase, k=400)),
    "dna": "".join(rng.choice("ACGT") * rng.choice([1, 1, 2, 5]) for _ in range(300)),
}
print(f"{'sample':<8}{'size':>6}{'rle':>7}{'lz77':>7}{'lzw':>7}")
for name, text in samples.items():
    rle = rle_encode(text)
    lz = lz77_encode(text)
    lzw = lzw_encode(text)
    assert rle_decode(rle) == text and lz77_decode(lz) == text and lzw_decode(lzw) == text, name
    # Sizes in bytes: RLE's pairs, LZ77's triples as 3 bytes, LZW's codes as 12 bits.
    print(f"{name:<8}{len(text):>6}{len(rle):>7}{3 * len(lz):>7}{(12 * len(lzw) + 7) // 8:>7}")
print(rle_encode("WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW"))
print(lz77_encode("abracadabra abracadabra")[:8])
print(lzw_encode("TOBEORNOTTOBEORTOBEORNOT"))
print(lzw_decode([84, 79, 66, 69, 79, 82, 78, 79, 84, 256, 258, 260, 265, 259, 261, 263]))
