import sys


def fmt_avg(total, count):
    cents, rem = divmod(100 * total, count)
    if 2 * rem > count:
        cents += 1
    return f"{cents // 100}.{cents % 100:02d}"


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    vals = [int(x) for x in data[2:2 + n]]
    pre_sum = [0] * (n + 1)
    pre_cnt = [0] * (n + 1)
    for i, v in enumerate(vals):
        pre_sum[i + 1] = pre_sum[i]
        pre_cnt[i + 1] = pre_cnt[i]
        if v < 0 or v > 1000:
            continue
        pre_sum[i + 1] += v
        pre_cnt[i + 1] += 1
    out = []
    pos = 2 + n
    for _ in range(q):
        l, r = int(data[pos]), int(data[pos + 1])
        pos += 2
        if l > r:
            l, r = r, l
        total = pre_sum[r] - pre_sum[l - 1]
        count = pre_cnt[r] - pre_cnt[l - 1]
        out.append(fmt_avg(total, count))
    print("\n".join(out))


main()
