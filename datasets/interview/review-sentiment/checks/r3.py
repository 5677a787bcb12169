import math


def probe():
    m = load_json("models/naive_bayes.json")
    if not isinstance(m, dict):
        return m
    ll = m.get("log_likelihood") or {}
    return {
        "priors": {k: num(v, 4) for k, v in (m.get("priors") or {}).items()},
        "tokens": {c: len(v) for c, v in ll.items() if isinstance(v, dict)},
        "sums": {c: num(sum(math.exp(x) for x in v.values()), 6) for c, v in ll.items() if isinstance(v, dict)},
    }
