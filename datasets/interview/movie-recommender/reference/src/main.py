"""Movie recommendations: hold out, similarities, evaluation, top 3."""
from data_loader import hold_out, load
from recommend import evaluate, recommend
from similarity import save_neighbours, similarities


def main():
    ratings, titles = load()  # R0
    train, test, means = hold_out(ratings)  # R1
    sims = similarities(train, means)  # R2
    save_neighbours(sims)
    by_user = {}
    for u, m, r in train:
        by_user.setdefault(u, {})[m] = r
    metrics = evaluate(test, by_user, means, sims)  # R3
    recommend(ratings, titles, by_user, means, sims)  # R4
    print(f"RMSE {metrics['rmse']:.3f} (user means: {metrics['baseline_rmse']:.3f})")


if __name__ == "__main__":
    main()
