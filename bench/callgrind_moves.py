#!/usr/bin/env python3
"""callgrind_moves.py: instructions per move request of corrchessd.

    callgrind_moves.py CORRCHESS CORRCHESSD [PLIES_SHORT PLIES_LONG]

Starts CORRCHESSD under `valgrind --tool=callgrind` on a temporary
database and a free loopback port, plays one server-profile game (knight
moves to and fro, Nf3 Nf6 Ng1 Ng8 ...) of PLIES_SHORT moves, one request
at a time, stops the daemon with SIGTERM and reads the instructions
executed (callgrind's "summary", all threads).  It does the same with
PLIES_LONG moves and prints the difference divided by the extra moves:
the start-up, the sign-ins and the game's creation cancel out, what is
left is the cost of a move request (parse, load and replay, rules, write,
the GAME answer) averaged over games of PLIES_SHORT..PLIES_LONG moves.
Only loopback traffic; the daemon runs with its defaults.

    callgrind_moves.py CORRCHESS CORRCHESSD --gets PLIES N1 N2

counts a game GET instead (issue 25): a game of PLIES moves read N1, then
N2 times by a player (one request at a time, keep-alive off); the
difference divided by N2 - N1 is the cost of one GET of that game."""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def today():
    """The games' start and the daemon's today: CORRCHESS_TODAY, else the
    local date (a fixed old date would lose every game on time)."""
    t = os.environ.get("CORRCHESS_TODAY", "")
    return t if len(t) == 10 else time.strftime("%Y-%m-%d")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port, method, path, body=None, token=None):
    req = urllib.request.Request("http://127.0.0.1:%d/api/v1/%s" % (port, path), method=method,
                                 data=json.dumps(body).encode() if body is not None else None)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=600) as r:
        return r.status, json.loads(r.read())


def run(cli, daemon, plies, gets=0):
    """Instructions of one daemon run that serves a game of `plies` moves
    (and then `gets` reads of it)."""
    d = tempfile.mkdtemp(prefix="callgrind-moves-")
    db, out = os.path.join(d, "bench.db"), os.path.join(d, "callgrind.out")
    env = dict(os.environ, CORRCHESS_FAST_HASH="1", CORRCHESS_LOG_LEVEL="warn",
               CORRCHESS_TODAY=today())
    try:
        for name, role in (("tl", "tl"), ("w", "player"), ("b", "player")):
            subprocess.run([cli, "--db", db, "user", "add", "--name", name, "--email",
                            name + "@bench.invalid", "--role", role, "--password-stdin"],
                           input="benchpassword\n", text=True, check=True, env=env,
                           capture_output=True)
        port = free_port()
        proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                                 daemon, "--db", db, "--listen", "127.0.0.1:%d" % port],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 300
        while True:
            try:  # ready is what /healthz says (issue 19), not a connect
                with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port,
                                            timeout=5) as r:
                    if r.status == 200 and json.loads(r.read()).get("ready") is True:
                        break
            except (OSError, ValueError):
                pass
            if time.time() > deadline or proc.poll() is not None:
                raise RuntimeError("corrchessd did not start under valgrind")
            time.sleep(0.2)
        tok = {}
        for name in ("tl", "w", "b"):
            _, j = call(port, "POST", "session", {"login": name, "password": "benchpassword"})
            tok[name] = j["token"]
        _, g = call(port, "POST", "games", {"white": 2, "black": 3, "profile": "server",
                                            "start_date": env["CORRCHESS_TODAY"]}, tok["tl"])
        cycle = ["Nf3", "Nf6", "Ng1", "Ng8"]
        for i in range(plies):
            status, _ = call(port, "POST", "games/%d/moves" % g["id"], {"move": cycle[i % 4]},
                             tok["w" if i % 2 == 0 else "b"])
            if status != 201:
                raise RuntimeError("move %d: status %d" % (i + 1, status))
        for _ in range(gets):
            status, _ = call(port, "GET", "games/%d" % g["id"], None, tok["b"])
            if status != 200:
                raise RuntimeError("GET: status %d" % status)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=600)
        with open(out) as f:
            m = re.search(r"^summary:\s+(\d+)", f.read(), re.M)
        if not m:
            raise RuntimeError("no callgrind summary")
        keep = os.environ.get("CALLGRIND_KEEP")  # a directory for the profiles
        if keep:
            shutil.copy(out, os.path.join(keep, "callgrind.%s.%d%s" % (os.path.basename(
                os.path.dirname(os.path.dirname(os.path.abspath(daemon)))) or "x", plies,
                ".gets%d" % gets if gets else "")))
        return int(m.group(1))
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: callgrind_moves.py CORRCHESS CORRCHESSD [PLIES_SHORT PLIES_LONG]")
    cli, daemon = sys.argv[1], sys.argv[2]
    if len(sys.argv) == 7 and sys.argv[3] == "--gets":
        plies, n1, n2 = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
        a, b = run(cli, daemon, plies, n1), run(cli, daemon, plies, n2)
        print("instructions: %d plies, %d GETs %d, %d GETs %d; per game GET %.0f"
              % (plies, n1, a, n2, b, (b - a) / (n2 - n1)))
        return
    short = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    long_ = int(sys.argv[4]) if len(sys.argv) > 4 else 120
    a, b = run(cli, daemon, short), run(cli, daemon, long_)
    print("instructions: %d plies %d, %d plies %d; per move request %.0f"
          % (short, a, long_, b, (b - a) / (long_ - short)))


if __name__ == "__main__":
    main()
