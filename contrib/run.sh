#!/bin/sh
# Installs what is needed, builds corrchess, and runs the daemon (the web
# pages and the API) on 127.0.0.1:8080 with an embedded SQLite database
# holding a demo tournament (`corrchess demo`): a tournament leader and
# five players in a round robin 40 days in, with results, games in
# progress, a pending move series and a player on vacation.  Safe to run
# again: the database (build/demo.db) is made, and its logins printed,
# only once.
#   PORT=8081 sh contrib/run.sh     to listen elsewhere; the links the
#                                   server writes (the calendar feed and
#                                   its events, PGN [Site], the mail) name
#                                   that port too (base_url)
#   CORRCHESS_BASE_URL=https://chess.example sh contrib/run.sh
#                                   links to another address (a proxy)
#   RUN_BIN=DIR RUN_DB=FILE         the built programs in DIR (nothing is
#                                   installed or built) and another
#                                   database (the tests use them)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
if [ -n "${RUN_BIN:-}" ]; then
	bin=$RUN_BIN
else
	sh contrib/install-deps.sh
	sh contrib/build.sh
	bin="$top/build/server"
fi
db=${RUN_DB:-$top/build/demo.db}
port=${PORT:-8080}
base_url=${CORRCHESS_BASE_URL:-http://127.0.0.1:$port}
if [ ! -f "$db" ]; then
	# A demo that stops half-way leaves no half database behind.  The mail
	# it queues links to base_url as well.
	"$bin/corrchess" --db "$db" --base_url "$base_url" demo ||
		{ rm -f "$db" "$db-wal" "$db-shm"; exit 1; }
else
	echo "run: using $db (its demo logins were printed when it was made; delete it to start over)"
fi
echo "run: corrchessd serving the web pages at http://127.0.0.1:$port/ and the API at" \
	"http://127.0.0.1:$port/api/v1/ with $db, links to $base_url; Ctrl-C stops it"
exec "$bin/corrchessd" --db "$db" --listen "127.0.0.1:$port" --static_dir "$top/static" \
	--base_url "$base_url" --log-level warn
