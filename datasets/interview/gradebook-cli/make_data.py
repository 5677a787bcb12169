"""Writes data/grades.csv (seeded) for 40 students, and data/weights.json."""
import json
import random

rng = random.Random(12)
rows = ["student,homework,midterm,final"]
for i in range(1, 41):
    ability = rng.gauss(76, 11)
    marks = [max(0, min(100, round(ability + rng.gauss(d, 7)))) for d in (6, -2, -4)]
    rows.append(f"S{i:02d}," + ",".join(map(str, marks)))
open("data/grades.csv", "w").write("\n".join(rows) + "\n")
json.dump({"homework": 0.3, "midterm": 0.3, "final": 0.4}, open("data/weights.json", "w"), indent=2)
