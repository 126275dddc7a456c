# A textbook RSA round trip with big ints: primes by Miller-Rabin, a key from pow(e, -1, phi),
# encryption and decryption of text, and a signature check. Not for real use.
def is_probable_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def next_prime(n):
    n |= 1
    while not is_probable_prime(n):
        n += 2
    return n


p = next_prime(10**40 + 12345)
q = next_prime(3 * 10**39 + 6789)
n, phi, e = p * q, (p - 1) * (q - 1), 65537
d = pow(e, -1, phi)
print(p % 10**6, q % 10**6, n.bit_length(), (d * e) % phi)
message = "quack quack!"
m = int.from_bytes(message.encode(), "big") if hasattr(int, "from_bytes") else 0
m = 0
for ch in message:
    m = m * 256 + ord(ch)
c = pow(m, e, n)
back = pow(c, d, n)
text = ""
while back:
    back, byte = divmod(back, 256)
    text = chr(byte) + text
print(c % 10**12, text)
signature = pow(m, d, n)
print(pow(signature, e, n) == m, [is_probable_prime(k) for k in (561, 1105, 2**61 - 1, 2**89 - 1)])
