#!/usr/bin/env python3
"""Where the 2 cores go while the move bench runs: the CPU of each of
corrchessd's threads by name (user and system time), of the bench's own
client, and the machine's idle time, over each daemon's life.

    cd build && python3 ../bench/thread_split.py ./bench/bench_moves 64 300

runs the command given (with CORRCHESS and CORRCHESSD set as for
bench_moves; BENCH_ROUNDS as it is) and prints, for each daemon it
started, cores used (seconds of CPU a second of wall time).  The threads
carry names since docs/OPERATIONS.md's list (cc-writer, cc-walsync, ...;
MHD-worker are the HTTP event threads).  Sampling reads /proc every 20 ms
and costs a little of the machine itself; quote ratios, not absolutes
(docs/BENCHMARKS.md)."""
import collections
import glob
import os
import subprocess
import sys
import time

TICK = os.sysconf('SC_CLK_TCK')


def proc_cpu(path):
    """(user, system) seconds of a /proc/PID or /proc/PID/task/TID."""
    s = open(path + '/stat').read()
    f = s[s.rindex(')') + 2:].split()
    return int(f[11]) / TICK, int(f[12]) / TICK


def machine():
    """(idle seconds summed over the cores) since boot."""
    f = open('/proc/stat').readline().split()[1:]
    return int(f[3]) / TICK


def daemons():
    out = []
    for p in glob.glob('/proc/[0-9]*'):
        try:
            if open(p + '/comm').read().strip() == 'corrchessd':
                out.append(int(p[6:]))
        except OSError:
            pass
    return out


def threads_of(pid, seen):
    """seen (tid -> (name, user, system)) updated from pid's threads; a
    thread that ended keeps its last sample."""
    for t in glob.glob('/proc/%d/task/*' % pid):
        try:
            name = open(t + '/comm').read().strip()
            u, s = proc_cpu(t)
        except OSError:
            continue
        seen[int(t.rsplit('/', 1)[1])] = (name, u, s)
    return seen


def by_name(seen):
    agg = collections.defaultdict(lambda: [0.0, 0.0])
    for name, u, s in seen.values():
        agg[name][0] += u
        agg[name][1] += s
    return agg


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bench = subprocess.Popen(sys.argv[1:], stderr=subprocess.DEVNULL)
    lives = {}  # pid -> [t0, client0, idle0, t1, client1, idle1, threads]
    while bench.poll() is None:
        try:
            cu, cs = proc_cpu('/proc/%d' % bench.pid)
        except OSError:
            break
        now, idle = time.time(), machine()
        for pid in daemons():
            life = lives.setdefault(pid, [now, cu + cs, idle, now, cu + cs, idle, {}])
            if threads_of(pid, life[6]):
                life[3:6] = [now, cu + cs, idle]
        time.sleep(0.02)
    bench.wait()
    for pid, (t0, c0, i0, t1, c1, i1, th) in sorted(lives.items()):
        wall = t1 - t0
        if wall <= 0:
            continue  # sampled once: no interval to divide by
        parts = ['%s u%.2f s%.2f' % (n, u / wall, s / wall)
                 for n, (u, s) in sorted(by_name(th).items())]
        print('daemon %d, %.1f s: %s; bench client %.2f; machine idle %.2f cores'
              % (pid, wall, ', '.join(parts), (c1 - c0) / wall, (i1 - i0) / wall))
    return bench.returncode


if __name__ == '__main__':
    sys.exit(main())
