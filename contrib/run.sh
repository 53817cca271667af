#!/bin/sh
# Installs what is needed, builds corrchess, and runs the daemon (the web
# pages and the API) on 127.0.0.1:8080 with an embedded SQLite database
# holding a demo tournament (`corrchess demo`): a tournament leader and
# five players in a round robin 40 days in, with results, games in
# progress, a pending move series and a player on vacation.  Safe to run
# again: the database (build/demo.db) is made, and its logins printed,
# only once.
#   PORT=8081 sh contrib/run.sh     to listen elsewhere
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh contrib/install-deps.sh
sh contrib/build.sh
bin="$top/build/server"
db="$top/build/demo.db"
port=${PORT:-8080}
if [ ! -f "$db" ]; then
	# A demo that stops half-way leaves no half database behind.
	"$bin/corrchess" --db "$db" demo || { rm -f "$db" "$db-wal" "$db-shm"; exit 1; }
else
	echo "run: using $db (its demo logins were printed when it was made; delete it to start over)"
fi
echo "run: corrchessd serving the web pages at http://127.0.0.1:$port/ and the API at" \
	"http://127.0.0.1:$port/api/v1/ with $db; Ctrl-C stops it"
exec "$bin/corrchessd" --db "$db" --listen "127.0.0.1:$port" --static_dir "$top/static" \
	--log-level warn
