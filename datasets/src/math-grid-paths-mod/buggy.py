import sys

MOD = 10**9 + 7
LIMIT = 10**5


def build_tables():
    fact = [1] * LIMIT
    for i in range(1, LIMIT):
        fact[i] = fact[i - 1] * i % MOD
    inv = [1] * LIMIT
    inv[LIMIT - 1] = pow(fact[LIMIT - 1], MOD - 2, MOD)
    for i in range(LIMIT - 1, 0, -1):
        inv[i - 1] = inv[i] * i % MOD
    return fact, inv


def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    fact, inv = build_tables()

    def paths(dx, dy):
        if dx < 0 or dy < 0:
            return 0
        return fact[dx + dy] * inv[dx] % MOD * inv[dy] % MOD

    out = []
    for j in range(q):
        x, y, bx, by = map(int, data[1 + 4 * j:5 + 4 * j])
        total = paths(x, y)
        bad = 0
        if bx <= x and by <= y:
            bad = paths(bx, by) * paths(x - bx, y - by) % MOD
        out.append(total - bad)
    print("\n".join(map(str, out)))


main()
