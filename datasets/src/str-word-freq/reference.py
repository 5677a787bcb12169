import sys


def words_of(text):
    words = []
    cur = []
    for ch in text:
        if "a" <= ch.lower() <= "z":
            cur.append(ch.lower())
        elif cur:
            words.append("".join(cur))
            cur = []
    if cur:
        words.append("".join(cur))
    return words


def main():
    first, _, text = sys.stdin.read().partition("\n")
    k, m = map(int, first.split())
    counts = {}
    for w in words_of(text):
        if len(w) < m:
            continue
        counts[w] = counts.get(w, 0) + 1
    if not counts:
        print("NONE")
        return
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    for i in range(min(k, len(ranked))):
        word, count = ranked[i]
        print(word, count)


main()
