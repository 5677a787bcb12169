"""Accuracy on the test set and the most telling words (requirements R4, R5)."""
import json

from model import CLASSES, predict


def write_predictions(model, reviews, positions, path="results/predictions.csv"):
    """R2: the predicted label of each test review, beside its position in the file and its label."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("position,actual,predicted\n")
        for at, (tokens, label) in zip(positions, reviews):
            f.write(f"{at},{label},{predict(model, tokens)}\n")


def evaluate(model, test):
    """R4: the share of test reviews whose predicted label is right."""
    right = sum(1 for tokens, label in test if predict(model, tokens) == label)
    metrics = {"accuracy": right / len(test), "test_reviews": len(test)}
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(metrics, f, indent=2)
    return metrics


def top_words(model, k=5):
    """R5: per class, the k tokens with the highest log-likelihood ratio against the other class."""
    ll = model["log_likelihood"]
    lines = []
    for c in CLASSES:
        other = [x for x in CLASSES if x != c][0]
        ranked = sorted(ll[c], key=lambda t: (-(ll[c][t] - ll[other][t]), t))[:k]
        lines.append(f"{'positive' if c == 'pos' else 'negative'}: {', '.join(ranked)}")
    with open("results/top_words.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
