"""Loading the temperature series (requirement R0)."""
import csv
import datetime
import json
import os


def load_series(path="data/temperature.csv"):
    """R0: (date, temperature or None) per row, dates parsed; counts what is missing."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [(datetime.date.fromisoformat(r["date"]), float(r["temp_c"]) if r["temp_c"].strip() else None) for r in csv.DictReader(f)]
    rows.sort()
    span = (rows[-1][0] - rows[0][0]).days + 1
    report = {"rows": len(rows), "missing_values": sum(1 for _, t in rows if t is None), "missing_days": span - len(rows)}
    os.makedirs("results", exist_ok=True)
    with open("results/load_report.json", "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    return rows
