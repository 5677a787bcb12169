"""Writes data/server.log (seeded): 600 access-log lines over six hours, 5 malformed, a few slow outliers."""
import random

rng = random.Random(8)
endpoints = {"/api/items": 80, "/api/orders": 140, "/api/search": 220, "/health": 8}
lines = []
for i in range(600):
    if i in (57, 203, 204, 388, 512):
        lines.append(rng.choice(["-- log rotated --", "2024-03-04T1x:00:00Z ERROR ???", "", "GET /api/items", "2024-03-04T12:00:00Z INFO GET /api/items two 12ms"]))
        continue
    hour = 9 + i * 6 // 600
    ep = rng.choice(sorted(endpoints))
    latency = max(1, int(rng.gauss(endpoints[ep], endpoints[ep] * 0.15)))
    if i in (99, 250, 431):
        latency *= 6
    status = 500 if rng.random() < (0.02 if hour < 12 else 0.08) else rng.choice([200, 200, 200, 201, 404])
    level = "ERROR" if status >= 500 else "INFO"
    lines.append(f"2024-03-04T{hour:02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z {level} GET {ep} {status} {latency}ms")
open("data/server.log", "w").write("\n".join(lines) + "\n")
