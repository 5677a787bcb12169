"""Loading and cleaning the reviews (requirement R0)."""
import csv
import json
import os
import re

TOKEN = re.compile(r"[a-z']+")


def load_stopwords(path="data/stopwords.txt"):
    with open(path, encoding="utf-8") as f:
        return {line.strip() for line in f if line.strip()}


def tokenize(text, stopwords):
    """R0: lower case, words of letters and apostrophes, stop words removed."""
    return [t for t in TOKEN.findall(text.lower()) if t not in stopwords]


def load_reviews(path="data/reviews.tsv"):
    """R0: (tokens, label) per review, in file order, and a report of what was read."""
    stopwords = load_stopwords()
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    reviews = [(tokenize(r["text"], stopwords), r["label"]) for r in rows]
    report = {
        "reviews": len(reviews),
        "positive": sum(1 for _, label in reviews if label == "pos"),
        "negative": sum(1 for _, label in reviews if label == "neg"),
        "vocabulary": len({t for tokens, _ in reviews for t in tokens}),
    }
    os.makedirs("results", exist_ok=True)
    with open("results/data_report.json", "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    return reviews
