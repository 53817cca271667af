#!/bin/sh
# A fresh client while slow clients trickle headers (issue 20): ADDRS
# addresses (127.0.0.2...; default "30 34") each open PER (default 64,
# conn_per_addr's default) connections and trickle their headers a byte a
# second; meanwhile a fresh client from 127.0.0.200 makes READS (default
# 50) requests, each on a new connection (GET /healthz).  The same reads
# on the quiet daemon first.  Prints the median and the slowest answer of
# each and the ratio to quiet (docs/OPERATIONS.md "Slow clients").  30 x
# 64 = 1,920 stay under the 2,000 slots; 34 x 64 = 2,176 hold every slot,
# and the daemon must end the oldest unfinished connections to make room.
# A read that gets no answer within TIMEOUT seconds (default 10) counts as
# timed out.  Needs python3.  CORRCHESS, CORRCHESSD: the programs.
set -eu
: "${CORRCHESS:?}" "${CORRCHESSD:?}"
here=$(cd "$(dirname "$0")" && pwd)
export CORRCHESS CORRCHESSD
export TOP_SRCDIR="$here/.."
exec python3 - "$here/../tests/integration" "${ADDRS:-30 34}" "${PER:-64}" "${READS:-50}" "${TIMEOUT:-10}" <<'PY'
import http.client, socket, statistics, sys, time
sys.path.insert(0, sys.argv[1])
import harness as h
addrs, per, reads = [int(a) for a in sys.argv[2].split()], int(sys.argv[3]), int(sys.argv[4])
timeout = float(sys.argv[5])
_ready = h.wait_ready_once


def ready_or_old(port, timeout=2):
    """Ready as /healthz says; a build from before issue 19 (no "ready"
    in its answer) once it answers 200, for a side-by-side run."""
    if _ready(port, timeout):
        return True
    try:
        import json, urllib.request
        with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=timeout) as r:
            return r.status == 200 and "ready" not in json.loads(r.read())
    except (OSError, ValueError):
        return False


h.wait_ready_once = ready_or_old


def fresh_reads(port):
    out = []
    for _ in range(reads):
        t0 = time.monotonic()
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                       source_address=("127.0.0.200", 0))
        try:
            c.request("GET", "/healthz")
            r = c.getresponse()
            r.read()
            ok = r.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
        finally:
            c.close()
        out.append((time.monotonic() - t0) * 1000 if ok else float("inf"))
    return out


def fmt(v):
    return "timed out" if v == float("inf") else "%.2f ms" % v


def show(what, ms, quiet=None):
    med, worst = statistics.median(ms), max(ms)
    lost = sum(1 for v in ms if v == float("inf"))
    ratio = "" if quiet is None or med == float("inf") else "  (median %.1fx quiet)" % (med / quiet)
    print("%-34s median %10s  slowest %10s  unanswered %d of %d%s"
          % (what, fmt(med), fmt(worst), lost, len(ms), ratio))
    return med


srv = h.Server(today="2027-09-01")
try:
    srv.start()
    quiet = show("quiet", fresh_reads(srv.port))
    for n in addrs:
        socks = []
        for i in range(n):
            for _ in range(per):
                try:
                    s = socket.create_connection(("127.0.0.1", srv.port), timeout=30,
                                                 source_address=("127.0.0.%d" % (i + 2), 0))
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                    socks.append(s)
                except OSError:
                    pass
        trickle = h.Trickle(socks)
        show("%d addresses x %d trickling (%d)" % (n, per, len(socks)), fresh_reads(srv.port),
             quiet)
        trickle.stop(None)
        for s in socks:
            s.close()
        time.sleep(1)  # the daemon notices the closed sockets before the next round
finally:
    srv.close()
PY
