import sys


def kth(a, b, k):
    i = j = 0
    value = None
    for _ in range(k + 1):
        if j >= len(b) or (i < len(a) and a[i] <= b[j]):
            value = a[i]
            i += 1
        else:
            value = b[j]
            j += 1
    return value


def main():
    data = sys.stdin.read().split()
    pos = 1
    out = []
    for _ in range(int(data[0])):
        n, m = int(data[pos]), int(data[pos + 1])
        a = [int(x) for x in data[pos + 2:pos + 2 + n]]
        b = [int(x) for x in data[pos + 2 + n:pos + 2 + n + m]]
        pos += 2 + n + m
        total = n + m
        if total % 2 == 1:
            out.append(str(kth(a, b, total // 2)))
        else:
            s = kth(a, b, total // 2 - 1) + kth(a, b, total // 2)
            out.append(str(s // 2) if s % 2 == 0 else f"{s // 2}.5")
    print("\n".join(out))


main()
