"""Computes the final grades, the statistics and the histogram."""
from gradebook import final_grades, load, write_final, write_stats
from histogram import histogram


def main():
    marks, weights = load()  # R0
    grades = final_grades(marks, weights)  # R1
    write_final(grades)
    write_stats(grades)  # R3
    histogram([score for score, _ in grades.values()])  # R4
    print(f"final grades for {len(grades)} students")


if __name__ == "__main__":
    main()
