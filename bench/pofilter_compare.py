"""Compares Translate Toolkit's pofilter with rulesync gaps on the same
translation: reads pofilter's output PO (failing units with "(pofilter)"
comments) and rulesync's gaps JSON, and prints, per pofilter test and per
rulesync check, how many units each flags, and for numbers, where both
look, how many units both flag."""
import collections
import json
import re
import sys

po = open(sys.argv[1], encoding="utf-8").read()
flags = collections.Counter()
numbers_po = set()
for block in po.split("\n\n"):
    ctx = re.search(r'^msgctxt "(.*)"', block, re.M)
    for test in re.findall(r"\(pofilter\) ([a-z]+):", block):
        flags[test] += 1
        if test == "numbers" and ctx:
            numbers_po.add(ctx.group(1).split("/")[0])
gaps = json.load(open(sys.argv[2]))
checks = collections.Counter(f["check"] for f in gaps["findings"])
numbers_rs = {f["source_id"] for f in gaps["findings"] if f["check"] == "numbers"}
print("pofilter:", ", ".join(f"{k} {v}" for k, v in flags.most_common()) or "nothing")
print("rulesync:", ", ".join(f"{k} {v}" for k, v in checks.most_common()) or "nothing")
print(f"numbers: pofilter {len(numbers_po)} units, rulesync {len(numbers_rs)} items, both {len(numbers_po & numbers_rs)}")
