#!/bin/bash
set -e
python src/build.py
python src/cli.py --student S07 --out results/student_S07.txt
python src/cli.py --top 3 --out results/top3.txt
