"""Glyph recognition: load, k-NN, evaluate, picture the mistakes."""
from data_loader import load_all
from evaluate import confusion, metrics, mistakes_image
from knn import predict_all


def main():
    train, test = load_all()  # R0
    predicted = predict_all(train, test)  # R1
    metrics(test, predicted)  # R2
    confusion(test, predicted)  # R3
    mistakes_image(test, predicted)  # R4
    print(f"{sum(d == p for (d, _), p in zip(test, predicted))} of {len(test)} right")


if __name__ == "__main__":
    main()
