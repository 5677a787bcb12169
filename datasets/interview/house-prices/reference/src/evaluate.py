"""Test metrics, predictions and the residual plot (requirements R3, R4, R5)."""
import json
import math
import os

from linear import predict


def evaluate(model, test):
    """R3: RMSE and R² on the test set; R5: each test house's prediction."""
    actual = [h["price_k"] for h in test]
    predicted = [predict(model, h) for h in test]
    mean = sum(actual) / len(actual)
    sse = sum((a - p) ** 2 for a, p in zip(actual, predicted))
    sst = sum((a - mean) ** 2 for a in actual)
    metrics = {"rmse": math.sqrt(sse / len(actual)), "r2": 1 - sse / sst}
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(metrics, f, indent=2)
    with open("results/predictions.csv", "w", encoding="utf-8") as f:
        f.write("id,actual,predicted\n" + "".join(f"{h['id']},{a:.1f},{p:.2f}\n" for h, a, p in zip(test, actual, predicted)))
    return actual, predicted


def residual_plot(actual, predicted, path="results/figures/residuals.svg"):
    """R4: residual (actual − predicted) against the prediction, with the zero line."""
    w, h, pad = 480, 320, 30
    lo, hi = min(predicted), max(predicted)
    span = max(abs(a - p) for a, p in zip(actual, predicted)) or 1
    x = lambda v: pad + (v - lo) / (hi - lo) * (w - 2 * pad)
    y = lambda r: h / 2 - r / span * (h / 2 - pad)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">', f'<line class="zero" x1="{pad}" y1="{h / 2}" x2="{w - pad}" y2="{h / 2}" stroke="gray"/>']
    for a, p in zip(actual, predicted):
        parts.append(f'<circle class="residual" cx="{x(p):.1f}" cy="{y(a - p):.1f}" r="3" fill="#D55E00"/>')
    parts.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
