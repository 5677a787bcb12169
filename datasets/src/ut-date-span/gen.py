import json
import random

rng = random.Random(int(input()))
DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

tests = [
    ["2024-02-27", "2024-03-02"],
    ["2023-02-29", "2023-03-01"],
    ["2000-01-01", "2000-12-31"],
    ["1900-02-28", "1900-03-01"],
    ["2000-02-28", "2000-03-01"],
    ["2000-02-29", "2000-02-29"],
    ["2021-12-31", "2021-01-01"],
    ["2021-13-01", "2021-01-01"],
    ["2021-04-31", "2021-05-01"],
    ["2021-00-10", "2021-01-10"],
    ["2021-01-00", "2021-01-10"],
    ["2021/01/05", "2021-01-10"],
    ["2021-01-05", "2021-01"],
    ["", "2021-01-10"],
    ["1-1-1", "9999-12-31"],
    ["1600-03-01", "1600-02-01"],
    ["2021-1a-05", "2021-01-10"],
    ["2021-01-05", "2021-01-05-"],
]


def leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def date(year):
    month = rng.randint(1, 12)
    day = rng.randint(1, 29 if month == 2 and leap(year) else DAYS[month - 1])
    if rng.random() < 0.85:
        return f"{year:04d}-{month:02d}-{day:02d}"
    return f"{year}-{month}-{day}"


def bad_value(year):
    month, day = rng.choice([(13, 1), (0, 5), (2, 30), (4, 31), (6, 31), (9, 31), (11, 31), (1, 0), (1, 32), (2, 29)])
    if (month, day) == (2, 29):
        year = rng.choice([1900, 2100, 2023, 1999, 2001, 1700])
    return f"{year:04d}-{month:02d}-{day:02d}"


def bad_format(year):
    good = date(year)
    kind = rng.randrange(6)
    if kind == 0:
        return good.replace("-", rng.choice(["/", ".", " "]))
    if kind == 1:
        return good.rsplit("-", 1)[0]
    if kind == 2:
        return good + "-" + str(rng.randint(1, 28))
    if kind == 3:
        return good.replace("-", "--", 1)
    if kind == 4:
        i = rng.randrange(len(good))
        return good[:i] + rng.choice("xO?T") + good[i + 1:]
    return good.replace("-", "")


def year_near(center, spread):
    return min(9999, max(1, center + rng.randint(-spread, spread)))


for k in range(72):
    kind = [0, 1, 2, 3, 1, 2][k % 6]
    if kind == 0:
        a, b = date(rng.randint(1, 9999)), date(rng.randint(1, 9999))
    elif kind == 1:
        center = rng.choice([2000, 2000, 1600, 2400])
        a, b = date(center), date(year_near(center, 40))
    elif kind == 2:
        a, b = date(rng.randint(1900, 2100)), bad_format(rng.randint(1900, 2100))
    else:
        a, b = date(rng.randint(1900, 2100)), bad_value(rng.randint(1900, 2100))
    if rng.random() < 0.5:
        a, b = b, a
    tests.append([a, b])
print(json.dumps(tests))
