"""k-nearest neighbours with Hamming distance (requirement R1)."""
from collections import Counter


def hamming(a, b):
    return sum(x != y for x, y in zip(a, b))


def classify(train, pixels, k=3):
    """R1: majority label of the k nearest training glyphs (stable order on equal distances); a tie goes to the smallest label."""
    nearest = sorted(range(len(train)), key=lambda i: hamming(train[i][1], pixels))[:k]
    votes = Counter(train[i][0] for i in nearest)
    top = max(votes.values())
    return min(label for label, n in votes.items() if n == top)


def predict_all(train, test, path="results/predictions.csv"):
    """R1: each test glyph's prediction, by its 0-based row."""
    predicted = [classify(train, px) for _, px in test]
    with open(path, "w", encoding="utf-8") as f:
        f.write("index,actual,predicted\n" + "".join(f"{i},{d},{p}\n" for i, ((d, _), p) in enumerate(zip(test, predicted))))
    return predicted
