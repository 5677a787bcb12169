def probe():
    return load_json("results/clean_report.json")
