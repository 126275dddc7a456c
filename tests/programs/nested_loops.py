# Nested loops: a multiplication-table checksum and a triangle count.
def table_checksum(size):
    checksum = 0
    for row in range(1, size + 1):
        for col in range(1, size + 1):
            checksum = (checksum * 31 + row * col) % 1000003
    return checksum


def triangles(limit):
    count = 0
    a = 1
    while a < limit:
        b = a
        while b < limit:
            c = b
            while c < limit:
                if a * a + b * b == c * c:
                    count += 1
                c += 1
            b += 1
        a += 1
    return count


print(table_checksum(60))
print(triangles(40))
