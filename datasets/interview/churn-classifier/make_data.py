"""Writes data/customers.csv (seeded): 300 customers; churn follows a logistic model of the features."""
import math
import random

rng = random.Random(7)
rows = ["customer_id,tenure_months,monthly_charges,support_calls,contract,churned"]
for cid in range(1, 301):
    tenure = rng.randint(1, 72)
    charges = round(rng.uniform(20, 120), 2)
    calls = min(9, int(rng.expovariate(0.6)))
    contract = rng.choices(["monthly", "annual", "two_year"], [0.55, 0.3, 0.15])[0]
    z = -0.2 - 0.05 * tenure + 0.025 * charges + 0.45 * calls + {"monthly": 0.9, "annual": -0.6, "two_year": -1.5}[contract]
    churned = 1 if rng.random() < 1 / (1 + math.exp(-z)) else 0
    rows.append(f"{cid},{tenure},{charges},{calls},{contract},{churned}")
open("data/customers.csv", "w").write("\n".join(rows) + "\n")
