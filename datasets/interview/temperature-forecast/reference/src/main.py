"""Temperature: load, complete, smooth, forecast, plot."""
from data_loader import load_series
from forecast import forecast, one_step_mae
from plot import line_chart
from preprocess import complete, moving_average


def main():
    rows = load_series()  # R0
    series = complete(rows)  # R1
    average = moving_average(series)  # R2
    forecast(series)  # R3
    mae = one_step_mae(series)  # R4
    line_chart(series, average)  # R5
    print(f"{len(series)} days, one-step MAE {mae:.2f}")


if __name__ == "__main__":
    main()
