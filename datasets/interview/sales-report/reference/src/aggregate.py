"""Revenue per region and per month, and the summary figures (requirements R1, R2, R3)."""
import csv
import json
import os
from collections import defaultdict


def revenue(row):
    """Revenue of one order: units x unit price."""
    return row["units"] * row["unit_price"]


def revenue_by_region(rows):
    """R1: (region, revenue) pairs, highest revenue first."""
    totals = defaultdict(float)
    for row in rows:
        totals[row["region"]] += revenue(row)
    return sorted(totals.items(), key=lambda kv: kv[1], reverse=True)


def monthly_revenue(rows):
    """R2: (YYYY-MM, revenue) pairs in calendar order."""
    totals = defaultdict(float)
    for row in rows:
        totals[row["date"][:7]] += revenue(row)
    return sorted(totals.items())


def summary(rows, by_region):
    """R3: total revenue, the best region, and the mean units per order."""
    return {
        "total_revenue": round(sum(revenue(r) for r in rows), 2),
        "best_region": max(by_region, key=lambda kv: kv[1])[0],
        "mean_units_per_order": round(sum(r["units"] for r in rows) / len(rows), 4),
    }


def write_csv(path, header, pairs):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        for key, value in pairs:
            w.writerow([key, f"{value:.2f}"])


def write_json(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2)
