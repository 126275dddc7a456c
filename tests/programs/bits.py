# Bit manipulation loops: popcount, bit reversal, xor shifts.
def popcount(n):
    count = 0
    while n:
        count += n & 1
        n >>= 1
    return count


def reverse_bits(n, width):
    out = 0
    for _ in range(width):
        out = (out << 1) | (n & 1)
        n = n >> 1
    return out


total = 0
for i in range(2048):
    total += popcount(i)
print("total popcount 0..2047:", total)

rev = 0
for i in range(256):
    rev ^= reverse_bits(i, 8) * (i + 1)
print("reversed checksum:", rev)

# 32-bit xorshift: every intermediate stays well inside the 63-bit small-int range.
state = 2463534242
mask = (1 << 32) - 1
for _ in range(500):
    state ^= (state << 13) & mask
    state ^= state >> 7
    state ^= (state << 17) & mask
print("xorshift state:", state, "inverted:", ~state, "negated:", -state)
