"""House prices: clean, split, fit, evaluate, plot."""
from data_loader import clean, load_houses, split
from evaluate import evaluate, residual_plot
from linear import fit, save


def main():
    houses = clean(load_houses())  # R0
    train, test = split(houses)  # R1
    model = fit(train)  # R2
    save(model)
    actual, predicted = evaluate(model, test)  # R3, R5
    residual_plot(actual, predicted)  # R4
    print(f"fitted on {len(train)} houses, tested on {len(test)}")


if __name__ == "__main__":
    main()
