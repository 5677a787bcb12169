import sys
from math import gcd, isqrt


def count_divisors(g):
    count = 0
    for i in range(1, isqrt(g) + 1):
        if g % i == 0:
            count += 1
            if i != g // i:
                count += 1
    return count


def common_modulus(a):
    g = 0
    for i in range(1, len(a)):
        g = gcd(g, a[i] - a[0])
    return g


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    pos = 1
    out = []
    for _ in range(t):
        n = int(data[pos])
        pos += 1
        a = [int(x) for x in data[pos:pos + n]]
        pos += n
        g = common_modulus(a)
        if g == 0:
            out.append("INF")
        else:
            out.append(f"{g} {a[0] % g} {count_divisors(g)}")
    print("\n".join(out))


main()
