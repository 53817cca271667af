#!/bin/sh
# man_pages.sh: docs/man/corrchessd.8 and docs/man/corrchess.1 render
# without a warning, and document everything the programs accept.
#
# 1. groff -man -ww (all warnings) and man --warnings print nothing.
# 2. Every --flag in the --help texts (corrchessd --help, corrchess --help,
#    the --help of each command, the usage `corrchess user` prints) and
#    every key corrchessd --help lists (as --key) is in the page of its
#    program; every command of `corrchess --help` has an entry (.B CMD).
# The flags are read from the programs, so a new flag without a line in
# the man page fails here.
#
# Environment (set by `make check`): CORRCHESS, CORRCHESSD, TOP_SRCDIR.

LC_ALL=C.UTF-8
export LC_ALL
CORRCHESS=${CORRCHESS:-corrchess}
CORRCHESSD=${CORRCHESSD:-corrchessd}
TOP_SRCDIR=${TOP_SRCDIR:-$(dirname "$0")/..}
MAN8="$TOP_SRCDIR/docs/man/corrchessd.8"
MAN1="$TOP_SRCDIR/docs/man/corrchess.1"

for t in groff man; do
	if ! command -v $t >/dev/null 2>&1; then
		echo "FAIL: $t is not installed (Debian's groff-base and man-db, contrib/install-deps.sh)"
		exit 1
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/man_pages.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
status=0

# 1. Rendering.
for page in "$MAN8" "$MAN1"; do
	if [ ! -r "$page" ]; then
		echo "FAIL: cannot read $page"
		exit 1
	fi
	groff -man -Tutf8 -ww -z "$page" > "$tmp/groff" 2>&1
	MANWIDTH=80 man --warnings -l "$page" > "$tmp/text" 2> "$tmp/man"
	if [ -s "$tmp/groff" ] || [ -s "$tmp/man" ]; then
		echo "FAIL: $page renders with warnings:"
		cat "$tmp/groff" "$tmp/man"
		status=1
	fi
	if [ "$(wc -l < "$tmp/text")" -lt 40 ]; then
		echo "FAIL: $page renders to almost nothing"
		status=1
	fi
done

# The flags a roff source mentions: \- becomes -.
sed 's/\\-/-/g' "$MAN8" > "$tmp/src8"
sed 's/\\-/-/g' "$MAN1" > "$tmp/src1"

# flags TEXT: the --words of a help text, placeholders (--KEY, --key) left out.
flags() {
	grep -oE -- '--[a-z][a-z0-9_-]*' | grep -vxE -- '--key|--no-such-flag' | sort -u
}

# need PAGE-SOURCE WHAT FLAG...: each flag is in the page.
need() {
	src=$1
	what=$2
	shift 2
	for f in "$@"; do
		if ! grep -qE -- "(^|[^a-z0-9_-])$f([^a-z0-9_-]|\$)" "$src"; then
			echo "FAIL: $what: $f is not in $(basename "$src" | sed 's/^src/man page /')"
			status=1
		fi
	done
}

# 2. corrchessd: its flags and its keys.
"$CORRCHESSD" --help > "$tmp/d.help" || { echo "FAIL: corrchessd --help"; exit 1; }
keys=$(sed -n '/^Keys:/,/^[^ K]/{/^[^ K]/!p;}' "$tmp/d.help" | sed -e 's/^Keys://' \
	-e 's/([^)]*)//g' | tr ', ' '\n\n' | grep -E '^[a-z_]+$')
[ -n "$keys" ] || { echo "FAIL: no keys in corrchessd --help"; exit 1; }
# shellcheck disable=SC2046
need "$tmp/src8" "corrchessd --help" $(flags < "$tmp/d.help") $(for k in $keys; do echo "--$k"; done)
nd=$( (flags < "$tmp/d.help"; for k in $keys; do echo "--$k"; done) | sort -u | wc -l)

# 3. corrchess: its commands, and the flags of each.
"$CORRCHESS" --help > "$tmp/c.help" || { echo "FAIL: corrchess --help"; exit 1; }
cmds=$(sed -n '/^commands:/,$p' "$tmp/c.help" | grep -E '^  [a-z]' | awk '{print $1}' | sort -u)
[ -n "$cmds" ] || { echo "FAIL: no commands in corrchess --help"; exit 1; }
cp "$tmp/c.help" "$tmp/all.help"
nc=0
for c in $cmds; do
	nc=$((nc + 1))
	if ! grep -qE "^\.B $c( |\$)" "$tmp/src1"; then
		echo "FAIL: command $c has no entry (.B $c) in corrchess.1"
		status=1
	fi
	# A command's own usage: --help, or the usage it prints for a bad
	# argument (`user` has subcommands); no command works on a bad flag.
	"$CORRCHESS" --db "$tmp/none.db" "$c" --help >> "$tmp/all.help" 2>&1
	"$CORRCHESS" --db "$tmp/none.db" "$c" --no-such-flag < /dev/null >> "$tmp/all.help" 2>&1
done
# shellcheck disable=SC2046
need "$tmp/src1" "corrchess" $(flags < "$tmp/all.help") $(for k in $keys; do echo "--$k"; done)
n1=$( (flags < "$tmp/all.help"; for k in $keys; do echo "--$k"; done) | sort -u | wc -l)

[ $status -eq 0 ] && echo "ok - man pages render cleanly; corrchessd.8 has $nd flags and keys," \
	"corrchess.1 $nc commands and $n1 flags"
exit $status
