#!/bin/sh
# unused_functions.sh: every external function of the build is called
# from another object (or from a test): a function nobody outside its
# file calls is dead (delete it) or private (make it static).  Reads the
# objects of lib/ and server/ with nm: the definitions (T) of the
# libraries' and programs' objects, the calls (U) of every object of the
# build, tests and bench/ included.  Run by `make check` from the build
# tree (TOP_BUILDDIR); skipped (77) when nm or the objects are missing.
set -u
top=${TOP_BUILDDIR:-.}
command -v nm >/dev/null 2>&1 || { echo "unused_functions: no nm"; exit 77; }
ls "$top"/lib/*/libcorrchess_la-*.o >/dev/null 2>&1 ||
	{ echo "unused_functions: the objects are not built in $top"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/unused.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
all=$(find "$top/lib" "$top/server" "$top/tests" "$top/bench" -name '*.o' \
	-not -path '*/.libs/*' 2>/dev/null)
# The code's own objects: the libraries' and the programs' (not a test's
# or a benchmark's copy of a source file).
for o in $all; do
	case $(basename "$o") in tests_* | bench_*) continue ;; esac
	case $o in "$top"/tests/* | "$top"/bench/*) continue ;; esac
	nm -g --defined-only "$o" | awk -v o="$o" '$2 == "T" { print $3, o }'
done | sort >"$tmp/defs"
for o in $all; do
	nm -u "$o" | awk -v o="$o" '{ print $2, o }'
done | sort >"$tmp/uses"
join "$tmp/defs" "$tmp/uses" | awk '$2 != $3 { print $1 }' | sort -u >"$tmp/used"
cut -d' ' -f1 "$tmp/defs" | sort -u | comm -23 - "$tmp/used" |
	grep -v -x -e main -e LLVMFuzzerTestOneInput >"$tmp/unused"
if [ -s "$tmp/unused" ]; then
	while read -r f; do
		echo "FAIL: $f is defined in $(awk -v f="$f" '$1 == f { print $2 }' "$tmp/defs" |
			head -1) and called from no other object: delete it or make it static"
	done <"$tmp/unused"
	exit 1
fi
echo "unused_functions: every external function is called from another object"
