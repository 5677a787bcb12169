"""Review sentiment: load, split, vocabulary, naive Bayes, evaluation."""
from data_loader import load_reviews
from evaluate import evaluate, top_words, write_predictions
from model import save, train
from vocabulary import build_vocabulary, split


def main():
    reviews = load_reviews()  # R0
    train_reviews, test_reviews = split(reviews)
    vocab = build_vocabulary(train_reviews)  # R1
    model = train(train_reviews, vocab)  # R2
    write_predictions(model, test_reviews, range(0, len(reviews), 4))  # R2
    save(model)  # R3
    metrics = evaluate(model, test_reviews)  # R4
    top_words(model)  # R5
    print(f"accuracy {metrics['accuracy']:.3f} on {metrics['test_reviews']} reviews")


if __name__ == "__main__":
    main()
