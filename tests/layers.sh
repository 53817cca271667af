#!/bin/sh
# layers.sh: the layers of docs/ARCHITECTURE.md hold - no file includes a
# header of a layer above its own or beside it, no object file calls a
# function of such a layer (nm on the objects of the build), SQL and
# SQLite stay in server/store, the build is by folder, and every file
# name is used once in the tree.
#
#   lib/            includes nothing of server/
#   server/base     includes only base/
#   server/store    base/, store/
#   server/svc      base/, store/, svc/
#   server/jobs     base/, store/, svc/, jobs/      } the adapters: none
#   server/api      base/, store/, svc/, api/       } calls another
#   server/xfcc     base/, store/, svc/, xfcc/      }
#   server/http     base/, store/, svc/, jobs/, api/, xfcc/, http/
#   server/cmd      anything
#
# Exit 0 when every #include "..." of every file keeps to it, 1 otherwise
# (each offending line is printed).  Environment: TOP_SRCDIR, and
# TOP_BUILDDIR for the objects (the check of calls is skipped, and says
# so, when the objects are not built).
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
			excepted "$f" "$inc" && ok=yes
			if [ $ok = no ]; then
				echo "FAIL: $f:$line (a layer above $dir)"
				echo x >> "$tmp"
			fi
		done
	done
}
# The exceptions, each with the issue that ends it (none left: issue 20
# ended api/password.c -> jobs and xfcc -> api).
excepted() { # file, the layer it reaches
	case "$1:$2" in
	*:none) return 0 ;;
	esac
	return 1
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
check server/svc base store svc
check server/jobs base store svc jobs
check server/api base store svc api
check server/xfcc base store svc xfcc
check server/http base store svc jobs api xfcc http
# No call goes up or sideways either: every function an object of a layer
# calls from the server's own objects is defined in its own layer or one
# allowed above (nm; the include check cannot see a prototype written by
# hand).
rank() { # the layers a layer may call, as a pattern
	case $1 in
	base) echo "base" ;;
	store) echo "base|store" ;;
	svc) echo "base|store|svc" ;;
	jobs) echo "base|store|svc|jobs" ;;
	api) echo "base|store|svc|api" ;;
	xfcc) echo "base|store|svc|xfcc" ;;
	http) echo "base|store|svc|jobs|api|xfcc|http" ;;
	*) echo ".*" ;;
	esac
}
objs=${TOP_BUILDDIR:-.}/server
if command -v nm >/dev/null 2>&1 && ls "$objs"/base/*.o >/dev/null 2>&1; then
	defs=$(mktemp "${TMPDIR:-/tmp}/layers-defs.XXXXXX") || exit 1
	for o in "$objs"/*/*.o; do
		layer=$(basename "$(dirname "$o")")
		nm -g --defined-only "$o" 2>/dev/null | awk -v l="$layer" '$2 ~ /^[TDBR]$/ {print $3, l}'
	done | sort -u > "$defs"
	for o in "$objs"/*/*.o; do
		layer=$(basename "$(dirname "$o")")
		allowed=$(rank "$layer")
		src=server/$layer/$(basename "$o" .o | sed 's/^[a-z_]*-//')
		nm -u "$o" 2>/dev/null | awk '{print $2}' | sort -u | join - "$defs" | while read -r sym at; do
			echo "$at" | grep -Eqx "$allowed" && continue
			excepted "$src.c" "$at" && continue
			echo "FAIL: $src.c calls $sym of server/$at (a layer above or beside $layer)"
			echo x >> "$tmp"
		done
	done
	rm -f "$defs"
else
	echo "layers: the objects are not built in $objs: the check of calls is skipped"
fi
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
# File names are unique across the tree (issue 26): a name says which file
# it is in a trace, a log or a review, and libtool need not rename objects.
# The fragments are the exception by design (FOLDER/FOLDER.am).
dups=$(find lib server tests bench contrib static migrations \( -name '*.c' -o -name '*.h' \
	-o -name '*.sh' -o -name '*.py' -o -name '*.js' -o -name '*.mjs' -o -name '*.html' \) \
	-type f ! -path '*/corpus/*' ! -path '*/regressions/*' ! -path '*/node_modules/*' |
	awk -F/ '{print $NF}' | sort | uniq -d)
if [ -n "$dups" ]; then
	for d in $dups; do
		echo "FAIL: the file name $d is used more than once:" \
			$(find lib server tests bench contrib static migrations -name "$d" -type f ! -path '*/node_modules/*')
	done
	status=1
fi
[ $status -eq 0 ] && echo "layers: ok"
exit $status
