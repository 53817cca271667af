#!/usr/bin/env python3
"""A daemon that runs for weeks (issue 19, "the statement cache"): one
corrchessd started with `--threads 1`, so one event thread and one
writer thread prepare every statement the daemon has, is driven through
the whole authority matrix (test_authority.py and
test_authority_tournaments.py, every command by every actor) and then
through every route of `corrchessd --routes`.  No answer may be 503 and
the log must not say the statement cache is full: before the cache grew,
the 97th distinct statement of a thread answered 503 "busy" until a
restart, which `make check` never saw with its fresh daemon per file."""
import atexit
import copy
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import *  # noqa: E402,F401,F403
from authority_matrix import MatrixWorld  # noqa: E402
import test_authority as ta  # noqa: E402
import test_authority_tournaments as tat  # noqa: E402
# The files whose tests run on the shared world of harness.py (key
# "default", today 2027-09-01): on SRV here.
import test_bad_input  # noqa: E402
import test_exports  # noqa: E402
import test_games  # noqa: E402
import test_messages  # noqa: E402
import test_races  # noqa: E402
import test_ratings  # noqa: E402
import test_series  # noqa: E402
import test_tournaments  # noqa: E402

SHARED = (test_bad_input, test_exports, test_games, test_messages, test_races, test_ratings,
          test_series, test_tournaments)

TODAY = "2027-09-01"
assert ta.TODAY == TODAY and tat.TODAY == TODAY

SRV = Server(today=TODAY, extra_env={"CORRCHESS_THREADS": "1"})
atexit.register(SRV.close)
BUSY = []  # every 503 of SRV: (method, url, text)

_request = harness.Client.request


def _watched(self, method, path, body=None, raw=None, headers=None):
    r = _request(self, method, path, body=body, raw=raw, headers=headers)
    if self.server is SRV and r.status == 503:
        BUSY.append((method, path, r.text[:200]))
    return r


harness.Client.request = _watched


def _uses_world(fn):
    return "W" in fn.__code__.co_names


def _own_daemon(fn):
    return "Server" in fn.__code__.co_names or "shared_server" in fn.__code__.co_names


# The shared-world tests of SHARED, then the matrix rows of both matrix
# files, run on SRV (their W() finds it made); the tests that start
# daemons of their own are left to their files.
_shared = [fn for fn in harness._tests if fn.__module__ in [m.__name__ for m in SHARED]
           and not _own_daemon(fn)]
_matrix = [fn for fn in harness._tests if fn.__module__ in (ta.__name__, tat.__name__)
           and _uses_world(fn)]
harness._tests[:] = _shared + _matrix


@test
def start_one_thread():
    SRV.start()
    harness._shared["default"] = SRV
    w = MatrixWorld(SRV, start_date=ta.START)
    ta._world.append(w)
    # test_authority_tournaments' world on the same daemon: the same actors
    # (their names are fixed), its own start date, scenes and tournament
    # names.
    w2 = copy.copy(w)
    w2.start_date = TODAY
    w2._count = 1000
    w2.new_scene()
    tat._world.append(w2)
    expect(SRV.alive(), "corrchessd --threads 1 runs")


harness._tests.insert(0, harness._tests.pop())  # first of all


def _fill(pattern, ids):
    return re.sub(r"\{(\w+)\}", lambda m: str(ids.get(m.group(1), 1)), pattern)


@test
def every_route_answers():
    """Every route of the table, with real ids and an empty body, by an
    admin and by nobody: whatever the answer, it is not 503."""
    w = ta.W()
    admin = w.root
    ids = {"id": w.scene.game, "ply": 1, "name": "M"}
    tids = {"id": w.scene.tournament, "ply": 1, "name": "M"}
    uids = {"id": w.ids["white"], "ply": 1, "name": "M"}
    for line in sorted(routes()):
        method, pattern = line.split(" ", 1)
        for c in (admin, Client(SRV)):
            for table in (ids, tids, uids):
                path = _fill(pattern, table)
                body = None if method in ("GET", "DELETE") else {}
                if path.endswith("/calendar.ics") or path.endswith("ratings.csv") or \
                        path.endswith("/pgn") or path.endswith("/transcript"):
                    harness.openapi_check.reset()
                c.request(method, path, body=body)
    for path in ("/healthz", "/metrics", "/", "/games", "/tl"):
        Client(SRV).get(path)
    harness.openapi_check.reset()  # the blind calls' shapes are not the point
    expect(SRV.alive(), "the daemon still runs")
    expect(not BUSY, "no 503 in the whole run: %d, first %r" % (len(BUSY), BUSY[:3]))
    SRV.stop()
    log = SRV.read_log()
    expect("statement cache full" not in log, "the statement cache never filled")


if __name__ == "__main__":
    run_tests()
