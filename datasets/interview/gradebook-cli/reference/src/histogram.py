"""A histogram of the final scores (requirement R4)."""
import os


def histogram(scores, path="results/figures/histogram.svg"):
    """R4: ten bins of width 10 over 0-100 (100 falls in the last), one <rect class="bin"> each, labelled with its count."""
    counts = [0] * 10
    for s in scores:
        counts[min(9, int(s // 10))] += 1
    w, h, pad = 500, 260, 30
    bar = (w - 2 * pad) / 10
    peak = max(counts) or 1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">']
    for i, n in enumerate(counts):
        height = (h - 2 * pad) * n / peak
        parts.append(f'<rect class="bin" data-count="{n}" x="{pad + i * bar:.1f}" y="{h - pad - height:.1f}" width="{bar - 2:.1f}" height="{height:.1f}" fill="#009E73"/>')
        parts.append(f'<text x="{pad + i * bar + bar / 2:.1f}" y="{h - 10}" text-anchor="middle">{i * 10}</text>')
    parts.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
