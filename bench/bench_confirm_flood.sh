#!/bin/sh
# A victim's sign-in during a flood of POST /api/v1/password-reset/confirm
# from 6 addresses (issue 20; docs/OPERATIONS.md "Login limits",
# docs/BENCHMARKS.md).  The daemon runs with the real argon2id cost and
# the default limits; the victim signs in SAMPLES times (default 20) on
# the quiet daemon, then SAMPLES times while THREADS (default 4) clients
# on each of 127.0.0.2-7 send confirms with made-up tokens and new
# passwords as fast as they are answered.  Each victim sign-in comes from
# an address of its own (127.0.1.x quiet, 127.0.2.x during the flood), so
# the victim's own hashing budget never decides.  Prints the medians of
# both, in the same run, their ratio (the goal is <= 3) and what the
# flood got (422 invalid_token before the address is throttled, then 429).
# BENCH_FAST=1 keeps the minimum argon2id cost (the smoke run of
# tests/bench_smoke.sh).  Needs python3.  CORRCHESS, CORRCHESSD: the
# programs.
set -eu
: "${CORRCHESS:?}" "${CORRCHESSD:?}"
here=$(cd "$(dirname "$0")" && pwd)
export CORRCHESS CORRCHESSD
export TOP_SRCDIR="$here/.."
exec python3 - "$here/../tests/integration" "${SAMPLES:-20}" "${THREADS:-4}" "${BENCH_FAST:-}" <<'PY'
import http.client, json, os, statistics, sys, threading, time
sys.path.insert(0, sys.argv[1])
import harness as h
samples, threads, fast = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
# The limits as a production daemon has them (the harness turns them off).
env = {"CORRCHESS_LOGIN_FAILURES": "5", "CORRCHESS_ADDRESS_FAILURES": "20",
       "CORRCHESS_NAME_FAILURES": "100", "CORRCHESS_ADDRESS_HASHES": "60"}
if not fast:
    env["CORRCHESS_FAST_HASH"] = ""
srv = h.Server(today="2027-09-01", extra_env=env)
FLOOD = ["127.0.0.%d" % i for i in range(2, 8)]


def post(conn, path, body):
    conn.request("POST", h.API + "/" + path, body=json.dumps(body),
                 headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    r.read()
    return r.status


def sign_in(source):
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60,
                                   source_address=(source, 0))
    try:
        t0 = time.monotonic()
        st = post(c, "session", {"login": "victim", "password": "pw-victim-secret"})
        dt = time.monotonic() - t0
    finally:
        c.close()
    assert st == 201, "the victim's sign-in answered %d" % st
    return dt


try:
    srv.add_user("victim")
    srv.start()
    sign_in("127.0.3.1")  # the dummy hash and the caches, before timing
    quiet = sorted(sign_in("127.0.1.%d" % (i + 1)) for i in range(samples))
    stop, lock, got = threading.Event(), threading.Lock(), {}

    def flood(source, k):
        c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60,
                                       source_address=(source, 0))
        n = 0
        while not stop.is_set():
            try:
                st = post(c, "password-reset/confirm",
                          {"token": "%064x" % (hash((source, k, n)) & (2**256 - 1)),
                           "password": "flood-password-%d" % n})
            except (OSError, http.client.HTTPException):
                c.close()
                c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60,
                                               source_address=(source, 0))
                st = -1
            n += 1
            with lock:
                got[st] = got.get(st, 0) + 1
        c.close()

    ts = [threading.Thread(target=flood, args=(a, k), daemon=True)
          for a in FLOOD for k in range(threads)]
    for t in ts:
        t.start()
    while sum(got.values()) < len(ts) * 2:
        time.sleep(0.01)
    t0, n0 = time.monotonic(), sum(got.values())
    busy = sorted(sign_in("127.0.2.%d" % (i + 1)) for i in range(samples))
    dt, n1 = time.monotonic() - t0, sum(got.values())
    stop.set()
    for t in ts:
        t.join(60)
    p = lambda v, q: v[min(len(v) - 1, int(len(v) * q))] * 1e3
    print("victim sign-in (POST /api/v1/session, argon2id %s), %d each:"
          % ("minimum cost" if fast else "interactive cost", samples))
    print("  quiet:                       p50 %8.2f ms   p90 %8.2f ms" % (p(quiet, .5),
                                                                        p(quiet, .9)))
    print("  confirm flood, %d addresses:  p50 %8.2f ms   p90 %8.2f ms" % (len(FLOOD),
                                                                        p(busy, .5),
                                                                        p(busy, .9)))
    print("flood: %d confirms answered meanwhile (%.0f /s): %s" % (
        n1 - n0, (n1 - n0) / dt,
        ", ".join("%d x %s" % (v, k if k > 0 else "error") for k, v in sorted(got.items()))))
    print("ratio flood/quiet (p50): %.2f (goal <= 3)" % (p(busy, .5) / p(quiet, .5)))
finally:
    srv.close()
PY
