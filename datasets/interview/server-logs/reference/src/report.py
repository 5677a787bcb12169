"""The HTML report (requirement R4)."""
from html import escape


def html_report(stats, found, path="results/report.html"):
    """R4: a table with a row per endpoint, and the number of anomalies."""
    rows = "".join(f"<tr><td>{escape(ep)}</td><td>{n}</td><td>{p50}</td><td>{p95}</td></tr>" for ep, n, p50, p95 in stats)
    page = (
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Server log report</title></head><body>"
        "<h1>Server log report</h1>"
        f"<table><thead><tr><th>Endpoint</th><th>Requests</th><th>p50 (ms)</th><th>p95 (ms)</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<p id=\"anomalies\">Anomalies: {len(found)}</p></body></html>\n"
    )
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
