"""The equity curves (requirement R4)."""
import os


def equity_chart(out, path="results/figures/equity.svg"):
    """R4: the strategy's and buy and hold's equity as two polylines."""
    w, h, pad = 640, 300, 20
    values = [e for *_, e, _ in out] + [x[4] for x in out]
    lo, hi = min(values), max(values)

    def line(series):
        return " ".join(f"{pad + i * (w - 2 * pad) / (len(series) - 1):.1f},{h - pad - (v - lo) / (hi - lo) * (h - 2 * pad):.1f}" for i, v in enumerate(series))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">',
             f'<polyline class="strategy" fill="none" stroke="#0072B2" stroke-width="2" points="{line([x[3] for x in out])}"/>',
             f'<polyline class="buy-hold" fill="none" stroke="#999999" points="{line([x[4] for x in out])}"/>',
             "</svg>"]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
