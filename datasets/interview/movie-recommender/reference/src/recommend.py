"""Error on the held-out ratings and top-3 recommendations (requirements R3, R4)."""
import json
import math

from similarity import predict


def evaluate(test, train_by_user, means, sims):
    """R3: RMSE of the predictions on the held-out ratings, and of the user-mean baseline."""
    errors = [(r - predict(u, m, train_by_user, means, sims)) ** 2 for u, m, r in test]
    baseline = [(r - means[u]) ** 2 for u, _, r in test]
    metrics = {"rmse": math.sqrt(sum(errors) / len(errors)), "baseline_rmse": math.sqrt(sum(baseline) / len(baseline)), "test_ratings": len(test)}
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(metrics, f, indent=2)
    return metrics


def recommend(ratings, titles, train_by_user, means, sims, k=3):
    """R4: per user, the k movies they never rated with the highest predicted rating (ties: lower id)."""
    rated = {}
    for u, m, _ in ratings:
        rated.setdefault(u, set()).add(m)
    out = {}
    for u in sorted(rated):
        candidates = [m for m in sorted(titles) if m not in rated[u]]
        best = sorted(candidates, key=lambda m: (-predict(u, m, train_by_user, means, sims), m))[:k]
        out[str(u)] = [titles[m] for m in best]
    with open("results/recommendations.json", "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2)
