"""A complete daily series and its moving average (requirements R1, R2)."""
import datetime


def complete(rows):
    """R1: one value per day from the first date to the last; gaps filled by linear interpolation."""
    known = {d: t for d, t in rows if t is not None}
    start, end = rows[0][0], rows[-1][0]
    days = [start + datetime.timedelta(days=i) for i in range((end - start).days + 1)]
    series = []
    for i, d in enumerate(days):
        if d in known:
            series.append((d, known[d]))
            continue
        before = next(j for j in range(i - 1, -1, -1) if days[j] in known)
        after = next(j for j in range(i + 1, len(days)) if days[j] in known)
        a, b = known[days[before]], known[days[after]]
        series.append((d, a + (b - a) * (i - before) / (after - before)))
    with open("results/clean_series.csv", "w", encoding="utf-8") as f:
        f.write("date,temp_c\n" + "".join(f"{d.isoformat()},{t:.2f}\n" for d, t in series))
    return series


def moving_average(series, window=7):
    """R2: the trailing mean of the last `window` days, from the first full window on."""
    out = []
    for i in range(window - 1, len(series)):
        out.append((series[i][0], sum(t for _, t in series[i - window + 1:i + 1]) / window))
    with open("results/moving_average.csv", "w", encoding="utf-8") as f:
        f.write("date,moving_average\n" + "".join(f"{d.isoformat()},{t:.3f}\n" for d, t in out))
    return out
