"""A plain length-based sentence aligner after Gale & Church (1993), the
baseline rulesync's aligner is measured against: dynamic programming over
the two item sequences with the paper's costs for 1-1, 1-0, 0-1, 2-1 and
1-2 links, using only item lengths in characters. Reads two rulesync
document JSON files; prints "source_id<TAB>target_id" per 1-1 link."""
import json
import math
import sys

# The paper's priors for the kinds of link, and the variance of the
# length ratio (s^2 = 6.8); c, the expected ratio, is measured here as
# total target length / total source length.
PRIOR = {(1, 1): 0.89, (1, 0): 0.0099 / 2, (0, 1): 0.0099 / 2, (2, 1): 0.089 / 2, (1, 2): 0.089 / 2}
S2 = 6.8


def norm_cdf(z):
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def cost(l1, l2, c, kind):
    if l1 == 0 and l2 == 0:
        return 0.0
    mean = (l1 + l2 / c) / 2
    z = (c * l1 - l2) / math.sqrt(max(mean, 1e-9) * S2)
    p = 2 * (1 - norm_cdf(abs(z)))
    return -math.log(max(p, 1e-12)) - math.log(PRIOR[kind])


def align(a, b):
    c = sum(b) / max(1, sum(a))
    n, m = len(a), len(b)
    inf = float("inf")
    d = [[inf] * (m + 1) for _ in range(n + 1)]
    back = [[None] * (m + 1) for _ in range(n + 1)]
    d[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            for (di, dj) in PRIOR:
                if i >= di and j >= dj and d[i - di][j - dj] < inf:
                    v = d[i - di][j - dj] + cost(sum(a[i - di:i]), sum(b[j - dj:j]), c, (di, dj))
                    if v < d[i][j]:
                        d[i][j], back[i][j] = v, (di, dj)
    links = []
    i, j = n, m
    while i > 0 or j > 0:
        di, dj = back[i][j]
        if (di, dj) == (1, 1):
            links.append((i - 1, j - 1))
        i, j = i - di, j - dj
    return list(reversed(links))


def main():
    src = json.load(open(sys.argv[1]))["items"]
    tgt = json.load(open(sys.argv[2]))["items"]
    a = [len(it["title"]) + len(it["text"]) for it in src]
    b = [len(it["title"]) + len(it["text"]) for it in tgt]
    for i, j in align(a, b):
        print(f"{src[i]['id']}\t{tgt[j]['id']}")


main()
