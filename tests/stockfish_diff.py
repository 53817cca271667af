#!/usr/bin/env python3
"""Differential perft test: corrchess against Stockfish.

Makes positions by seeded random playouts (driven through Stockfish's own
move lists, so the positions do not depend on the generator under test)
from several starts, then compares `corrchess perft --divide 3` with
Stockfish's `go perft 3` move by move.  Exit 0 when all agree, 1 otherwise.

Environment: CORRCHESS (the binary), STOCKFISH (the engine),
DIFF_POSITIONS (default 200), DIFF_DEPTH (default 3), DIFF_SEED.
"""
import os
import random
import subprocess
import sys

STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    # pawn endings and promotions, where e.p. and promotion rules matter
    "4k3/1P4p1/8/3pP3/8/8/2p3P1/4K3 w - d6 0 40",
]


class Stockfish:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def divide(self, fen, moves, depth):
        cmd = "position fen " + fen + (" moves " + " ".join(moves) if moves else "")
        self.send(cmd)
        self.send("go perft %d" % depth)
        out = {}
        for line in self.wait_for("Nodes searched"):
            if ": " in line and not line.startswith("Nodes"):
                mv, n = line.split(": ")
                out[mv.strip()] = int(n)
        return out

    def fen(self, fen, moves):
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        for line in self.wait_for("Checkers"):
            if line.startswith("Fen: "):
                return line[5:].strip()
        raise RuntimeError("no Fen line from stockfish")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def corrchess_divide(binary, fen, depth):
    r = subprocess.run([binary, "perft", "--divide", "--fen", fen, str(depth)],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise RuntimeError("corrchess failed on %s: %s" % (fen, r.stderr.strip()))
    out = {}
    lines = r.stdout.strip().splitlines()
    for line in lines[:-1]:
        mv, n = line.split(": ")
        out[mv] = int(n)
    total = int(lines[-1])
    if total != sum(out.values()):
        raise RuntimeError("corrchess total %d != sum of divide lines on %s" % (total, fen))
    return out


def main():
    binary = os.environ.get("CORRCHESS")
    sf_path = os.environ.get("STOCKFISH")
    if not binary or not sf_path:
        print("CORRCHESS and STOCKFISH must be set", file=sys.stderr)
        return 2
    count = int(os.environ.get("DIFF_POSITIONS", "200"))
    depth = int(os.environ.get("DIFF_DEPTH", "3"))
    rng = random.Random(int(os.environ.get("DIFF_SEED", "20261129")))
    sf = Stockfish(sf_path)
    failures = 0
    total_nodes = 0
    done = 0
    while done < count:
        start = STARTS[done % len(STARTS)]
        moves = []
        plies = rng.randint(0, 80)
        for _ in range(plies):
            legal = list(sf.divide(start, moves, 1).keys())
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = sf.fen(start, moves)
        want = sf.divide(fen, [], depth)
        got = corrchess_divide(binary, fen, depth)
        total_nodes += sum(want.values())
        if got != want:
            failures += 1
            print("MISMATCH %s" % fen)
            for mv in sorted(set(got) | set(want)):
                if got.get(mv) != want.get(mv):
                    print("  %s: corrchess %s, stockfish %s" % (mv, got.get(mv), want.get(mv)))
        done += 1
    sf.close()
    print("%d positions, depth %d, %d nodes compared, %d mismatches" %
          (done, depth, total_nodes, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
