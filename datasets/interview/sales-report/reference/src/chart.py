"""An SVG bar chart of revenue per region (requirement R4)."""
import os
from xml.sax.saxutils import escape


def bar_chart(pairs, path, title):
    """R4: one <rect class="bar"> per (label, value) pair, each labelled with its name."""
    width, bar_h, gap, left = 560, 28, 12, 90
    top = 40
    height = top + len(pairs) * (bar_h + gap) + 20
    peak = max(v for _, v in pairs) or 1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">',
             f'<text x="10" y="24" font-size="16">{escape(title)}</text>']
    for i, (label, value) in enumerate(pairs):
        y = top + i * (bar_h + gap)
        w = (width - left - 80) * value / peak
        parts.append(f'<text x="10" y="{y + 19}">{escape(label)}</text>')
        parts.append(f'<rect class="bar" x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="#0072B2"/>')
        parts.append(f'<text class="value" x="{left + w + 6:.1f}" y="{y + 19}">{value:,.0f}</text>')
    parts.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
