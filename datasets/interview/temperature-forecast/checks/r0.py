def probe():
    return load_json("results/load_report.json")
