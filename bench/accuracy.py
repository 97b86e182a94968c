"""Scores an alignment of the Japanese reader page with the 2024 English
longform: the page lists its rules, procedures and addendum previews in
the publication's order without rules 1, 54 and 66 (read on the page).
Reads the two documents and "source_id<TAB>target_id" links on stdin;
prints "correct total"."""
import json
import sys

src = json.load(open(sys.argv[1]))["items"]
tgt = json.load(open(sys.argv[2]))["items"]
absent = {"rule:1", "rule:54", "rule:66"}
want = {}
by_kind = {}
for it in src:
    if it["kind"] != "preamble" and it["id"] not in absent:
        by_kind.setdefault(it["kind"], []).append(it["id"])
seen = {}
for it in tgt:
    k = it["kind"]
    if k == "preamble":
        continue
    n = seen.get(k, 0)
    seen[k] = n + 1
    want[it["id"]] = by_kind[k][n]
got = {}
for line in sys.stdin:
    s, t = line.rstrip("\n").split("\t")
    got[t] = s
correct = sum(1 for t, s in want.items() if got.get(t) == s)
print(correct, len(want))
