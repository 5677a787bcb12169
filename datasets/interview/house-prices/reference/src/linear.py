"""Ordinary least squares by the normal equations (requirement R2)."""
import json
import os

from data_loader import FEATURES


def solve(a, b):
    """Solve a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(train):
    """R2: intercept and coefficients minimizing the squared error: (XᵀX) β = Xᵀy."""
    xs = [[1.0] + [h[k] for k in FEATURES] for h in train]
    ys = [h["price_k"] for h in train]
    p = len(xs[0])
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(p)] for i in range(p)]
    xty = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(p)]
    beta = solve(xtx, xty)
    return {"intercept": beta[0], "coefficients": dict(zip(FEATURES, beta[1:]))}


def save(model, path="models/linear_model.json"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=2)


def predict(model, house):
    return model["intercept"] + sum(model["coefficients"][k] * house[k] for k in FEATURES)
