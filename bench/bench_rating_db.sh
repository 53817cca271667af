#!/bin/sh
# bench_rating_db.sh: `make bench`'s database re-rating (bench/bench_rating_db.py).
exec "${PYTHON3:-python3}" "$(dirname "$0")/bench_rating_db.py" "$@"
