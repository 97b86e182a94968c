"""Runs each command given as an argument several times and prints the
median wall time in milliseconds, one line per command: name<TAB>ms."""
import statistics
import subprocess
import sys
import time

runs = int(sys.argv[1])
for spec in sys.argv[2:]:
    name, cmd = spec.split("=", 1)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - t) * 1000)
    print(f"{name}\t{statistics.median(times):.1f}")
