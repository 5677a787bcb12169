"""Parsing the access log (requirement R0)."""
import json
import os
import re

LINE = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})Z (INFO|WARN|ERROR) (GET|POST|PUT|DELETE) (\S+) (\d{3}) (\d+)ms$")


def parse(path="data/server.log"):
    """R0: one record per well-formed line (its 1-based line number kept); the rest counted as malformed."""
    records, malformed, total = [], 0, 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            total += 1
            m = LINE.match(line.rstrip("\n"))
            if not m:
                malformed += 1
                continue
            records.append({"line": number, "hour": int(m.group(2)), "level": m.group(5), "endpoint": m.group(7), "status": int(m.group(8)), "latency_ms": int(m.group(9))})
    os.makedirs("results", exist_ok=True)
    with open("results/parse_report.json", "w", encoding="utf-8") as f:
        json.dump({"lines": total, "parsed": len(records), "malformed": malformed}, f, indent=2)
    return records
