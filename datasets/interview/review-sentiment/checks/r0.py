def probe():
    return load_json("results/data_report.json")
