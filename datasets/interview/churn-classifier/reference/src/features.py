"""Feature preparation (requirement R1): standardized numbers, one-hot contract."""
import json
import math

from data_loader import NUMERIC

CONTRACTS = ["monthly", "annual", "two_year"]
FEATURES = NUMERIC + [f"contract_{c}" for c in CONTRACTS]


def fit_scaler(train):
    """R1: mean and population standard deviation of each numeric column, on the training set only."""
    mean = {n: sum(r[n] for r in train) / len(train) for n in NUMERIC}
    std = {n: math.sqrt(sum((r[n] - mean[n]) ** 2 for r in train) / len(train)) for n in NUMERIC}
    with open("results/scaler.json", "w", encoding="utf-8") as f:
        json.dump({"mean": mean, "std": std}, f, indent=2)
    return mean, std


def vectorize(row, mean, std):
    """A customer's feature vector, in FEATURES order."""
    numbers = [(row[n] - mean[n]) / std[n] for n in NUMERIC]
    return numbers + [1.0 if row["contract"] == c else 0.0 for c in CONTRACTS]
