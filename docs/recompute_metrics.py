#!/usr/bin/env python3
"""Recompute every PAIR metric of a hintbench run log from its raw per-step records.

Usage: python3 docs/recompute_metrics.py results.json [--json]

It reads only what a third party needs: the test ids of each instance
(manifest.dataset.instances[].testIds) and each item's steps. A step with an
"error" is not a turn. A turn's passing tests are its evaluation's, or the turn
before's when the reply held no program (no evaluation); turn 0's are the item's
"start". Its targeted scenario, hint level and the tests shown in the hint are in
PAIR's step data (steps[].data.feedback: scenario, level, sampleIds). It ignores
the log's own summaries and scores. Definitions: docs/metrics.md; the format:
docs/formats.md. Standard library only.

Versions 3 and 2, JSON or JSONL, plain or gzip, and version 1's JSON
(items[].turns) are read. In version 3 an evaluation (or start) gives its results
either as explicit lists ("passed") or as "tests": one character per test of the
instance's suite, in testIds order, each the index (in ALPHABET) of an entry of
the log's outcome table; the entry "passed" means the test passed. Items carry
the table's new entries ("outcomes": {"from": n, "list": [...]}) in file order.
Texts (version 3's "parts") are not needed for the metrics and are not read.
"""
import gzip
import json
import re
import sys
from statistics import mean


def attempts(turns):
    """Consecutive turns on one scenario form an attempt; it closes when all its tests pass."""
    out, current = [], None
    for turn in turns[1:]:
        scenario = (turn.get("feedback") or {}).get("scenario")
        if not scenario:
            continue
        if current is None or current["id"] != scenario["id"]:
            current = {"id": scenario["id"], "closed_at": None}
            out.append(current)
        if set(scenario["testIds"]) <= set(turn["passed"]):
            current["closed_at"] = (turn.get("feedback") or {}).get("level")
            current = None
    return out


def avg(xs):
    xs = [x for x in xs if x is not None]
    return mean(xs) if xs else None


def item_metrics(tests, turns):
    n = len(tests)
    p = [len(t["passed"]) / n if n else 0 for t in turns]
    p0 = p[0]
    fixed_at = next((i for i, x in enumerate(p) if x == 1), None)
    tried = attempts(turns)
    m = {"initial_fix": p0 == 1, "final_fix": fixed_at is not None, "failing": p0 < 1, "attempts": tried}
    if p0 == 1:
        return m
    trs, brg, bp, repair, monotone = [], [], [], [], 0
    for i in range(1, len(turns)):
        before, now = set(turns[i - 1]["passed"]), set(turns[i]["passed"])
        failed_before = [t for t in tests if t not in before]
        bp.append(1 - len(before - now) / n)
        repair.append(sum(t in now for t in failed_before) / n)
        monotone += p[i] >= p[i - 1]
        scenario = (turns[i].get("feedback") or {}).get("scenario")
        if scenario and scenario["testIds"]:
            g = set(scenario["testIds"])
            trs.append(len(g & now) / len(g))
            brg.append(sum(t not in g and t in now for t in failed_before) / n)
    tau = len(turns) - 1
    f0 = [t for t in tests if t not in set(turns[0]["passed"])]
    shown = {s for t in turns for s in (t.get("feedback") or {}).get("sampleIds", [])}
    last = set(turns[-1]["passed"])
    m.update(
        trs=avg(trs),
        brg=avg(brg),
        bp=avg(bp),
        repair_rate=avg(repair),
        pmr=monotone / tau if tau else None,
        he=avg([0 if a["closed_at"] is None else 7 - a["closed_at"] for a in tried]),
        gc=(max(p) - p0) / (1 - p0),
        turns_to_fix=fixed_at,
        hcc=sum(t in shown and t in last for t in f0) / len(f0) if f0 else None,
    )
    return m


