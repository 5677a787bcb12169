"""Loading ratings and movies (requirement R0) and holding out a test rating per user (R1)."""
import csv
import json
import os


def load(ratings_path="data/ratings.csv", movies_path="data/movies.csv"):
    """R0: ratings as (user, movie, rating) in file order, and titles by movie id."""
    with open(ratings_path, newline="", encoding="utf-8") as f:
        ratings = [(int(r["user_id"]), int(r["movie_id"]), float(r["rating"])) for r in csv.DictReader(f)]
    with open(movies_path, newline="", encoding="utf-8") as f:
        titles = {int(r["movie_id"]): r["title"] for r in csv.DictReader(f)}
    report = {"users": len({u for u, _, _ in ratings}), "movies": len(titles), "ratings": len(ratings), "mean_rating": round(sum(r for _, _, r in ratings) / len(ratings), 2)}
    os.makedirs("results", exist_ok=True)
    with open("results/data_report.json", "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    return ratings, titles


def hold_out(ratings):
    """R1: each user's last rating in file order is held out; the user means come from the rest."""
    last = {}
    for i, (u, _, _) in enumerate(ratings):
        last[u] = i
    test = [ratings[i] for i in sorted(last.values())]
    held = set(last.values())
    train = [r for i, r in enumerate(ratings) if i not in held]
    users = sorted({u for u, _, _ in train})
    means = {u: sum(r for v, _, r in train if v == u) / sum(1 for v, _, _ in train if v == u) for u in users}
    with open("results/user_means.json", "w", encoding="utf-8") as f:
        json.dump({str(u): round(m, 4) for u, m in means.items()}, f, indent=2)
    return train, test, means
