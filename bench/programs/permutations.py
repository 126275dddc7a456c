# Permutation and sequence kernels: next-permutation enumeration, inversion counts by merge sort,
# longest increasing subsequence by patience sorting with binary search, and run-length coding,
# as in combinatorics and diff tools.

MOD = 1000003


def next_permutation(seq):
    i = len(seq) - 2
    while i >= 0 and seq[i] >= seq[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(seq) - 1
    while seq[j] <= seq[i]:
        j -= 1
    seq[i], seq[j] = seq[j], seq[i]
    seq[i + 1 :] = seq[i + 1 :][::-1]
    return True


def inversions(seq):
    if len(seq) < 2:
        return 0, seq
    mid = len(seq) // 2
    left_count, left = inversions(seq[:mid])
    right_count, right = inversions(seq[mid:])
    merged = []
    count = left_count + right_count
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            count += len(left) - i
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return count, merged


def lis_length(seq):
    tails = []
    for value in seq:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < value:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(value)
        else:
            tails[lo] = value
    return len(tails)


def run_lengths(seq):
    runs = []
    for value in seq:
        if runs and runs[-1][0] == value:
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return runs


def main():
    checksum = 0
    seq = list(range(9))
    count = 0
    while True:
        count += 1
        if count % 97 == 0:
            checksum = (checksum * 31 + seq[0] * 8 + seq[-1]) % MOD
        if not next_permutation(seq):
            break
    state = 12345
    data = []
    for _ in range(50000):
        state = (state * 1103515245 + 12345) % 2147483648
        data.append((state >> 10) % 1000)
    inv, ordered = inversions(data)
    checksum = (checksum * 31 + inv % MOD + ordered[100] + lis_length(data)) % MOD
    runs = run_lengths([v // 250 for v in ordered])
    checksum = (checksum * 31 + len(runs) + count) % MOD
    print("permutations", checksum)


main()
