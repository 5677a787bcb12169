"""Loading, cleaning and splitting the houses (requirements R0, R1)."""
import csv
import json
import os

FEATURES = ["size_m2", "rooms", "age_years", "distance_km"]


def load_houses(path="data/houses.csv"):
    """R0: every row of the file, as read."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def clean(rows):
    """R0: rows with a missing value are dropped (and counted in results/clean_report.json); the rest are typed."""
    kept = [r for r in rows if all(r[k].strip() for k in FEATURES + ["price_k"])]
    houses = [{"id": int(r["id"]), **{k: float(r[k]) for k in FEATURES}, "price_k": float(r["price_k"])} for r in kept]
    os.makedirs("results", exist_ok=True)
    with open("results/clean_report.json", "w", encoding="utf-8") as f:
        json.dump({"rows": len(rows), "dropped": len(rows) - len(houses), "kept": len(houses)}, f, indent=2)
    return houses


def split(houses):
    """R1: houses whose id is a multiple of 5 are the test set; the sizes go to results/split.json."""
    test = [h for h in houses if h["id"] % 5 == 0]
    train = [h for h in houses if h["id"] % 5 != 0]
    with open("results/split.json", "w", encoding="utf-8") as f:
        json.dump({"train": len(train), "test": len(test)}, f)
    return train, test
