"""Loading the sales file (requirement R0)."""
import csv
import os

DATA_PATH = "data/sales.csv"
LOG_PATH = "results/log.txt"


def log(message):
    """Append a line to the run's log file."""
    os.makedirs(os.path.dirname(LOG_PATH), exist_ok=True)
    with open(LOG_PATH, "a", encoding="utf-8") as f:
        f.write(message + "\n")


def load_sales(path=DATA_PATH):
    """R0: the orders of data/sales.csv with units present, typed; logs how many were kept."""
    with open(path, newline="", encoding="utf-8") as f:
        raw = list(csv.DictReader(f))
    rows = []
    for row in raw:
        if not row["units"].strip():  # R0: rows without units are dropped
            continue
        rows.append({
            "date": row["date"],
            "region": row["region"],
            "product": row["product"],
            "units": int(row["units"]),
            "unit_price": float(row["unit_price"]),
        })
    log(f"Loaded {len(rows)} rows")  # R0: the row count goes to results/log.txt
    return rows
