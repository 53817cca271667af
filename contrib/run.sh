#!/bin/sh
# Installs what is needed, builds corrchess and runs it.
# Safe to run again.
#
# The HTTP daemon (corrchessd, with its SQLite database and demo
# tournament) is not built yet: until it is, this shows the chess core
# at work by counting the move tree from the start position (perft 5)
# and the DSU holiday computation for this year.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh contrib/install-deps.sh
sh contrib/build.sh
cc="$top/build/server/corrchess"
echo "corrchessd does not exist yet; running 'corrchess perft 5' instead:"
"$cc" perft 5
"$cc" easter "$(date +%Y)"
