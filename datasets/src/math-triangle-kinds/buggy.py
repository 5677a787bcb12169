import math
import sys


def describe(x, y, z):
    a, b, c = sorted((x, y, z))
    if a + b < c:
        return "IMPOSSIBLE"
    if a == c:
        sides = "EQUILATERAL"
    elif a == b:
        sides = "ISOSCELES"
    else:
        sides = "SCALENE"
    legs, hyp = a * a + b * b, c * c
    if legs == hyp:
        angle = "RIGHT"
    elif legs > hyp:
        angle = "ACUTE"
    else:
        angle = "OBTUSE"
    # Heron's formula in integers: 16 * area^2
    sixteen_sq = (a + b + c) * (b + c - a) * (a + c - b) * (a + b - c)
    area = math.sqrt(sixteen_sq) / 4
    return f"{sides} {angle} {area:.6f}"


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        x, y, z = (int(v) for v in data[1 + 3 * i:4 + 3 * i])
        out.append(describe(x, y, z))
    print("\n".join(out))


main()
