"""Writes data/reviews.tsv (seeded): 240 short product reviews labelled pos/neg, and data/stopwords.txt."""
import random

rng = random.Random(11)
POS = ["great", "excellent", "love", "wonderful", "perfect", "amazing", "enjoyed", "brilliant", "recommend", "happy", "sturdy", "fast"]
NEG = ["terrible", "awful", "hate", "boring", "broken", "waste", "poor", "disappointing", "refund", "worst", "flimsy", "slow"]
NEUTRAL = ["product", "item", "delivery", "price", "box", "time", "week", "phone", "case", "color", "size", "order", "battery", "cable"]
STOP = ["the", "a", "an", "is", "was", "it", "this", "and", "to", "of", "i", "my", "for", "in", "with", "but", "very", "so", "after", "one"]
lines = ["text\tlabel"]
for i in range(240):
    label = "pos" if rng.random() < 0.5 else "neg"
    own, other = (POS, NEG) if label == "pos" else (NEG, POS)
    words = rng.sample(own, rng.randint(1, 3)) + rng.sample(NEUTRAL, rng.randint(2, 4)) + rng.sample(STOP, rng.randint(2, 5))
    if rng.random() < 0.25:
        words.append(rng.choice(other))
    rng.shuffle(words)
    words[0] = words[0].capitalize()
    text = " ".join(words) + rng.choice([".", "!", "!!", ". Really.", "..."])
    if rng.random() < 0.3:
        text = text.replace(" ", ", ", 1)
    lines.append(f"{text}\t{label}")
open("data/reviews.tsv", "w").write("\n".join(lines) + "\n")
open("data/stopwords.txt", "w").write("\n".join(STOP) + "\n")
