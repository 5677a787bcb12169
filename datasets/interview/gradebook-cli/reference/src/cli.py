"""Command-line queries of the final grades (requirement R2)."""
import argparse

from gradebook import load_final


def main(argv=None):
    """R2: --student ID prints `ID: score (letter)`; --top N prints the N best, one per line; --out FILE writes there too."""
    parser = argparse.ArgumentParser(description="Query the final grades")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--student", help="a student id, e.g. S07")
    group.add_argument("--top", type=int, help="how many of the best students to list")
    parser.add_argument("--out", help="also write the answer to this file")
    args = parser.parse_args(argv)
    grades = load_final()
    if args.student:
        if args.student not in grades:
            parser.error(f"unknown student {args.student}")
        score, grade = grades[args.student]
        lines = [f"{args.student}: {score:.1f} ({grade})"]
    else:
        best = sorted(grades.items(), key=lambda kv: (-kv[1][0], kv[0]))[: args.top]
        lines = [f"{i}. {s}: {score:.1f} ({grade})" for i, (s, (score, grade)) in enumerate(best, 1)]
    answer = "\n".join(lines) + "\n"
    print(answer, end="")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(answer)


if __name__ == "__main__":
    main()
