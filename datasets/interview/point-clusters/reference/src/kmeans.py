"""K-means by Lloyd's iterations (requirements R1, R2)."""
import json


def sq_dist(a, b):
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def nearest(point, centroids):
    return min(range(len(centroids)), key=lambda k: sq_dist(point, centroids[k]))


def kmeans(points, starts=(0, 50, 100), max_iter=100):
    """R1: centroids start at the given rows; iterate until no assignment changes."""
    centroids = [points[i] for i in starts]
    assignment = None
    for iteration in range(1, max_iter + 1):
        new = [nearest(p, centroids) for p in points]
        if new == assignment:
            break
        assignment = new
        for k in range(len(centroids)):
            members = [p for p, a in zip(points, assignment) if a == k]
            centroids[k] = (sum(p[0] for p in members) / len(members), sum(p[1] for p in members) / len(members))
    with open("results/kmeans_log.txt", "w", encoding="utf-8") as f:
        f.write(f"converged after {iteration} iterations\n")
    return centroids, assignment


def relabel(centroids, assignment):
    """Clusters renumbered left to right (by centroid x): 0 is the leftmost."""
    order = sorted(range(len(centroids)), key=lambda k: centroids[k][0])
    new_id = {old: new for new, old in enumerate(order)}
    return [centroids[k] for k in order], [new_id[a] for a in assignment]


def save_centroids(centroids, path="results/centroids.json"):
    """R2: the centroids, left to right, in scaled coordinates."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump([[round(x, 6), round(y, 6)] for x, y in centroids], f)
