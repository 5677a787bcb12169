import json
import random

rng = random.Random(int(input()))

tests = [
    [540, 1020, [[600, 660, "confirmed"], [630, 720, "tentative"], [780, 840, "cancelled"]], 30, True],
    [480, 720, [[420, 540, "confirmed"], [600, 630, "tentative"]], 45, False],
    [540, 1020, [], 60, False],
    [600, 630, [], 60, True],
    [0, 1440, [[0, 1440, "confirmed"]], 1, False],
    [540, 1020, [[600, 660, "confirmed"], [720, 780, "confirmed"]], 60, False],
    [540, 1020, [[540, 900, "confirmed"], [600, 660, "confirmed"], [960, 990, "confirmed"]], 15, False],
    [540, 1020, [[0, 300, "confirmed"], [1100, 1200, "confirmed"]], 30, True],
    [540, 1020, [[600, 660, "confirmed"], [660, 720, "tentative"], [720, 780, "confirmed"]], 30, True],
    [540, 1020, [[600, 660, "cancelled"], [700, 800, "tentative"]], 30, False],
    [540, 600, [[560, 570, "confirmed"]], 20, False],
    [540, 600, [[560, 580, "confirmed"]], 25, False],
]


def day(clusters, exact_gaps, p_nest):
    """Busy clusters separated by gaps around min_length; some clusters hide a nested booking."""
    step = rng.choice([5, 15, 30])
    min_length = rng.randint(1, 4) * step
    gaps = [min_length - step, min_length + step, min_length + rng.randint(2, 6) * step, 0]
    if exact_gaps:
        gaps += [min_length, min_length]
    open_at = rng.randrange(0, 480 // step) * step
    cursor = open_at
    bookings = []
    for _ in range(clusters):
        if cursor > 1100:
            break
        cursor += rng.choice(gaps)
        length = rng.randint(2, 8) * step
        bookings.append([cursor, cursor + length, "confirmed"])
        if rng.random() < p_nest:
            a = rng.randint(0, length // step - 2) * step
            bookings.append([cursor + a, cursor + a + step, "confirmed"])
        elif rng.random() < 0.4:
            a = rng.randint(1, length // step) * step
            bookings.append([cursor + a, cursor + length + rng.randint(1, 3) * step, "confirmed"])
        cursor = max(b[1] for b in bookings)
    close_at = min(1440, cursor + rng.choice(gaps + [min_length]))
    count_tentative = rng.random() < 0.5
    for b in bookings:
        if rng.random() < 0.2:
            b[2] = "tentative" if count_tentative else "cancelled"
    for _ in range(rng.randint(0, 3)):
        start = rng.randrange(open_at, close_at + 1)
        bookings.append([start, start + rng.randint(1, 90), rng.choice(["cancelled", "tentative"])])
        if count_tentative:
            bookings[-1][2] = "cancelled"
    if rng.random() < 0.3:
        bookings.append([max(0, open_at - 60), open_at, "confirmed"])
    rng.shuffle(bookings)
    return [open_at, close_at, bookings, min_length, count_tentative]


for _ in range(18):
    tests.append(day(rng.randint(0, 6), False, 0.0))
for _ in range(30):
    tests.append(day(rng.randint(2, 6), True, 0.0))
for _ in range(20):
    tests.append(day(rng.randint(1, 6), False, 0.6))
for _ in range(20):
    tests.append(day(rng.randint(3, 12), True, 0.4))
print(json.dumps(tests))