def model_metrics(items):
    failing = [m for m in items if m["failing"]]
    over = lambda key: avg([m.get(key) for m in failing])
    pooled = [a for m in items for a in m["attempts"]]
    counts = [0] * 7
    for a in pooled:
        counts[6 if a["closed_at"] is None else a["closed_at"] - 1] += 1
    initial = mean(m["initial_fix"] for m in items) if items else 0
    final = mean(m["final_fix"] for m in items) if items else 0
    return {
        "items": len(items),
        "initialFix": initial,
        "finalFix": final,
        "netGain": final - initial,
        "trs": over("trs"),
        "brg": over("brg"),
        "bp": over("bp"),
        "pmr": over("pmr"),
        "he": over("he"),
        "gc": over("gc"),
        "turnsToFix": avg([m.get("turns_to_fix") for m in failing]),
        "hcc": over("hcc"),
        "repairRate": over("repair_rate"),
        "preservationRate": over("bp"),
        "levelDistribution": [c / len(pooled) if pooled else 0 for c in counts],
    }


# Version 3's outcome codes: printable ASCII from '0' to '~' without the backslash.
ALPHABET = [chr(c) for c in range(0x30, 0x7F) if chr(c) != "\\"]


def read_log(path):
    """The manifest and the items (with their steps, in file order) of a JSON or JSONL file, plain or gzip."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    text = data.decode("utf-8")
    if not re.match(r'\{\s*"type"\s*:\s*"manifest"', text):
        log = json.loads(text)
        return log["manifest"], log["items"]
    manifest, items = None, {}
    for line in text.splitlines():
        row = json.loads(line) if line.strip() else {}
        if row.get("type") == "manifest":
            manifest = row["manifest"]
        elif row.get("type") == "item":  # version 3's item lines carry the table entries new in it
            items[row["item"]["key"]] = {"outcomes": row.get("outcomes"), **row["item"], "steps": []}
        elif row.get("type") == "step":
            items[row["item"]]["steps"].append(row["step"])
    return manifest, list(items.values())


def passing(results, suite, outcomes):
    """The passing test ids of an evaluation or start: its "passed" list, or decoded from its "tests" codes."""
    if "tests" not in results:
        return results.get("passed", [])
    assert len(results["tests"]) == len(suite), "one outcome code per test of the suite"
    return [t for t, c in zip(suite, results["tests"]) if outcomes[ALPHABET.index(c)] == "passed"]


def turns_of(item, suite, outcomes):
    """An item's turns: {passed, feedback} per step without an error (versions 2 and 3), or its turns (version 1)."""
    if "turns" in item:
        return item["turns"]
    turns, passed = [], passing(item.get("start") or {}, suite, outcomes)
    for step in sorted(item["steps"], key=lambda s: s["index"]):
        if step.get("error"):
            continue
        if step.get("evaluation"):
            passed = passing(step["evaluation"], suite, outcomes)
        turns.append({"passed": passed, "feedback": (step.get("data") or {}).get("feedback")})
    return turns


def recompute(manifest, items):
    tests = {i["id"]: i["testIds"] for i in manifest["dataset"]["instances"]}
    outcomes, by_model = [], {}  # version 3's outcome table, extended item by item
    for item in items:
        new = item.get("outcomes") or {"from": len(outcomes), "list": []}
        assert new["from"] == len(outcomes), "outcome table entries continue the table"
        outcomes += new["list"]
        turns = turns_of(item, tests[item["instanceId"]], outcomes)
        if turns:
            by_model.setdefault(item["modelId"], []).append(item_metrics(tests[item["instanceId"]], turns))
    return {m["id"]: model_metrics(by_model.get(m["id"], [])) for m in manifest["models"] if m["role"] == "candidate"}


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    result = recompute(*read_log(argv[1]))
    if "--json" in argv:
        print(json.dumps(result))
        return 0
    for model, m in result.items():
        cells = [f"{k}={'—' if v is None else round(v, 4)}" for k, v in m.items() if k != "levelDistribution"]
        print(model, " ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
