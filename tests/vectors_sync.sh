#!/bin/sh
# The tests read the SPEC vectors from tests/vectors/ (so a tarball is
# self-contained); this checks those copies still equal ../shared/vectors/
# beside the project, when that folder is there (not in a tarball build).
shared="$TOP_SRCDIR/../shared/vectors"
if [ ! -d "$shared" ]; then
	echo "SKIP: no $shared here (a tarball build); the copies are what it ships"
	exit 77
fi
fail=0
for f in "$shared"/*.json; do
	name=$(basename "$f")
	if cmp -s "$f" "$TOP_SRCDIR/tests/vectors/$name"; then
		echo "ok - tests/vectors/$name equals shared/vectors/$name"
	else
		echo "FAIL - tests/vectors/$name differs from $f: copy it over"
		fail=1
	fi
done
exit $fail
