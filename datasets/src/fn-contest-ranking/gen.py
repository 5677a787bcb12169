import json
import random

rng = random.Random(int(input()))
NAMES = ["ada", "bo", "cy", "dora", "eve", "finn", "gia", "hal", "iris", "jo", "kit", "lou",
         "mae", "ned", "oz", "pia", "quin", "rex", "sol", "tam", "uma", "vic", "wes", "xan"]

tests = [
    [[["eve", 70], ["bo", 90], ["cy", 70], ["bo", 60], ["ada", 50]], 3],
    [[["kit", 5], ["jo", 8], ["lou", 8], ["ada", 8]], 2],
    [[], 3],
    [[["solo", 0]], 1],
    [[["a", 10], ["b", 10], ["c", 10]], 1],
    [[["a", 10], ["b", 10], ["c", 10]], 5],
    [[["zed", 3], ["zed", 9], ["zed", 1]], 1],
    [[["x", 4], ["y", 3], ["z", 2]], 2],
    [[["b", 7], ["a", 7], ["d", 9], ["c", 9]], 2],
    [[["m", 100], ["n", 99], ["o", 99], ["p", 99], ["q", 1]], 3],
    [[["m", 100], ["n", 99], ["o", 99], ["p", 99], ["q", 1]], 4],
    [[["neg", -5], ["zero", 0], ["pos", 5]], 3],
]


def results(players, entries, distinct):
    """Every player plays at least once; with distinct scores no two entries tie."""
    names = rng.sample(NAMES, players)
    if distinct:
        scores = rng.sample(range(0, 1000), entries)
    else:
        levels = [rng.randint(0, 100) for _ in range(rng.randint(2, max(2, players // 2)))]
        scores = [rng.choice(levels) for _ in range(entries)]
    out = [[name, scores[i]] for i, name in enumerate(names)]
    for i in range(players, entries):
        out.append([rng.choice(names), scores[i]])
    rng.shuffle(out)
    return out


for k in range(66):
    players = rng.randint(2, min(len(NAMES), 4 + k // 3))
    entries = players + rng.randint(0, players)
    top = rng.randint(1, players + 1)
    tests.append([results(players, entries, k % 5 in (0, 2)), top])
print(json.dumps(tests))
