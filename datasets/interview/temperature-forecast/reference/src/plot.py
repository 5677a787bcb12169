"""The series and its moving average as an SVG line chart (requirement R5)."""
import os


def line_chart(series, average, path="results/figures/temperature.svg"):
    """R5: a polyline for the daily values and one for the moving average."""
    w, h, pad = 720, 300, 20
    lo = min(t for _, t in series)
    hi = max(t for _, t in series)
    start = series[0][0]

    def points(values):
        return " ".join(f"{pad + (d - start).days * (w - 2 * pad) / 364:.1f},{h - pad - (t - lo) / (hi - lo) * (h - 2 * pad):.1f}" for d, t in values)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">',
             f'<polyline class="observed" fill="none" stroke="#56B4E9" points="{points(series)}"/>',
             f'<polyline class="moving-average" fill="none" stroke="#D55E00" stroke-width="2" points="{points(average)}"/>',
             "</svg>"]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
