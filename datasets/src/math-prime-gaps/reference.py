import sys
from bisect import bisect_left, bisect_right
from itertools import compress
from math import isqrt


def primes_up_to(n):
    is_prime = bytearray([1]) * (n + 1)
    is_prime[0] = 0
    if n >= 1:
        is_prime[1] = 0
    for i in range(2, isqrt(n) + 1):
        if is_prime[i]:
            is_prime[i * i::i] = bytearray(len(range(i * i, n + 1, i)))
    return list(compress(range(n + 1), is_prime))


def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    queries = [(int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(q)]
    primes = primes_up_to(max(r for _, r in queries))
    out = []
    for left, right in queries:
        lo = bisect_left(primes, left)
        hi = bisect_right(primes, right)
        if hi - lo < 2:
            out.append("-1")
            continue
        best = 0
        start = 0
        for i in range(lo, hi - 1):
            gap = primes[i + 1] - primes[i]
            if gap > best:
                best = gap
                start = primes[i]
        out.append(f"{best} {start} {start + best}")
    print("\n".join(out))


main()
