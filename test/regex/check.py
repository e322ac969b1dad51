# Runs Python's re over a batch of cases, for test/regex.test.ts and bench/regex.js.
#   python3 check.py PATTERNS CASES [--time | --fullmatch]
# The same files as Check.java: one pattern a line; cases "INDEX<TAB>HEX(UTF-16 code units)".
# Prints one line of verdicts: "1" (re.search found a match), "0" (none), "E" (the engine
# raised). With --fullmatch, re.fullmatch decides instead of re.search. With --time, one line a case instead: the nanoseconds it took (best of five) and
# the verdict.
import re
import sys
import time


def verdict(p, s, whole=False):
    try:
        return "1" if (p.fullmatch(s) if whole else p.search(s)) else "0"
    except (RecursionError, RuntimeError):
        return "E"


def main():
    timing = len(sys.argv) > 3 and sys.argv[3] == "--time"
    whole = len(sys.argv) > 3 and sys.argv[3] == "--fullmatch"
    with open(sys.argv[1], encoding="utf-8") as f:
        patterns = [re.compile(line.rstrip("\n")) for line in f]
    out = []
    with open(sys.argv[2], encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            index, hexed = line.split("\t")
            s = bytes.fromhex(hexed).decode("utf-16-be", "surrogatepass")
            p = patterns[int(index)]
            if timing:
                best = None
                for _ in range(5):
                    t0 = time.perf_counter_ns()
                    v = verdict(p, s)
                    t = time.perf_counter_ns() - t0
                    best = t if best is None else min(best, t)
                out.append(f"{best} {v}\n")
            else:
                out.append(verdict(p, s, whole))
    sys.stdout.write("".join(out) + "\n")


main()
