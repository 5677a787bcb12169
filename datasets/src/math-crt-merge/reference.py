import sys
from math import gcd


def combine(pairs):
    """Merge x = a (mod m) for all pairs into x = x0 (mod lcm); None if they contradict."""
    x, mod = 0, 1
    for a, m in pairs:
        g = gcd(mod, m)
        if (a - x) % g != 0:
            return None
        step = m // g
        t = (a - x) // g * pow(mod // g, -1, step) % step
        x += mod * t
        mod = mod // g * m
        x %= mod
    return x, mod


def main():
    data = sys.stdin.read().split()
    systems = int(data[0])
    pos = 1
    out = []
    for _ in range(systems):
        n, q = int(data[pos]), int(data[pos + 1])
        pos += 2
        pairs = []
        for _ in range(n):
            pairs.append((int(data[pos]), int(data[pos + 1])))
            pos += 2
        merged = combine(pairs)
        for _ in range(q):
            lo, hi = int(data[pos]), int(data[pos + 1])
            pos += 2
            if merged is None:
                out.append("-1")
                continue
            x, mod = merged
            if x < lo:
                x += (lo - x + mod - 1) // mod * mod
            out.append("-1" if x > hi else f"{x} {(hi - x) // mod + 1}")
    print("\n".join(out))


main()
