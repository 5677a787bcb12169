"""Loading and scaling the points (requirement R0)."""
import csv
import os


def load_points(path="data/points.csv"):
    with open(path, newline="", encoding="utf-8") as f:
        return [(float(r["x"]), float(r["y"])) for r in csv.DictReader(f)]


def min_max_scale(points):
    """R0: each coordinate mapped to [0, 1] by its minimum and maximum."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    scaled = [((x - lo_x) / (hi_x - lo_x), (y - lo_y) / (hi_y - lo_y)) for x, y in points]
    os.makedirs("results", exist_ok=True)
    with open("results/scaled_points.csv", "w", encoding="utf-8") as f:
        f.write("x,y\n" + "".join(f"{x:.6f},{y:.6f}\n" for x, y in scaled))
    return scaled
