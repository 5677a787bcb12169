import sys


def primes_up_to(n):
    sieve = [True] * (n + 1)
    for i in range(2, n + 1):
        if sieve[i] and i * i <= n:
            for j in range(i * i, n + 1, i):
                sieve[j] = False
    return [i for i in range(2, n + 1) if sieve[i]]


def exponent_in_factorial(n, p):
    e = 0
    pk = p
    while pk <= n:
        e += n // pk
        pk *= p
    return e


def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    out = []
    for n in map(int, data[1:1 + q]):
        if n < 2:
            out.append("1")
            continue
        parts = []
        for p in primes_up_to(n):
            e = exponent_in_factorial(n, p)
            parts.append(str(p) if e == 1 else f"{p}^{e}")
        out.append(" ".join(parts))
    print("\n".join(out))


main()
