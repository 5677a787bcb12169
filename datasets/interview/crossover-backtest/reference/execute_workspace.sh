#!/bin/bash
set -e
python src/main.py
