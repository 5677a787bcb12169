def probe():
    return csv_rows("results/endpoint_stats.csv")
