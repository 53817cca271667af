#!/bin/sh
# cli_rate.sh: `corrchess rate` and `corrchess rating-coordinate` against
# every case of tests/vectors/rating.json, and their answers to bad input;
# the checks are in tests/cli_rate.py (python3 compares the JSON).
# Needs CORRCHESS; PYTHON3 and TOP_SRCDIR are optional.
top=${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
exec "${PYTHON3:-python3}" "$top/tests/cli_rate.py"
