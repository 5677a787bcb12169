import json
import random

rng = random.Random(int(input()))
ORDER = "wdhms"

tests = [
    ["1h 30m"],
    ["90m 15"],
    [""],
    ["   "],
    ["45s"],
    ["2w 3d 4h 5m 6s"],
    ["h"],
    ["1h 2h"],
    ["30m 1h"],
    ["1 h"],
    ["0s"],
    ["007m"],
    ["  1d  "],
    ["5m5m"],
    ["1hm"],
    ["3H"],
    ["1d2x"],
    ["12"],
]


def number():
    n = str(rng.choice([rng.randint(0, 9), rng.randint(10, 99), rng.randint(100, 100000)]))
    return "0" * rng.choice([0, 0, 0, 1, 2]) + n


def groups(units):
    return [number() + u for u in units]


def join(parts):
    sep = rng.choice(["", " ", "  ", "mixed"])
    if sep == "mixed":
        text = "".join(p + " " * rng.randint(0, 2) for p in parts)
    else:
        text = sep.join(parts)
    return " " * rng.randint(0, 1) + text + " " * rng.randint(0, 1)


def valid_units():
    return sorted(rng.sample(ORDER, rng.randint(1, 5)), key=ORDER.index)


def valid():
    return join(groups(valid_units()))


def missing_number():
    parts = groups(valid_units())
    i = rng.randrange(len(parts))
    parts[i] = parts[i][-1]
    return join(parts)


def repeated_unit():
    units = valid_units()
    i = rng.randrange(len(units))
    units.insert(i, units[i])
    return join(groups(units))


def other_invalid():
    kind = rng.randrange(4)
    parts = groups(valid_units())
    if kind == 0 and len(parts) > 1:
        rng.shuffle(parts)
        parts.sort(key=lambda p: -ORDER.index(p[-1]))
    elif kind == 1:
        parts.append(number())
    elif kind == 2:
        i = rng.randrange(len(parts))
        parts[i] = parts[i][:-1] + " " + parts[i][-1]
    else:
        i = rng.randrange(len(parts))
        parts[i] = parts[i][:-1] + rng.choice("xyHMS.:")
    return join(parts)


MAKERS = [valid, missing_number, repeated_unit, other_invalid, missing_number, repeated_unit]
for k in range(84):
    maker = MAKERS[k % len(MAKERS)]
    tests.append([maker()])
print(json.dumps(tests))
