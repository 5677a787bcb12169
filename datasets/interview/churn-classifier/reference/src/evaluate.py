"""Test-set metrics and the confusion matrix (requirements R4, R5)."""
import csv
import json


def evaluate(actual, predicted):
    """R4: accuracy, precision and recall with churn (1) as the positive class."""
    tp = sum(1 for a, p in zip(actual, predicted) if a == 1 and p == 1)
    fp = sum(1 for a, p in zip(actual, predicted) if a == 0 and p == 1)
    fn = sum(1 for a, p in zip(actual, predicted) if a == 1 and p == 0)
    tn = len(actual) - tp - fp - fn
    metrics = {
        "accuracy": (tp + tn) / len(actual),
        "precision": tp / (tp + fp) if tp + fp else 0.0,
        "recall": tp / (tp + fn) if tp + fn else 0.0,
    }
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(metrics, f, indent=2)
    write_confusion([[tn, fp], [fn, tp]])
    return metrics


def write_confusion(matrix, path="results/confusion_matrix.csv"):
    """R5: rows are the actual class, columns the predicted one."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["", "predicted_0", "predicted_1"])
        w.writerow(["actual_0", *matrix[0]])
        w.writerow(["actual_1", *matrix[1]])
