"""Churn prediction: split, scale, train, save, evaluate."""
from data_loader import load_customers, split
from evaluate import evaluate
from features import fit_scaler, vectorize
from model import predict, save, train


def main():
    train_rows, test_rows = split(load_customers())  # R0
    mean, std = fit_scaler(train_rows)  # R1
    xs = [vectorize(r, mean, std) for r in train_rows]
    w, b = train(xs, [r["churned"] for r in train_rows])  # R2
    save(w, b)  # R3
    predicted = [predict(vectorize(r, mean, std), w, b) for r in test_rows]
    metrics = evaluate([r["churned"] for r in test_rows], predicted)  # R4, R5
    print(f"test accuracy {metrics['accuracy']:.3f}")


if __name__ == "__main__":
    main()
