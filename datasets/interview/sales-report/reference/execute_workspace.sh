#!/bin/bash
# Runs the whole sales report pipeline.
set -e
python src/main.py
