#!/bin/sh
# Reads during a login flood (issue 10): CLIENTS (default 10) clients sign
# in in a loop with the real argon2id cost while one client reads a game
# (GET /api/v1/games/{id}) READS times (default 200); the same reads on
# the quiet daemon first.  Prints the medians and p99s of both, the login
# rate and the median login time (docs/BENCHMARKS.md).  The argon2id work
# runs on the daemon's worker pool, so the reads should stay near their
# quiet figures.  Needs python3.  CORRCHESS, CORRCHESSD: the programs.
set -eu
: "${CORRCHESS:?}" "${CORRCHESSD:?}"
here=$(cd "$(dirname "$0")" && pwd)
export CORRCHESS CORRCHESSD
export TOP_SRCDIR="$here/.."
exec python3 - "$here/../tests/integration" "${CLIENTS:-10}" "${READS:-200}" <<'PY'
import statistics, sys, threading, time
sys.path.insert(0, sys.argv[1])
import harness as h
clients, reads = int(sys.argv[2]), int(sys.argv[3])
srv = h.Server(today="2027-09-01", extra_env={"CORRCHESS_FAST_HASH": ""})
try:
    names = ["u%d" % i for i in range(clients)]
    ids = {n: srv.add_user(n)[0] for n in names}
    ids["tl"] = srv.add_user("tl", "tl")[0]
    srv.start()
    tl = srv.login("tl")
    gid = h.new_game(tl, ids[names[0]], ids[names[-1]] if clients > 1 else ids["tl"],
                     "server", "2027-09-01")["id"]
    def timed_reads():
        out = []
        for _ in range(reads):
            t0 = time.monotonic()
            r = tl.get("games/%d" % gid)
            assert r.status == 200, r
            out.append(time.monotonic() - t0)
        return sorted(out)
    quiet = timed_reads()
    stop, logins = threading.Event(), []
    def flood(name):
        c = srv.client()
        while not stop.is_set():
            t0 = time.monotonic()
            r = c.post("session", {"login": name, "password": "pw-%s-secret" % name})
            assert r.status == 201, r
            logins.append(time.monotonic() - t0)
    ts = [threading.Thread(target=flood, args=(n,), daemon=True) for n in names]
    for t in ts:
        t.start()
    while len(logins) < clients:
        time.sleep(0.05)
    t0, n0 = time.monotonic(), len(logins)
    busy = timed_reads()
    dt, n1 = time.monotonic() - t0, len(logins)
    stop.set()
    for t in ts:
        t.join(60)
    p = lambda v, q: v[min(len(v) - 1, int(len(v) * q))] * 1e3
    print("GET /api/v1/games/{id}, %d reads each:" % reads)
    print("  quiet:                 p50 %7.2f ms   p99 %7.2f ms" % (p(quiet, .5), p(quiet, .99)))
    print("  %2d clients signing in: p50 %7.2f ms   p99 %7.2f ms" % (clients, p(busy, .5),
                                                                   p(busy, .99)))
    print("logins meanwhile: %.1f /s, median %.0f ms each" % ((n1 - n0) / dt,
                                                          statistics.median(logins) * 1e3))
    print("ratio flood/quiet (p50): %.2f" % (p(busy, .5) / p(quiet, .5)))
finally:
    srv.close()
PY
