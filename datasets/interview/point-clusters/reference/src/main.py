"""Clustering the points: scale, k-means, report."""
from data_loader import load_points, min_max_scale
from kmeans import kmeans, relabel, save_centroids
from report import metrics, save_assignments, scatter


def main():
    points = min_max_scale(load_points())  # R0
    centroids, assignment = relabel(*kmeans(points))  # R1
    save_centroids(centroids)  # R2
    metrics(points, centroids, assignment)  # R3
    save_assignments(assignment)  # R4
    scatter(points, centroids, assignment)  # R5
    print("clusters:", [assignment.count(k) for k in range(3)])


if __name__ == "__main__":
    main()
