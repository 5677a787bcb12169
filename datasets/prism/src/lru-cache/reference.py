from collections import OrderedDict


def solution(capacity, requests):
    cache = OrderedDict()
    hits = 0
    for key in requests:
        if key in cache:
            hits += 1
            cache.move_to_end(key)
        elif capacity > 0:
            if len(cache) >= capacity:
                cache.popitem(last=False)
            cache[key] = True
    return hits
