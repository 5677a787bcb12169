"""Writes data/prices.csv (seeded): 250 business days of closing prices, newest first (as many exports give them)."""
import datetime
import math
import random

rng = random.Random(42)
day = datetime.date(2023, 1, 2)
price = 100.0
rows = []
while len(rows) < 250:
    if day.weekday() < 5:
        drift = 0.0012 * math.sin(len(rows) / 25)
        price *= math.exp(drift + rng.gauss(0, 0.012))
        rows.append(f"{day.isoformat()},{price:.2f}")
    day += datetime.timedelta(days=1)
open("data/prices.csv", "w").write("date,close\n" + "\n".join(reversed(rows)) + "\n")
