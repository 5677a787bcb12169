"""The gradebook: loading, final scores and letters, statistics (requirements R0, R1, R3)."""
import csv
import json
import os
import statistics

PARTS = ["homework", "midterm", "final"]
LETTERS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def load(grades_path="data/grades.csv", weights_path="data/weights.json"):
    """R0: the marks per student and the weights of each part."""
    with open(grades_path, newline="", encoding="utf-8") as f:
        marks = {r["student"]: {p: float(r[p]) for p in PARTS} for r in csv.DictReader(f)}
    with open(weights_path, encoding="utf-8") as f:
        weights = json.load(f)
    os.makedirs("results", exist_ok=True)
    with open("results/load_report.json", "w", encoding="utf-8") as f:
        json.dump({"students": len(marks), "weights": weights}, f, indent=2)
    return marks, weights


def letter(score):
    """A at 90 or more, B at 80, C at 70, D at 60, F below."""
    return next((name for bound, name in LETTERS if score >= bound), "F")


def final_grades(marks, weights):
    """R1: each student's weighted score (one decimal) and letter, in student order."""
    grades = {}
    for s, m in sorted(marks.items()):
        score = round(sum(m[p] * weights[p] for p in PARTS), 1)
        grades[s] = (score, letter(score))
    return grades


def write_final(grades, path="results/final_grades.csv"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("student,score,letter\n" + "".join(f"{s},{score:.1f},{grade}\n" for s, (score, grade) in grades.items()))


def write_stats(grades, path="results/stats.json"):
    """R3: mean, median and population standard deviation of the scores, and the count of each letter."""
    scores = [score for score, _ in grades.values()]
    counts = {name: sum(1 for _, g in grades.values() if g == name) for name in ["A", "B", "C", "D", "F"]}
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"mean": round(statistics.mean(scores), 2), "median": statistics.median(scores), "std": round(statistics.pstdev(scores), 2), "letters": counts}, f, indent=2)


def load_final(path="results/final_grades.csv"):
    with open(path, newline="", encoding="utf-8") as f:
        return {r["student"]: (float(r["score"]), r["letter"]) for r in csv.DictReader(f)}
