"""The split and the vocabulary (requirement R1)."""
from collections import Counter


def split(reviews):
    """Reviews at positions divisible by 4 (0, 4, 8, …) are the test set."""
    test = [r for i, r in enumerate(reviews) if i % 4 == 0]
    train = [r for i, r in enumerate(reviews) if i % 4 != 0]
    return train, test


def build_vocabulary(train, min_count=2):
    """R1: training tokens seen at least twice, sorted; written to results/vocab.txt."""
    counts = Counter(t for tokens, _ in train for t in tokens)
    vocab = sorted(t for t, c in counts.items() if c >= min_count)
    with open("results/vocab.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(vocab) + "\n")
    return vocab
