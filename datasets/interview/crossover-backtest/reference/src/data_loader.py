"""Loading the prices and their daily returns (requirement R0)."""
import csv
import os


def load_prices(path="data/prices.csv"):
    """R0: (date, close) in date order (the file is newest first)."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [(r["date"], float(r["close"])) for r in csv.DictReader(f)]
    rows.sort()
    return rows


def daily_returns(rows):
    """R0: close_t / close_(t-1) - 1 for every day after the first."""
    returns = [rows[i][1] / rows[i - 1][1] - 1 for i in range(1, len(rows))]
    os.makedirs("results", exist_ok=True)
    with open("results/returns.csv", "w", encoding="utf-8") as f:
        f.write("date,return\n" + "".join(f"{rows[i][0]},{returns[i - 1]:.6f}\n" for i in range(1, len(rows))))
    return returns
