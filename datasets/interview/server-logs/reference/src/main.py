"""Server log analysis: parse, latency, errors, anomalies, report."""
from parser import parse
from report import html_report
from stats import anomalies, endpoint_stats, error_rate


def main():
    records = parse()  # R0
    stats = endpoint_stats(records)  # R1
    error_rate(records)  # R2
    found = anomalies(records)  # R3
    html_report(stats, found)  # R4
    print(f"{len(records)} requests, {len(found)} anomalies")


if __name__ == "__main__":
    main()
