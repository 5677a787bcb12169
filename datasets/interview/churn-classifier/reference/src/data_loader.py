"""Loading the customers and splitting them (requirement R0)."""
import csv
import json
import os

NUMERIC = ["tenure_months", "monthly_charges", "support_calls"]


def load_customers(path="data/customers.csv"):
    """All customers, typed."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        row["customer_id"] = int(row["customer_id"])
        for name in NUMERIC:
            row[name] = float(row[name])
        row["churned"] = int(row["churned"])
    return rows


def split(rows):
    """R0: customers whose id ends in 0 or 5 are the test set, the others train."""
    test = [r for r in rows if r["customer_id"] % 5 == 0]
    train = [r for r in rows if r["customer_id"] % 5 != 0]
    os.makedirs("results", exist_ok=True)
    with open("results/split.json", "w", encoding="utf-8") as f:
        json.dump({"train": len(train), "test": len(test)}, f)
    return train, test
