#!/usr/bin/env python3
"""cli_tourney_cmp.py: EXPECTED ACTUAL: exit 0 when the JSON in file ACTUAL
contains the JSON in file EXPECTED (tests/vectors/tournaments.json: "a
server may return more fields"): every key of an expected object is
present with a matching value, lists match element by element and have
the same length, numbers compare by value (12 == 12.0).  Otherwise prints
the first difference, with its path, and exits 1."""
import json
import sys


def diff(exp, act, path):
    """The first difference as a sentence, or None."""
    if isinstance(exp, dict):
        if not isinstance(act, dict):
            return f"{path}: expected an object, got {json.dumps(act)}"
        for k, v in exp.items():
            if k not in act:
                return f"{path}.{k}: missing"
            d = diff(v, act[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(exp, list):
        if not isinstance(act, list) or len(act) != len(exp):
            return f"{path}: expected {json.dumps(exp)}, got {json.dumps(act)}"
        for i, (e, a) in enumerate(zip(exp, act)):
            d = diff(e, a, f"{path}[{i}]")
            if d:
                return d
        return None
    if isinstance(exp, bool) or isinstance(act, bool):
        ok = exp is act
    elif isinstance(exp, (int, float)) and isinstance(act, (int, float)):
        ok = exp == act
    else:
        ok = exp == act and type(exp) is type(act)
    return None if ok else f"{path}: expected {json.dumps(exp)}, got {json.dumps(act)}"


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        exp = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        act = json.load(f)
    d = diff(exp, act, "$")
    if d:
        print(d)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
