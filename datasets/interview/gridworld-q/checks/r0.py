def probe():
    return load_json("results/env_report.json")
