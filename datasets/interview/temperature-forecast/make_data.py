"""Writes data/temperature.csv (seeded): daily mean temperature for 2023, five days absent, three values empty."""
import datetime
import math
import random

rng = random.Random(23)
absent = {40, 41, 150, 220, 300}
empty = {10, 99, 333}
rows = ["date,temp_c"]
day = datetime.date(2023, 1, 1)
for i in range(365):
    t = 11 + 9 * math.sin(2 * math.pi * (i - 110) / 365) + rng.gauss(0, 2.2)
    if i not in absent:
        rows.append(f"{day.isoformat()},{'' if i in empty else f'{t:.1f}'}")
    day += datetime.timedelta(days=1)
open("data/temperature.csv", "w").write("\n".join(rows) + "\n")
