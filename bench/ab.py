"""Interleaved A/B timing of two commands: one loop that alternates them
(A, B, A, B, ...) so that both see the same machine load, RUNS times
each after one untimed warm-up run of each. Prints one tab-separated line:

  name  a_median_ms  a_min_ms  a_max_ms  a_peak_kb  b_median_ms  b_min_ms  b_max_ms  b_peak_kb  ratio

ratio is A's median over B's. Peak RSS is the largest resident set of
the process as /usr/bin/time -f %M reports it, from the warm-up run
(wait4's own figure counts the Python parent's pages copied by fork).
B may be "-" for a command without a peer:
its fields are then "-". Commands are run
without a shell (split like a shell would, no pipes); "{fresh}" in a
command is replaced by a new empty directory for each run (an empty
cache: a first run). A command that fails stops the measurement.

  python3 bench/ab.py RUNS NAME 'COMMAND A' 'COMMAND B'

With CPU=1 in the environment the times are processor time (user and
system, every thread of the process, from the rusage of the children)
in place of wall time: on a shared machine the wall time says more about
the load than about the work.

RUNS 0 times one run of each, the one that measures peak RSS.
"""
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CPU = os.environ.get("CPU") == "1"


def once(cmd, rss=False):
    """Runs cmd once; returns its wall time in ms and, with rss, its peak
    resident set in KB (else 0)."""
    fresh = None
    if "{fresh}" in cmd:
        fresh = tempfile.mkdtemp(prefix="ab-fresh-")
        cmd = cmd.replace("{fresh}", fresh)
    argv = shlex.split(cmd)
    env = None
    # Leading NAME=VALUE words set the environment, as in a shell.
    while argv and "=" in argv[0] and not argv[0].startswith("/"):
        k, v = argv.pop(0).split("=", 1)
        env = dict(env or os.environ)
        env[k] = v
    out = None
    if rss:
        fd, out = tempfile.mkstemp(prefix="ab-rss-")
        os.close(fd)
        argv = ["/usr/bin/time", "-f", "%M", "-o", out] + argv
    try:
        t = time.perf_counter()
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        code = p.wait()
        ms = (time.perf_counter() - t) * 1000
        if CPU:
            u = resource.getrusage(resource.RUSAGE_CHILDREN)
            ms = (u.ru_utime - r.ru_utime + u.ru_stime - r.ru_stime) * 1000
        kb = 0
        if out:
            with open(out) as f:
                kb = int(f.read().split()[-1])
    finally:
        if fresh:
            shutil.rmtree(fresh, ignore_errors=True)
        if out:
            os.remove(out)
    # git diff exits 1 when the files differ; rulesync diff exits 0.
    if code not in (0, 1):
        sys.exit(f"ab.py: {cmd!r} exited with {code}")
    return ms, kb


def main():
    runs, name, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    peer = b != "-"
    wa, ka = once(a, rss=True)
    wb, kb = 0, 0
    if peer:
        wb, kb = once(b, rss=True)
    ta, tb = [], []
    if runs == 0:
        # A command of seconds: its one run under /usr/bin/time is the
        # measurement (the wrapper's millisecond does not show).
        ta, tb = [wa], [wb]
    for _ in range(runs):
        ta.append(once(a)[0])
        if peer:
            tb.append(once(b)[0])
    med_a = statistics.median(ta)
    out = [name, f"{med_a:.1f}", f"{min(ta):.1f}", f"{max(ta):.1f}", str(ka)]
    if peer:
        med_b = statistics.median(tb)
        out += [f"{med_b:.1f}", f"{min(tb):.1f}", f"{max(tb):.1f}", str(kb), f"{med_a / med_b:.2f}"]
    else:
        out += ["-"] * 5
    print("\t".join(out))


if __name__ == "__main__":
    main()
