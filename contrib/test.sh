#!/bin/sh
# Installs what is needed, builds, and runs every test:
#   1. a -Wall -Wextra -Werror build: make check
#   2. an AddressSanitizer + UndefinedBehaviorSanitizer build: make check
#   3. make distcheck (the tarball builds and passes its tests)
# Safe to run again.  Ends with one line "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh contrib/install-deps.sh || exit 1

passed=0
failed=0
status=0
count() { # a build dir: adds its automake test results to the totals
	for log in "$1"/test-suite.log; do
		[ -f "$log" ] || continue
		p=$(sed -n 's/^# PASS: *//p' "$log" | head -n 1)
		f=$(sed -n 's/^# FAIL: *//p' "$log" | head -n 1)
		e=$(sed -n 's/^# ERROR: *//p' "$log" | head -n 1)
		passed=$((passed + ${p:-0}))
		failed=$((failed + ${f:-0} + ${e:-0}))
	done
}
run_suite() { # name, build dir, configure flags...
	name=$1 dir=$2
	shift 2
	echo "== $name"
	if ! BUILD_DIR="$dir" RECONFIGURE=1 sh contrib/build.sh "$@"; then
		echo "== $name: build FAILED"
		failed=$((failed + 1))
		status=1
		return
	fi
	if ! make -C "$dir" -j"$(nproc)" check; then
		status=1
		for f in "$dir"/tests/*.log; do
			grep -q '^FAIL\|^ERROR' "$f" 2>/dev/null && { echo "---- $f"; tail -n 40 "$f"; }
		done
	fi
	count "$dir"
}

run_suite "strict build (-Werror)" "$top/build" --enable-werror
run_suite "sanitizer build (ASan + UBSan)" "$top/build-asan" --enable-werror --enable-sanitizers

echo "== make distcheck"
if make -C "$top/build" distcheck >"$top/build/distcheck.log" 2>&1; then
	passed=$((passed + 1))
	echo "distcheck: ok"
else
	failed=$((failed + 1))
	status=1
	tail -n 40 "$top/build/distcheck.log"
fi

echo "$passed passed, $failed failed"
exit $status
