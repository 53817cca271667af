#!/bin/sh
# format.sh: every C file of the tree is as .clang-format says (issue 26):
# clang-format --dry-run --Werror on each .c and .h under lib/, server/,
# tests/ and bench/.  Reformat with
#     clang-format -i $(git ls-files '*.c' '*.h')
# Exit 0 when none differs, 1 otherwise (each file that differs is named);
# clang-format is installed by contrib/install-deps.sh, and a missing one
# is a failure, not a skip.  Environment: TOP_SRCDIR.
TOP_SRCDIR=${TOP_SRCDIR:-$(dirname "$0")/..}
cd "$TOP_SRCDIR" || exit 1
if ! command -v clang-format >/dev/null 2>&1; then
	echo "format.sh: clang-format is not installed (contrib/install-deps.sh installs it)"
	exit 1
fi
status=0
n=0
for f in $(find lib server tests bench -name '*.[ch]' -type f ! -path server/store/migrations.c | sort); do
	n=$((n + 1))
	if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
		echo "format.sh: $f differs from .clang-format (clang-format -i $f)"
		status=1
	fi
done
echo "format.sh: $n C files checked"
exit $status
