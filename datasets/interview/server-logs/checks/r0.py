def probe():
    return load_json("results/parse_report.json")
