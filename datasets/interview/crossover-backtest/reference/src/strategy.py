"""Moving averages, the crossover strategy and its equity (requirements R1, R2)."""


def sma(values, window):
    """Simple moving average; None until the window is full."""
    return [None if i + 1 < window else sum(values[i + 1 - window:i + 1]) / window for i in range(len(values))]


def indicators(rows):
    """R1: the 10- and 30-day averages of the close, from the 30th day on."""
    closes = [c for _, c in rows]
    fast, slow = sma(closes, 10), sma(closes, 30)
    with open("results/indicators.csv", "w", encoding="utf-8") as f:
        f.write("date,sma_10,sma_30\n" + "".join(f"{rows[i][0]},{fast[i]:.4f},{slow[i]:.4f}\n" for i in range(len(rows)) if slow[i] is not None))
    return fast, slow


def backtest(rows, fast, slow):
    """R2: long when the 10-day average is above the 30-day one, flat otherwise, acting the next day; equity from 1.0."""
    closes = [c for _, c in rows]
    signals = [None if s is None else int(f > s) for f, s in zip(fast, slow)]
    first = next(i for i, s in enumerate(signals) if s is not None) + 1
    equity, hold = 1.0, 1.0
    out = []
    for t in range(first, len(rows)):
        r = closes[t] / closes[t - 1] - 1
        position = signals[t - 1]
        equity *= 1 + position * r
        hold *= 1 + r
        out.append((rows[t][0], position, r * position, equity, hold))
    with open("results/equity.csv", "w", encoding="utf-8") as f:
        f.write("date,position,equity,buy_and_hold\n" + "".join(f"{d},{p},{e:.6f},{h:.6f}\n" for d, p, _, e, h in out))
    return out
