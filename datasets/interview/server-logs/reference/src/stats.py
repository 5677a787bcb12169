"""Latency per endpoint, errors per hour, anomalies (requirements R1, R2, R3)."""
import json
import math


def percentile(values, p):
    """Nearest-rank percentile: the smallest value with at least p% of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def endpoint_stats(records):
    """R1: per endpoint (sorted), the request count and the p50 and p95 latency."""
    by_endpoint = {}
    for r in records:
        by_endpoint.setdefault(r["endpoint"], []).append(r["latency_ms"])
    rows = [(ep, len(v), percentile(v, 50), percentile(v, 95)) for ep, v in sorted(by_endpoint.items())]
    with open("results/endpoint_stats.csv", "w", encoding="utf-8") as f:
        f.write("endpoint,requests,p50_ms,p95_ms\n" + "".join(f"{ep},{n},{p50},{p95}\n" for ep, n, p50, p95 in rows))
    return rows


def error_rate(records):
    """R2: per hour, the requests, the server errors (status 500 or above) and their share."""
    hours = sorted({r["hour"] for r in records})
    with open("results/error_rate.csv", "w", encoding="utf-8") as f:
        f.write("hour,requests,errors,rate\n")
        for h in hours:
            those = [r for r in records if r["hour"] == h]
            errors = sum(1 for r in those if r["status"] >= 500)
            f.write(f"{h},{len(those)},{errors},{errors / len(those):.4f}\n")


def anomalies(records, threshold=3.0):
    """R3: requests whose latency is more than `threshold` standard deviations above their endpoint's mean."""
    by_endpoint = {}
    for r in records:
        by_endpoint.setdefault(r["endpoint"], []).append(r["latency_ms"])
    found = []
    for r in records:
        values = by_endpoint[r["endpoint"]]
        mean = sum(values) / len(values)
        std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        if std and (r["latency_ms"] - mean) / std > threshold:
            found.append({"line": r["line"], "endpoint": r["endpoint"], "latency_ms": r["latency_ms"]})
    with open("results/anomalies.json", "w", encoding="utf-8") as f:
        json.dump(found, f, indent=2)
    return found
