import sys


def ext_gcd(a, b):
    """(g, p, q) with a*p + b*q = g = gcd(a, b)."""
    p0, q0, p1, q1 = 1, 0, 0, 1
    while b:
        k = a // b
        a, b = b, a - k * b
        p0, p1 = p1, p0 - k * p1
        q0, q1 = q1, q0 - k * q1
    return a, p0, q0


def pay(a, b, c):
    if c == 0:
        return "0 0 1"
    g, p, q = ext_gcd(a, b)
    if c % g != 0:
        return "IMPOSSIBLE"
    x0, y0 = p * (c // g), q * (c // g)
    sx, sy = b // g, a // g
    # x = x0 + sx*t >= 0 and y = y0 - sy*t >= 0
    t_lo = -(x0 // sx)
    t_hi = y0 // sy
    t = t_hi if a >= b else t_lo
    return f"{x0 + sx * t} {y0 - sy * t} {t_hi - t_lo + 1}"


def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    pos = 1
    out = []
    for _ in range(q):
        a, b, k = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        amounts = [int(v) for v in data[pos + 3:pos + 3 + k]]
        pos += 3 + k
        for c in amounts:
            out.append(pay(a, b, c))
    print("\n".join(out))


main()
