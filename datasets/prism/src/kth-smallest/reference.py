def solution(numbers, k):
    items = list(numbers)
    while True:
        pivot = items[len(items) // 2]
        lower = [x for x in items if x < pivot]
        equal = [x for x in items if x == pivot]
        if k <= len(lower):
            items = lower
        elif k <= len(lower) + len(equal):
            return pivot
        else:
            k -= len(lower) + len(equal)
            items = [x for x in items if x > pivot]
