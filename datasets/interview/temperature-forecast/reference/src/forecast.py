"""Simple exponential smoothing: the forecast and its error (requirements R3, R4)."""
import datetime
import json


def smooth(values, alpha=0.3):
    """Levels of simple exponential smoothing, starting from the first value."""
    level = values[0]
    levels = [level]
    for x in values[1:]:
        level = alpha * x + (1 - alpha) * level
        levels.append(level)
    return levels


def forecast(series, horizon=14, alpha=0.3):
    """R3: the next `horizon` days, each forecast at the last smoothed level."""
    level = smooth([t for _, t in series], alpha)[-1]
    last = series[-1][0]
    days = [last + datetime.timedelta(days=i) for i in range(1, horizon + 1)]
    with open("results/forecast.csv", "w", encoding="utf-8") as f:
        f.write("date,forecast\n" + "".join(f"{d.isoformat()},{level:.3f}\n" for d in days))


def one_step_mae(series, last=30, alpha=0.3):
    """R4: mean absolute error of the one-step-ahead forecasts over the last `last` days."""
    values = [t for _, t in series]
    levels = smooth(values, alpha)
    errors = [abs(values[i] - levels[i - 1]) for i in range(len(values) - last, len(values))]
    mae = sum(errors) / len(errors)
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump({"mae": mae, "days": last}, f, indent=2)
    return mae
