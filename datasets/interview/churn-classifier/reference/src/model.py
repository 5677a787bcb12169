"""Logistic regression by batch gradient descent (requirements R2, R3)."""
import json
import math
import os

from features import FEATURES


def sigmoid(z):
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def train(xs, ys, rate=0.1, epochs=500):
    """R2: weights from zero, full-batch gradient steps; the mean log loss logged every 100 epochs."""
    w = [0.0] * len(xs[0])
    b = 0.0
    n = len(xs)
    lines = []
    for epoch in range(1, epochs + 1):
        gw = [0.0] * len(w)
        gb = 0.0
        for x, y in zip(xs, ys):
            err = sigmoid(sum(wi * xi for wi, xi in zip(w, x)) + b) - y
            for i, xi in enumerate(x):
                gw[i] += err * xi
            gb += err
        w = [wi - rate * g / n for wi, g in zip(w, gw)]
        b -= rate * gb / n
        if epoch % 100 == 0:
            lines.append(f"epoch {epoch} loss {log_loss(xs, ys, w, b):.6f}")
    with open("results/train_log.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return w, b


def log_loss(xs, ys, w, b):
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(max(sigmoid(sum(wi * xi for wi, xi in zip(w, x)) + b), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def save(w, b, path="models/logreg.json"):
    """R3: the trained model, with its features named in order."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"features": FEATURES, "weights": w, "bias": b}, f, indent=2)


def predict(x, w, b):
    return 1 if sigmoid(sum(wi * xi for wi, xi in zip(w, x)) + b) >= 0.5 else 0
