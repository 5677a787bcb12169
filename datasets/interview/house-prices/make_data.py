"""Writes data/houses.csv (seeded): 200 houses; price (thousands) is linear in the features plus noise; 4 ages missing."""
import random

rng = random.Random(5)
rows = ["id,size_m2,rooms,age_years,distance_km,price_k"]
missing = {12, 77, 140, 181}
for i in range(1, 201):
    size = rng.randint(35, 220)
    rooms = max(1, min(7, round(size / 35 + rng.gauss(0, 0.8))))
    age = rng.randint(0, 90)
    dist = round(rng.uniform(0.5, 25), 1)
    price = 50 + 1.8 * size + 12 * rooms - 0.9 * age - 4.0 * dist + rng.gauss(0, 18)
    rows.append(f"{i},{size},{rooms},{'' if i in missing else age},{dist},{price:.1f}")
open("data/houses.csv", "w").write("\n".join(rows) + "\n")
