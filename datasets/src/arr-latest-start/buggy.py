import sys


def latest_start(jobs):
    jobs.sort()
    t = 0
    slack = None
    for d, deadline in jobs:
        t += d
        if t > deadline:
            return -1
        if slack is None or deadline - t < slack:
            slack = deadline - t
    return slack


def main():
    data = sys.stdin.read().split()
    T = int(data[0])
    pos = 1
    out = []
    for _ in range(T):
        n = int(data[pos])
        pos += 1
        jobs = []
        for _ in range(n):
            jobs.append((int(data[pos]), int(data[pos + 1])))
            pos += 2
        s = latest_start(jobs)
        if s < 0:
            out.append("NO")
            break
        out.append(f"YES {s}")
    print("\n".join(out))


main()
