import math
import sys


def common_points(d2, r1, r2):
    if d2 == 0 and r1 == r2:
        return -1
    if d2 > (r1 + r2) ** 2 or d2 < (r1 - r2) ** 2:
        return 0
    if d2 == (r1 + r2) ** 2 or d2 == (r1 - r2) ** 2:
        return 1
    return 2


def overlap(d2, r1, r2):
    d = math.sqrt(d2)
    if d >= r1 + r2:
        return 0.0
    if d <= r1 - r2:
        return math.pi * r2 ** 2
    a1 = math.acos((d2 + r1 * r1 - r2 * r2) / (2 * d * r1))
    a2 = math.acos((d2 + r2 * r2 - r1 * r1) / (2 * d * r2))
    return r1 * r1 * (a1 - math.sin(2 * a1) / 2) + r2 * r2 * (a2 - math.sin(2 * a2) / 2)


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        x1, y1, r1, x2, y2, r2 = map(int, data[1 + 6 * i:7 + 6 * i])
        d2 = (x1 - x2) ** 2 + (y1 - y2) ** 2
        out.append(f"{common_points(d2, r1, r2)} {overlap(d2, r1, r2):.3f}")
    print("\n".join(out))


main()
