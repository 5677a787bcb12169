from collections import deque


def solution(start, end, words):
    allowed = set(words)
    if end not in allowed:
        return 0
    queue = deque([(start, 1)])
    seen = {start}
    while queue:
        word, steps = queue.popleft()
        if word == end:
            return steps
        for i in range(len(word)):
            for ch in "abcdefghijklmnopqrstuvwxyz":
                nxt = word[:i] + ch + word[i + 1:]
                if nxt in allowed and nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, steps + 1))
    return 0
