"""Item-item cosine similarity and rating predictions (requirement R2)."""
import json
import math
import os


def centered(train, means):
    """Each user's train ratings minus the user's mean: {movie: {user: value}}."""
    by_movie = {}
    for u, m, r in train:
        by_movie.setdefault(m, {})[u] = r - means[u]
    return by_movie


def cosine(a, b):
    dot = sum(v * b[u] for u, v in a.items() if u in b)
    na = math.sqrt(sum(v * v for v in a.values()))
    nb = math.sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb) if na and nb else 0.0


def similarities(train, means):
    """R2: cosine similarity of every pair of movies over mean-centered ratings."""
    by_movie = centered(train, means)
    movies = sorted(by_movie)
    return {i: {j: cosine(by_movie[i], by_movie[j]) for j in movies if j != i} for i in movies}


def predict(user, movie, train_by_user, means, sims):
    """R2: the user's mean plus the similarity-weighted centered ratings of the positively similar movies they rated."""
    num = den = 0.0
    for other, r in train_by_user.get(user, {}).items():
        s = sims.get(movie, {}).get(other, 0.0)
        if s > 0:
            num += s * (r - means[user])
            den += s
    return means[user] + num / den if den else means[user]


def save_neighbours(sims, path="models/item_similarity.json", k=3):
    """Each movie's k most similar movies, as [movie_id, similarity]."""
    top = {str(i): [[j, round(s, 4)] for j, s in sorted(row.items(), key=lambda kv: (-kv[1], kv[0]))[:k]] for i, row in sims.items()}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(top, f, indent=2)
