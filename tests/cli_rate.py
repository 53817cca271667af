#!/usr/bin/env python3
"""cli_rate.py: every case of tests/vectors/rating.json through the real
`corrchess rate` (from a file, from stdin, and as a whole case), the Elo
case also through `corrchess rating-coordinate --elo FILE` (as CSV), and
the answers to bad input (exit 2, nothing on stdout, one line on stderr).

Needs CORRCHESS (the built binary); TOP_SRCDIR is optional.  Prints one
line per failure and a summary; exit 0 when everything passed."""
import json
import os
import subprocess
import sys
import tempfile

CORRCHESS = os.environ.get("CORRCHESS", "")
TOP = os.environ.get("TOP_SRCDIR") or os.path.join(os.path.dirname(__file__), "..")
passed = 0
failed = 0


def bad(msg):
    global failed
    failed += 1
    print("FAIL: " + msg)


def ok():
    global passed
    passed += 1


def run(args, stdin=None):
    p = subprocess.run([CORRCHESS] + args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def compare(want, got, where):
    """Every field of want must be in got with the same value (numbers to
    the vectors' 4 decimals); returns a list of differences."""
    diffs = []
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return ["%s: not an object" % where]
        for k, v in want.items():
            if k not in got:
                diffs.append("%s.%s: missing" % (where, k))
            else:
                diffs += compare(v, got[k], where + "." + k)
    elif isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return ["%s: %r, want %r" % (where, got, want)]
        if where.endswith(("winners", "covered")):
            want, got = sorted(want), sorted(got)
        for i, (a, b) in enumerate(zip(want, got)):
            diffs += compare(a, b, "%s[%d]" % (where, i))
    elif isinstance(want, bool) or want is None or isinstance(want, str):
        if want != got or type(want) is not type(got):
            diffs.append("%s: %r, want %r" % (where, got, want))
    elif isinstance(want, (int, float)):
        if isinstance(got, bool) or not isinstance(got, (int, float)) or abs(got - want) > 6e-5:
            diffs.append("%s: %r, want %r" % (where, got, want))
    return diffs


def check_output(cid, how, rc, out, err, expected):
    if rc != 0:
        bad("%s (%s): exit %d: %s" % (cid, how, rc, err.strip()))
        return
    try:
        got = json.loads(out)
    except ValueError as exc:
        bad("%s (%s): output is not JSON: %s" % (cid, how, exc))
        return
    diffs = compare(expected, got, cid)
    if diffs:
        bad("%s (%s): %s" % (cid, how, "; ".join(diffs[:5])))
    else:
        ok()


def expect_error(args, stdin, what):
    rc, out, err = run(args, stdin)
    lines = err.splitlines()
    if rc != 2:
        bad("%s: exit %d, want 2 (%s)" % (what, rc, err.strip()))
    elif out:
        bad("%s: printed to stdout" % what)
    elif len(lines) != 1 or not lines[0].startswith("corrchess: "):
        bad("%s: stderr is not one 'corrchess: ' line: %r" % (what, err))
    else:
        ok()


def main():
    if not CORRCHESS or not os.access(CORRCHESS, os.X_OK):
        print("cli_rate.py: CORRCHESS must name the corrchess binary")
        return 1
    with open(os.path.join(TOP, "tests", "vectors", "rating.json"), encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    tmp = tempfile.mkdtemp(prefix="cli_rate.")
    ncases = 0
    for case in cases:
        cid = case["id"]
        ncases += 1
        path = os.path.join(tmp, cid + ".json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(case["input"], f, ensure_ascii=False)
        rc, out, err = run(["rate", path])
        check_output(cid, "file", rc, out, err, case["expected"])
        rc, out, err = run(["rate", "-"], json.dumps(case["input"]))
        check_output(cid, "stdin", rc, out, err, case["expected"])
        rc, out, err = run(["rate"], json.dumps(case, ensure_ascii=False))
        check_output(cid, "whole case", rc, out, err, case["expected"])
        elo = case["input"].get("elo_adjustment")
        if elo is not None:
            csv = os.path.join(tmp, cid + ".csv")
            with open(csv, "w", encoding="utf-8") as f:
                f.write("# DSU 4.5.6: %s\nid,dsu,elo,elo_games,current\n" % cid)
                for p in elo:
                    f.write("%s,%d,%d,%d,%s\n" % (p["id"], p["dsu"], p["elo"], p["elo_games"],
                                                  p.get("current", "")))
            rc, out, err = run(["rating-coordinate", "--elo", csv])
            check_output(cid, "rating-coordinate", rc, out, err, case["expected"])
    if ncases < 8:
        bad("only %d cases in rating.json" % ncases)

    # a group rated differently than the vectors would notice: the output of
    # V1 really changes when a result changes (the test can fail)
    v1 = next(c for c in cases if c["id"] == "V1")
    changed = json.loads(json.dumps(v1["input"]))
    changed["crosstable"][0][3], changed["crosstable"][3][0] = "0", "1"
    rc, out, err = run(["rate", "-"], json.dumps(changed))
    if rc == 0 and compare(v1["expected"], json.loads(out), "V1'"):
        ok()
    else:
        bad("V1 with A-D reversed still gives V1's figures")

    # bad input: exit 2, one line on stderr, nothing on stdout
    good = {"players": [{"id": "A", "rating": 1800}, {"id": "B", "rating": 1700}],
            "crosstable": [["*", "1"], ["0", "*"]]}

    def variant(**kw):
        d = json.loads(json.dumps(good))
        d.update(kw)
        return json.dumps(d)

    expect_error(["rate"], "", "empty input")
    expect_error(["rate"], "{", "broken JSON")
    expect_error(["rate"], "[]", "not an object")
    expect_error(["rate"], variant(players=[]), "no players")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800}, {"id": "A", "rating": 1}]),
                 "duplicate id")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800},
                                            {"id": "B", "rating": None}]),
                 "no rating, not foreign")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800},
                                            {"id": "B", "rating": 12000}]), "rating too big")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800},
                                            {"id": "B", "rating": "1700"}]), "rating a string")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800},
                                            {"id": "B", "rating": 1700, "colour": 1}]),
                 "unknown player field")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800},
                                            {"id": "B", "rating": 1700, "absent": "yes"}]),
                 "absent not a boolean")
    expect_error(["rate"], variant(players=[{"id": "A", "rating": 1800},
                                            {"id": "B", "rating": 1700, "absent": True}]),
                 "absent but played")
    expect_error(["rate"], variant(crosstable=[["*", "1 0 1"], ["0 1", "*"]]),
                 "cells of different lengths")
    expect_error(["rate"], variant(crosstable=[["*", "1"], ["1", "*"]]), "mirror")
    expect_error(["rate"], variant(crosstable=[["*", "2"], ["0", "*"]]), "bad token")
    expect_error(["rate"], variant(crosstable=[["*", "1"]]), "short crosstable")
    expect_error(["rate"], variant(crosstable=[["*", 1], ["0", "*"]]), "number cell")
    expect_error(["rate"], variant(games=[["A", "B", "1-0"]]), "both crosstable and games")
    d = json.loads(variant())
    del d["crosstable"]
    expect_error(["rate"], json.dumps(d), "neither crosstable nor games")
    d["games"] = [["A", "C", "1-0"]]
    expect_error(["rate"], json.dumps(d), "unknown player in games")
    d["games"] = [["A", "B", "1:0"]]
    expect_error(["rate"], json.dumps(d), "bad result")
    d["games"] = [["A", "B", "1-0", "forfeit"]]
    expect_error(["rate"], json.dumps(d), "bad flag")
    d["games"] = [["A", "A", "1-0"]]
    expect_error(["rate"], json.dumps(d), "self game")
    expect_error(["rate"], variant(event="blitz"), "bad event")
    expect_error(["rate"], variant(winners=["Z"]), "unknown winner")
    expect_error(["rate"], variant(extra=1), "unknown field")
    expect_error(["rate"], json.dumps({"players": [{"id": "A", "rating": 1800},
                                                   {"id": "X", "rating": None, "foreign": True}],
                                       "crosstable": [["*", "0"], ["1", "*"]]}),
                 "performance at 100 %")
    expect_error(["rate"], json.dumps({"elo_adjustment": [{"id": "P", "dsu": 2200}]}),
                 "elo case without elo")
    rc, out, err = run(["rate", "/nonexistent/case.json"])
    if rc == 1 and not out and len(err.splitlines()) == 1:
        ok()
    else:
        bad("missing file: exit %d, %r" % (rc, err))
    expect_error(["rate", "a", "b"], None, "two files")
    expect_error(["rate", "--frobnicate"], None, "unknown option")
    rc, out, err = run(["rate", "--help"])
    if rc == 0 and "usage: corrchess rate" in out:
        ok()
    else:
        bad("rate --help")

    csv = os.path.join(tmp, "bad.csv")
    for what, text in (("no header", "P1,2400,2300,40\n"),
                       ("empty", ""),
                       ("bad number", "id,dsu,elo,elo_games\nP1,24x0,2300,40\n"),
                       ("too few fields", "id,dsu,elo,elo_games\nP1,2400,2300\n"),
                       ("too many fields", "id,dsu,elo,elo_games\nP1,2400,2300,40,1,2\n"),
                       ("duplicate id", "id,dsu,elo,elo_games\nP1,2400,2300,40\nP1,2300,2200,40\n"),
                       ("negative games", "id,dsu,elo,elo_games\nP1,2400,2300,-4\n")):
        with open(csv, "w", encoding="utf-8") as f:
            f.write(text)
        expect_error(["rating-coordinate", "--elo", csv], None, "rating-coordinate: " + what)
    expect_error(["rating-coordinate"], None, "rating-coordinate without --elo")
    expect_error(["rating-coordinate", "--elo"], None, "rating-coordinate --elo without FILE")
    expect_error(["rating-coordinate", "--elo", csv, "--on", "2027-08-05"], None,
                 "rating-coordinate --on without --apply")
    # under 25: no adjustment, N 0
    with open(csv, "w", encoding="utf-8") as f:
        f.write("id,dsu,elo,elo_games\nP1,2400,2390,40\nP2,2200,2190,50\n")
    rc, out, err = run(["rating-coordinate", "--elo=" + csv])
    if rc == 0 and json.loads(out)["N"] == 0 and json.loads(out)["adjusted"] == {}:
        ok()
    else:
        bad("rating-coordinate under 25: %d %s %s" % (rc, out, err))

    for f in os.listdir(tmp):
        os.unlink(os.path.join(tmp, f))
    os.rmdir(tmp)
    print("cli_rate: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
