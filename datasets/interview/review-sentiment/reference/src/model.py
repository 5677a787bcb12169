"""Multinomial naive Bayes with Laplace smoothing (requirements R2, R3)."""
import json
import math
import os
from collections import Counter

CLASSES = ["pos", "neg"]


def train(train_reviews, vocab, alpha=1.0):
    """R2: class priors and smoothed token log-likelihoods over the vocabulary."""
    known = set(vocab)
    priors = {c: sum(1 for _, label in train_reviews if label == c) / len(train_reviews) for c in CLASSES}
    loglik = {}
    for c in CLASSES:
        counts = Counter(t for tokens, label in train_reviews if label == c for t in tokens if t in known)
        total = sum(counts.values()) + alpha * len(vocab)
        loglik[c] = {t: math.log((counts[t] + alpha) / total) for t in vocab}
    return {"priors": priors, "log_likelihood": loglik}


def save(model, path="models/naive_bayes.json"):
    """R3: priors and log-likelihoods as JSON."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(model, f)


def predict(model, tokens):
    scores = {}
    for c in CLASSES:
        ll = model["log_likelihood"][c]
        scores[c] = math.log(model["priors"][c]) + sum(ll[t] for t in tokens if t in ll)
    return max(CLASSES, key=lambda c: scores[c])  # R2: the most likely class
