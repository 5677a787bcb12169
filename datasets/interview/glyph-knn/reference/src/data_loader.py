"""Loading the glyphs (requirement R0)."""
import csv
import json
import os


def load(path):
    """(label, 25 pixels) per row."""
    with open(path, newline="", encoding="utf-8") as f:
        return [(int(r[0]), [int(x) for x in r[1:]]) for r in list(csv.reader(f))[1:] if r]


def load_all():
    """R0: the training and test glyphs, and a report of their sizes."""
    train, test = load("data/train.csv"), load("data/test.csv")
    os.makedirs("results", exist_ok=True)
    with open("results/data_report.json", "w", encoding="utf-8") as f:
        json.dump({"train": len(train), "test": len(test), "pixels": len(train[0][1]), "classes": len({d for d, _ in train})}, f, indent=2)
    return train, test
