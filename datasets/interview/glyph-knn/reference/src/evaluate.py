"""Accuracy, the confusion matrix and an image of the mistakes (requirements R2, R3, R4)."""
import json
import os


def metrics(test, predicted):
    """R2: overall accuracy and accuracy per digit."""
    per = {}
    for (d, _), p in zip(test, predicted):
        right, total = per.get(d, (0, 0))
        per[d] = (right + (d == p), total + 1)
    out = {"accuracy": sum(d == p for (d, _), p in zip(test, predicted)) / len(test), "per_class": {str(d): r / t for d, (r, t) in sorted(per.items())}}
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2)


def confusion(test, predicted, path="results/confusion.csv"):
    """R3: counts of actual (rows) × predicted (columns) digits."""
    m = [[0] * 10 for _ in range(10)]
    for (d, _), p in zip(test, predicted):
        m[d][p] += 1
    with open(path, "w", encoding="utf-8") as f:
        f.write("actual," + ",".join(str(i) for i in range(10)) + "\n" + "".join(f"{i}," + ",".join(map(str, row)) + "\n" for i, row in enumerate(m)))


def mistakes_image(test, predicted, path="results/figures/misclassified.pgm", count=8, scale=4):
    """R4: the first `count` misclassified glyphs side by side as a plain PGM (black ink on white), each pixel scale × scale."""
    wrong = [px for (d, px), p in zip(test, predicted) if d != p][:count]
    wrong += [[0] * 25] * (count - len(wrong))
    width, height = count * 5 * scale, 5 * scale
    rows = []
    for y in range(height):
        rows.append(" ".join("0" if wrong[x // (5 * scale)][(y // scale) * 5 + (x % (5 * scale)) // scale] else "255" for x in range(width)))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"P2\n{width} {height}\n255\n" + "\n".join(rows) + "\n")
