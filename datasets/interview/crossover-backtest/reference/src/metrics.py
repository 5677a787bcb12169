"""Performance of the strategy (requirement R3)."""
import json
import math


def performance(out):
    """R3: total return, maximum drawdown (a positive fraction), annualized Sharpe ratio (252 days, no risk-free rate), and buy and hold's return."""
    daily = [x[2] for x in out]
    mean = sum(daily) / len(daily)
    std = math.sqrt(sum((x - mean) ** 2 for x in daily) / len(daily))
    peak, drawdown = 0.0, 0.0
    for _, _, _, e, _ in out:
        peak = max(peak, e)
        drawdown = max(drawdown, 1 - e / peak)
    result = {"total_return": out[-1][3] - 1, "max_drawdown": drawdown, "sharpe": mean / std * math.sqrt(252) if std else 0.0, "buy_and_hold_return": out[-1][4] - 1}
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2)
    return result
