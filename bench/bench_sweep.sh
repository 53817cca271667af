#!/bin/sh
# The daily sweep and the TL overview on a big database: GAMES active
# games (default 5000) of 20 plies each, all silent past their reminder
# and TL dates.  Measured, RUNS times each (medians printed):
#   - GET /api/v1/tl/overview (every active game loaded, replayed and its
#     clocks computed), side by side with fetching the same games one by
#     one with GET /api/v1/games/{id} over one kept-alive connection;
#   - `corrchess sweep`: the first run of the day (every event new, three
#     mails a game queued) and a second run the same day (nothing new).
# Needs curl, sqlite3 and python3.  CORRCHESS, CORRCHESSD: the programs.
set -eu
cc=${CORRCHESS:?} ccd=${CORRCHESSD:?}
games=${GAMES:-5000}
runs=${RUNS:-3}
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
export CORRCHESS_FAST_HASH=1
now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { awk -v ns="$1" 'BEGIN {printf "%.1f", ns / 1e6}'; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
db="$tmp/bench.db"
serve() { # today
	CORRCHESS_TODAY=$1 "$ccd" --db "$db" --listen "127.0.0.1:$port" --log-level warn &
	pid=$!
	i=0
	# Ready is what /healthz says (issue 19), not a connect.
	until curl -sf "http://127.0.0.1:$port/healthz" | grep -q '"ready": *true'; do
		i=$((i + 1)); [ $i -lt 100 ] || { echo "corrchessd did not start" >&2; exit 1; }
		sleep 0.1
	done
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=; }
token() { # login password
	curl -s "http://127.0.0.1:$port/api/v1/session" -d "{\"login\":\"$1\",\"password\":\"$2\"}" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}

# One real game of 20 plies through the API, then copied GAMES - 1 times.
CORRCHESS_TODAY=2027-01-01 "$cc" --db "$db" demo >"$tmp/demo" 2>/dev/null
pw() { awk -v u="$1" '$1 == u {print $3}' "$tmp/demo"; }
serve 2027-01-01
wt=$(token alice "$(pw alice)") bt=$(token bob "$(pw bob)")
ply=0
for m in e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7; do
	t=$wt; [ $((ply % 2)) -eq 0 ] || t=$bt
	curl -sf -o /dev/null -H "Authorization: Bearer $t" \
		"http://127.0.0.1:$port/api/v1/games/1/moves" -d "{\"move\":\"$m\"}"
	ply=$((ply + 1))
done
stop
sqlite3 "$db" "WITH RECURSIVE n(k) AS (SELECT 2 UNION ALL SELECT k + 1 FROM n WHERE k < $games)
	INSERT INTO games (id, event, profile, start_date, white, black, start_fen, fen)
	SELECT k, event, profile, start_date, white, black, start_fen, fen FROM games, n
	WHERE games.id = 1;
	INSERT INTO moves SELECT g.id, m.ply, m.iccf, m.san, m.uci, m.received, m.sent, m.days,
	m.series FROM moves m, games g WHERE m.game_id = 1 AND g.id > 1;"
echo "database: $games active games of 20 plies, every player to move silent for 31 days"

today=2027-02-01
serve $today
tt=$(token tl "$(pw tl)")
i=1
while [ $i -le "$games" ]; do
	printf 'url = "http://127.0.0.1:%s/api/v1/games/%s"\noutput = /dev/null\n' "$port" $i
	i=$((i + 1))
done >"$tmp/urls"
r=0
while [ $r -lt "$runs" ]; do
	t0=$(now)
	curl -sf -o "$tmp/overview.json" -H "Authorization: Bearer $tt" \
		"http://127.0.0.1:$port/api/v1/tl/overview"
	t1=$(now)
	curl -sf -H "Authorization: Bearer $tt" -K "$tmp/urls"
	t2=$(now)
	echo $((t1 - t0)) >>"$tmp/ov"
	echo $((t2 - t1)) >>"$tmp/one"
	r=$((r + 1))
done
stop
silent=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["silent"]))' \
	"$tmp/overview.json")
ov=$(median <"$tmp/ov") one=$(median <"$tmp/one")
echo "overview: $(ms "$ov") ms for $silent silent games listed (median of $runs)"
echo "GET each game: $(ms "$one") ms for $games games over one connection (median of $runs)"
awk -v a="$ov" -v b="$one" 'BEGIN {printf "ratio overview / one by one: %.2f\n", a / b}'

cp "$db" "$tmp/fresh.db"
r=0
while [ $r -lt "$runs" ]; do
	cp "$tmp/fresh.db" "$db"
	rm -f "$db-wal" "$db-shm"
	t0=$(now)
	CORRCHESS_TODAY=$today "$cc" --db "$db" sweep >"$tmp/sweep1" 2>/dev/null
	t1=$(now)
	CORRCHESS_TODAY=$today "$cc" --db "$db" sweep >"$tmp/sweep2" 2>/dev/null
	t2=$(now)
	echo $((t1 - t0)) >>"$tmp/s1"
	echo $((t2 - t1)) >>"$tmp/s2"
	r=$((r + 1))
done
echo "sweep, first run:  $(ms "$(median <"$tmp/s1")") ms; $(tail -n 1 "$tmp/sweep1")"
echo "sweep, second run: $(ms "$(median <"$tmp/s2")") ms; $(tail -n 1 "$tmp/sweep2")"
