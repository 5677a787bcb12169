"""Writes data/points.csv (seeded): 150 points in three blobs of 50, shuffled."""
import random

rng = random.Random(3)
centers = [(2.0, 8.0), (7.5, 2.5), (12.0, 9.0)]
points = [(rng.gauss(cx, 1.1), rng.gauss(cy, 1.1)) for cx, cy in centers for _ in range(50)]
rng.shuffle(points)
open("data/points.csv", "w").write("x,y\n" + "\n".join(f"{x:.3f},{y:.3f}" for x, y in points) + "\n")
