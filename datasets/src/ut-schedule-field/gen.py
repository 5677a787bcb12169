import json
import random

rng = random.Random(int(input()))
FIELDS = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6)]

tests = [
    ["0-10/5,30", 0, 59],
    ["*/10", 1, 31],
    ["*", 0, 6],
    ["*", 1, 12],
    ["7", 0, 23],
    ["24", 0, 23],
    ["5-3", 0, 59],
    ["*/0", 0, 59],
    ["1,,2", 0, 59],
    ["", 0, 59],
    ["3,", 1, 12],
    ["mon", 0, 6],
    ["5/15", 0, 59],
    ["1-12/4", 1, 12],
    ["2,2,1-3", 0, 6],
    ["*/x", 0, 59],
    ["-4", 0, 59],
]


def number(low, high, valid):
    if valid:
        return str(rng.randint(low, high))
    return str(rng.choice([high + rng.randint(1, 20), low - 1 if low > 0 else high + 1]))


def item(low, high, star_ok, valid=True):
    kind = rng.choice(["n", "n", "range", "range", "star", "nstep"] if star_ok else ["n", "n", "range", "nstep"])
    if kind == "star":
        text = "*"
    elif kind == "n" or kind == "nstep":
        text = number(low, high, valid)
    else:
        a, b = sorted(rng.randint(low, high) for _ in range(2))
        text = f"{a}-{b}"
    if kind == "nstep" or kind != "n" and rng.random() < 0.5:
        text += "/" + str(rng.randint(1, max(1, (high - low) // 2)))
    return text


def broken(low, high):
    kind = rng.randrange(6)
    if kind == 0:
        return item(low, high, False, valid=False)
    if kind == 1:
        a, b = sorted(rng.sample(range(low, high + 1), 2))
        return f"{b}-{a}"
    if kind == 2:
        return rng.choice(["*", f"{low}-{high}"]) + "/0"
    if kind == 3:
        return rng.choice(["*/", "*/a", "1/-2", "*/1.5"])
    return ""


def garbled(low, high):
    kind = rng.randrange(4)
    if kind == 0:
        return rng.choice(["x", "jan", "sun", "?", "L"])
    if kind == 1:
        return rng.choice([f"{low}-", f"-{high}", "-"])
    if kind == 2:
        return rng.choice(["1.5", "2e1", "0x1f", "#3"])
    return f"{rng.randint(low, high)}-{rng.choice(['x', '', 'a'])}"


def expression(low, high, star_ok, mode):
    items = [item(low, high, star_ok) for _ in range(rng.randint(1, 4))]
    if mode == "broken":
        items.insert(rng.randrange(len(items) + 1), broken(low, high))
    elif mode == "star":
        items.insert(rng.randrange(len(items) + 1), "*" + rng.choice(["", f"/{rng.randint(2, 7)}"]))
    elif mode == "garbled":
        items.insert(rng.randrange(len(items) + 1), garbled(low, high))
    return ",".join(items)


for k in range(72):
    mode = ["ok", "star", "broken", "garbled"][k % 4]
    low, high = rng.choice(FIELDS[2:4] if mode == "star" else FIELDS)
    star_ok = low == 0 or k % 8 < 4
    tests.append([expression(low, high, star_ok, mode), low, high])
print(json.dumps(tests))
