#!/bin/sh
# layers.sh: the layers of docs/ARCHITECTURE.md hold - no file includes a
# header of a layer above its own, and SQL and SQLite stay in server/store.
#
#   lib/            includes nothing of server/
#   server/base     includes only base/
#   server/store    base/, store/
#   server/jobs     base/, store/, jobs/
#   server/api      base/, store/, jobs/, api/
#   server/xfcc     base/, store/, jobs/, api/, xfcc/
#   server/http     base/, store/, jobs/, api/, xfcc/, http/
#   server/cmd      anything
#
# Exit 0 when every #include "..." of every file keeps to it, 1 otherwise
# (each offending line is printed).  Environment: TOP_SRCDIR.
TOP_SRCDIR=${TOP_SRCDIR:-$(dirname "$0")/..}
cd "$TOP_SRCDIR" || exit 1
status=0
# check DIR ALLOWED-PREFIXES: every server include of DIR's files must
# start with one of the prefixes (lib headers are always allowed).
check() {
	dir=$1
	shift
	for f in "$dir"/*.c "$dir"/*.h; do
		[ -f "$f" ] || continue
		grep -n '^#include "[a-z]*/' "$f" | while IFS= read -r line; do
			inc=$(echo "$line" | sed 's/.*#include "\([a-z]*\)\/.*/\1/')
			case $inc in
			chess | clock | corr | export | notation | notify | rating | tourney | util) continue ;;
			esac
			ok=no
			for p in "$@"; do
				[ "$inc" = "$p" ] && ok=yes
			done
			if [ $ok = no ]; then
				echo "FAIL: $f:$line (a layer above $dir)"
				echo x >> "$tmp"
			fi
		done
	done
}
tmp=$(mktemp "${TMPDIR:-/tmp}/layers.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
for d in lib/*; do
	[ -d "$d" ] || continue
	for f in "$d"/*.c "$d"/*.h; do
		[ -f "$f" ] || continue
		if grep -n '^#include "\(base\|store\|jobs\|api\|xfcc\|http\|cmd\)/' "$f"; then
			echo "FAIL: $f includes server code"
			echo x >> "$tmp"
		fi
	done
done
check server/base base
check server/store base store
check server/jobs base store jobs
check server/api base store jobs api
check server/xfcc base store jobs api xfcc
check server/http base store jobs api xfcc http
# SQL only in server/store (docs/ARCHITECTURE.md).
if grep -ln 'sqlite3\|"SELECT \|"INSERT \|"UPDATE \|"DELETE ' server/*/*.c server/*/*.h lib/*/*.c lib/*/*.h |
	grep -v '^server/store/'; then
	echo "FAIL: SQL or SQLite outside server/store (files above)"
	echo x >> "$tmp"
fi
# Every bind is checked (issue 8; docs/ARCHITECTURE.md): no sqlite3_bind_*
# call stands alone as a statement whose answer is dropped.
if grep -n '^[[:space:]]*sqlite3_bind_[a-z0-9_]*(.*;[[:space:]]*$' server/store/*.c; then
	echo "FAIL: an unchecked sqlite3_bind_* in server/store (lines above)"
	echo x >> "$tmp"
fi
# The build by folder (docs/ARCHITECTURE.md): each folder lists its own
# files in FOLDER/FOLDER.am, and the files a fragment adds to a program, a
# library, the tests or the tarball are files of its own folder (of the
# nearest folder up that has a fragment).  Makefile.am and server/server.am
# only declare.
for am in $(find . -name '*.am' ! -path './build*' ! -path './.git/*' | sed 's|^\./||'); do
	dir=$(dirname "$am")
	case $am in
	Makefile.am | server/server.am) continue ;;
	esac
	if [ "$(basename "$am" .am)" != "$(basename "$dir")" ]; then
		echo "FAIL: $am: a folder's fragment is named after it ($dir/$(basename "$dir").am)"
		echo x >> "$tmp"
	fi
	# The words of the lists that own files: sources of the library and
	# the programs, EXTRA_DIST, TESTS, MIGRATIONS, WEB_PAGES and the lists
	# of tests, with their continuation lines.
	awk '
		/^[A-Za-z_]+[ \t]*\+?=/ {
			name = $1; sub(/[ \t+=].*/, "", name)
			own = name ~ /^(lib_libcorrchess_la_SOURCES|server_libserver_la_SOURCES|server_corrchess_SOURCES|server_corrchessd_SOURCES|EXTRA_DIST|TESTS|MIGRATIONS|WEB_PAGES|[A-Z_]*TESTS|[A-Z_]*CHECKS|CONTRIB_FILES|BENCHSCRIPTS)$/
		}
		own { for (i = 1; i <= NF; i++) if ($i ~ /^[a-z][A-Za-z0-9_.\/-]*\/[A-Za-z0-9_.-]+$/) print $i }
		!/\\$/ { own = 0 }
	' "$am" | while read -r f; do
		f=${f%\$(EXEEXT)}
		owner=$(dirname "$f")
		while [ "$owner" != . ] && [ ! -f "$owner/$(basename "$owner").am" ]; do
			owner=$(dirname "$owner")
		done
		if [ "$owner" != "$dir" ]; then
			echo "FAIL: $am lists $f, a file of $owner/"
			echo x >> "$tmp"
		fi
	done
done
[ -s "$tmp" ] && status=1
[ $status -eq 0 ] && echo "layers: ok"
exit $status
