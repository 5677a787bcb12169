# Helpers every check may use (prepended to each checks/r<N>.py). A check only observes: it
# reads the workspace's files and returns what it sees; the app judges the value.
import csv
import io
import json
import os
import re


def text(path):
    """The file's text, or None when it is missing or not UTF-8."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


def load_json(path):
    """The file's JSON value, None when it is missing, "not JSON" when it does not parse."""
    t = text(path)
    if t is None:
        return None
    try:
        return json.loads(t)
    except ValueError:
        return "not JSON"


def csv_rows(path):
    """The file's non-empty CSV rows (lists of strings), or None when it is missing."""
    t = text(path)
    return None if t is None else [row for row in csv.reader(io.StringIO(t)) if row]


def num(x, digits=None):
    """x as a float (rounded to `digits` when given), or None when it is not a number."""
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    if v != v or v in (float("inf"), float("-inf")):
        return None
    return round(v, digits) if digits is not None else v


def svg_summary(path):
    """What an SVG file draws: counts of its elements by tag and class, and its text labels."""
    t = text(path)
    if t is None:
        return None
    tags = {}
    for m in re.finditer(r"<([a-zA-Z]+)\b([^>]*)>", t):
        tag, attrs = m.group(1).lower(), m.group(2)
        cls = re.search(r'class\s*=\s*"([^"]*)"', attrs)
        key = f"{tag}.{cls.group(1)}" if cls else tag
        tags[key] = tags.get(key, 0) + 1
    labels = [re.sub(r"<[^>]+>", "", m).strip() for m in re.findall(r"<text\b[^>]*>(.*?)</text>", t, flags=re.S)]
    return {"svg": t.lstrip().startswith("<svg") or t.lstrip().startswith("<?xml"), "tags": tags, "labels": [x for x in labels if x]}
