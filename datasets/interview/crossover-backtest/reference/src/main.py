"""Backtest of a moving-average crossover."""
from data_loader import daily_returns, load_prices
from metrics import performance
from plot import equity_chart
from strategy import backtest, indicators


def main():
    rows = load_prices()  # R0
    daily_returns(rows)
    fast, slow = indicators(rows)  # R1
    out = backtest(rows, fast, slow)  # R2
    result = performance(out)  # R3
    equity_chart(out)  # R4
    print(f"strategy {result['total_return']:+.2%}, buy and hold {result['buy_and_hold_return']:+.2%}")


if __name__ == "__main__":
    main()
