import json
import random

rng = random.Random(int(input()))
VOCAB = ("the a of to and in it is was for on as with his he at by be this had not are but from or have "
         "an they which one you were her all she there would their we him been has when who will more no if "
         "out so said what up its about into than them can only other new some could time these two may then "
         "do first any my now such like our over man me even most made after also did many before must "
         "through back years where much your way well down should because each just those people").split()
SEPS = [" ", " ", " ", " ", ", ", ". ", "! ", "? ", " - ", "\n", "; ", "'", "1", "42", "...", " (", ") ", "\"", "_"]


def case(k, m, words):
    text = ""
    for w in words:
        style = rng.random()
        if style < 0.15:
            w = w.capitalize()
        elif style < 0.2:
            w = w.upper()
        text += w + rng.choice(SEPS)
    return f"{k} {m}\n{text.strip()}\n"


def distinct_counts(n_words):
    # Word i appears a number of times no other word shares.
    vocab = rng.sample(VOCAB, n_words)
    counts = rng.sample(range(1, 3 * n_words + 2), n_words)
    words = [w for w, c in zip(vocab, counts) for _ in range(c)]
    rng.shuffle(words)
    return words


def random_text(n_vocab, length):
    vocab = rng.sample(VOCAB, n_vocab)
    return [rng.choice(vocab) for _ in range(length)]


tests = [
    "2 1\nThe cat saw the dog; the dog saw a CAT, and the cat ran.\n",
    "5 3\nTo be, or not to be: that is the question.\n",
    "1 1\nhello\n",
    "3 1\nhello\n",
    "1 5\nI am no big fan of it.\n",
    "2 1\nbb aa bb aa cc\n",
    "1 1\nx1y2z3 x-y-z\n",
    "4 2\nIt's what it's.\nIT'S it's\n",
]
# Every word has its own count; k never exceeds the number of words.
for _ in range(30):
    n = rng.randint(1, 12)
    m = rng.choice([1, 1, 1, 2])
    words = [w for w in distinct_counts(n) if len(w) >= m] or ["word"]
    tests.append(case(rng.randint(1, len(set(words))), m, words))
# Random texts, k small.
for _ in range(40):
    words = random_text(rng.randint(3, 40), rng.randint(10, 300))
    tests.append(case(rng.randint(1, 10), rng.randint(1, 3), words))
# k larger than the number of distinct words.
for _ in range(24):
    words = random_text(rng.randint(1, 8), rng.randint(1, 60))
    tests.append(case(rng.randint(9, 50), rng.randint(1, 2), words))
print(json.dumps(tests))
