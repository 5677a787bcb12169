"""Metrics, assignments and the scatter plot (requirements R3, R4, R5)."""
import json
import os

from kmeans import sq_dist


def metrics(points, centroids, assignment):
    """R3: inertia (sum of squared distances to the own centroid) and the cluster sizes."""
    inertia = sum(sq_dist(p, centroids[a]) for p, a in zip(points, assignment))
    sizes = [assignment.count(k) for k in range(len(centroids))]
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump({"inertia": inertia, "cluster_sizes": sizes}, f, indent=2)


def save_assignments(assignment, path="results/assignments.csv"):
    """R4: each point's cluster, by its row in the data file."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("index,cluster\n" + "".join(f"{i},{a}\n" for i, a in enumerate(assignment)))


def scatter(points, centroids, assignment, path="results/figures/clusters.svg"):
    """R5: one circle per point coloured by cluster, and one per centroid."""
    colors = ["#0072B2", "#D55E00", "#009E73"]
    size = 400
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}">']
    for (x, y), a in zip(points, assignment):
        parts.append(f'<circle class="point" cx="{20 + x * 360:.1f}" cy="{380 - y * 360:.1f}" r="3" fill="{colors[a % 3]}"/>')
    for x, y in centroids:
        parts.append(f'<circle class="centroid" cx="{20 + x * 360:.1f}" cy="{380 - y * 360:.1f}" r="7" fill="none" stroke="black"/>')
    parts.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
