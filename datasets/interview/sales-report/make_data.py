"""Writes data/sales.csv (seeded): 120 orders over January-June 2024, three without units."""
import random

rng = random.Random(16)
regions = ["North", "South", "East", "West"]
products = {"lamp": 24.5, "chair": 79.0, "desk": 189.0, "shelf": 59.9, "rug": 129.0}
rows = ["date,region,product,units,unit_price"]
missing = {17, 58, 101}
for i in range(120):
    month = 1 + i * 6 // 120
    day = rng.randint(1, 28)
    region = rng.choice(regions)
    product = rng.choice(sorted(products))
    units = "" if i in missing else str(rng.randint(1, 9))
    price = products[product] * rng.choice([1.0, 1.0, 0.9])
    rows.append(f"2024-{month:02d}-{day:02d},{region},{product},{units},{price:.2f}")
open("data/sales.csv", "w").write("\n".join(rows) + "\n")
