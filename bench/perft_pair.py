#!/usr/bin/env python3
"""perft_pair.py OLD NEW RUNS DEPTH: `corrchess perft DEPTH` of two builds (their
corrchess binaries), alternating, timed as the child CPU time (getrusage);
prints each run, the medians and the ratio (docs/BENCHMARKS.md)."""
import os, sys, subprocess, statistics, resource
A, B, N, D = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
res = {A: [], B: []}
for i in range(N):
    for b in (A, B):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([b, "perft", D], stdout=subprocess.DEVNULL, check=True)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        res[b].append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
for b in (A, B):
    print("%s: CPU ms %s median %.0f" % (b, " ".join("%.0f" % x for x in res[b]), statistics.median(res[b])))
print("ratio B/A %.3f" % (statistics.median(res[B]) / statistics.median(res[A])))
