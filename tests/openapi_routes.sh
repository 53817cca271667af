#!/bin/sh
# openapi_routes.sh: every route corrchessd serves is described in
# docs/openapi.yaml.
#
# `corrchessd --routes` prints one "METHOD /pattern" line per route; each
# must appear in the OpenAPI file as a path key under `paths:` (indented
# two spaces, quoted or not) with the lower-case method as a key under it
# (indented four).  Paths the file describes that the daemon does not
# serve are listed as a note, not a failure (the file may run ahead of
# the code).  Exit 0 when all routes are there, 1 otherwise (also when
# the daemon or the file cannot be read).
#
# Environment (set by `make check`): CORRCHESSD, TOP_SRCDIR.

LC_ALL=C # one collation for sort and comm
export LC_ALL
CORRCHESSD=${CORRCHESSD:-corrchessd}
TOP_SRCDIR=${TOP_SRCDIR:-$(dirname "$0")/..}
SPEC="$TOP_SRCDIR/docs/openapi.yaml"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/openapi_routes.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

if [ ! -r "$SPEC" ]; then
	echo "FAIL: cannot read $SPEC"
	exit 1
fi
if ! "$CORRCHESSD" --routes > "$tmp/routes.raw" 2> "$tmp/routes.err"; then
	echo "FAIL: $CORRCHESSD --routes failed:"
	cat "$tmp/routes.err"
	exit 1
fi
# "METHOD /pattern" -> "method /pattern", blank lines dropped.
awk 'NF { if (NF != 2 || substr($2, 1, 1) != "/") { print "BAD " $0; next }
	  print tolower($1) " " $2 }' "$tmp/routes.raw" | sort -u > "$tmp/routes"
if grep -q '^BAD ' "$tmp/routes"; then
	echo "FAIL: corrchessd --routes printed lines that are not \"METHOD /pattern\":"
	sed -n 's/^BAD //p' "$tmp/routes"
	exit 1
fi
if [ ! -s "$tmp/routes" ]; then
	echo "FAIL: corrchessd --routes printed no routes"
	exit 1
fi

# The "method /path" pairs of the OpenAPI file: the block of the top-level
# key `paths:`, path keys at two spaces, operation keys at four.
awk '
	function key(line) {            # the mapping key of a line, unquoted
		sub(/^ +/, "", line)
		sub(/:([ \t].*)?$/, "", line)
		gsub(/^["\047]|["\047]$/, "", line)
		return line
	}
	/^[ \t]*(#|$)/ { next }         # comments and blank lines
	/^[^ ]/ { inpaths = ($0 ~ /^paths:[ \t]*$/); path = ""; next }
	!inpaths { next }
	/^  [^ ]/ { path = key($0); next }
	/^    [^ ]/ {
		m = key($0)
		if (path != "" && m ~ /^(get|put|post|delete|options|head|patch|trace)$/)
			print m " " path
	}
' "$SPEC" | sort -u > "$tmp/documented"

missing=$(comm -23 "$tmp/routes" "$tmp/documented")
extra=$(comm -13 "$tmp/routes" "$tmp/documented")
nroutes=$(wc -l < "$tmp/routes" | tr -d ' ')
if [ -n "$extra" ]; then
	echo "note: described in docs/openapi.yaml but not served by this build:"
	echo "$extra" | sed 's/^/  /'
fi
if [ -n "$missing" ]; then
	echo "FAIL: routes served but not in docs/openapi.yaml (method path):"
	echo "$missing" | sed 's/^/  /'
	exit 1
fi
echo "ok: all $nroutes routes of corrchessd are in docs/openapi.yaml"
exit 0
