import sys
from bisect import bisect_left


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    peak = []
    balance = 0
    best = 0
    for i in range(n):
        op, amount = data[2 + 2 * i], int(data[3 + 2 * i])
        if op == "+":
            balance += amount
        elif balance > amount:
            balance -= amount
        if balance > best:
            best = balance
        peak.append(best)
    goals = [int(x) for x in data[2 + 2 * n:2 + 2 * n + q]]
    out = []
    for x in goals:
        day = bisect_left(peak, x)
        if day < n:
            out.append(str(day + 1))
    print("\n".join(out))


main()
