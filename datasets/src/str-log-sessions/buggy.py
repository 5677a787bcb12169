import sys

DAY = 24 * 3600


def to_seconds(stamp):
    h, m, s = map(int, stamp.split(":"))
    return h * 3600 + m * 60 + s


def fmt(t):
    return f"{t // 3600:02d}:{t // 60:02d}:{t % 60:02d}"


def main():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    online = {}
    total = {}
    for line in lines[1:n + 1]:
        if not line.strip() or line.startswith("#"):
            continue
        stamp, user, action = line.split()
        t = to_seconds(stamp)
        if action == "login":
            if user not in online:
                online[user] = t
        elif user in online:
            total[user] = total.get(user, 0) + t - online.pop(user)
    ranked = sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))
    for user, t in ranked:
        print(user, fmt(t))


main()
