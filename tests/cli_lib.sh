# cli_lib.sh: what the CLI tests (tests/cli_*.sh) share; sourced, not run.
#   cli_init NAME    checks CORRCHESS, sets top (the source tree), tmp (a
#                    scratch directory removed at exit) and the counters
#   ok / bad TEXT    count a passed / failed check (bad prints TEXT)
#   cli_refused WHAT PREFIX
#                    the last run ($rc, $tmp/out, $tmp/err) was refused as
#                    bad input: exit 2, nothing on stdout, one line on
#                    stderr starting with PREFIX
#   cli_done NAME    prints the counts; the script's status (0: all passed)
cli_init() {
	if [ -z "${CORRCHESS:-}" ] || [ ! -x "$CORRCHESS" ]; then
		echo "$1: CORRCHESS must name the corrchess binary" >&2
		exit 1
	fi
	top=${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 1
	trap 'rm -rf "$tmp"' EXIT INT TERM
	pass=0
	fail=0
}
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
cli_refused() {
	lines=$(wc -l <"$tmp/err")
	if [ "$rc" -ne 2 ]; then
		bad "$1: exit $rc, expected 2"
	elif [ "$lines" -ne 1 ] || ! grep -q "^$2" "$tmp/err"; then
		bad "$1: stderr is not one '$2' line: $(cat "$tmp/err")"
	elif [ -s "$tmp/out" ]; then
		bad "$1: printed to stdout"
	else
		ok
	fi
}
cli_done() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
