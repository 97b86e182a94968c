"""Word-level diff of two text files with Python's difflib, the peer
rulesync diff is timed against: splits both files into words and prints
the changed runs, as a user reaching for the standard library would."""
import difflib
import sys

def words(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split()

a, b = words(sys.argv[1]), words(sys.argv[2])
sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
out = []
for op, i1, i2, j1, j2 in sm.get_opcodes():
    if op != "equal":
        out.append(f"{op} [-{' '.join(a[i1:i2])}-] {{+{' '.join(b[j1:j2])}+}}")
sys.stdout.write("\n".join(out) + "\n")
