"""Summarise what one first build compiled beyond another's.

Usage: actiongraph-extra.py BASE.json VARIANT.json

Both files come from "go build -debug-actiongraph". Prints the total
compile time of the packages VARIANT built that BASE did not, and the five
slowest of them, as one line.
"""
import json
import sys
from datetime import datetime


def seconds(stamp):
    stamp = stamp.replace("Z", "+00:00")
    if "." in stamp:
        head, rest = stamp.split(".", 1)
        frac = "".join(ch for ch in rest if ch.isdigit())
        stamp = head + "." + frac[:6].ljust(6, "0") + rest[len(frac):]
    return datetime.fromisoformat(stamp).timestamp()


def builds(path):
    out = {}
    for a in json.load(open(path)):
        if a.get("Mode") == "build" and a.get("TimeStart") and a.get("TimeDone"):
            out[a.get("Package", "")] = seconds(a["TimeDone"]) - seconds(a["TimeStart"])
    return out


def wall(path):
    acts = [a for a in json.load(open(path)) if a.get("TimeStart") and a.get("TimeDone")]
    return max(seconds(a["TimeDone"]) for a in acts) - min(seconds(a["TimeStart"]) for a in acts)


base, variant = builds(sys.argv[1]), builds(sys.argv[2])
extra = sorted(((t, p) for p, t in variant.items() if p not in base), reverse=True)
total = sum(t for t, _ in extra)
top = ", ".join(f"{p} {t:.1f}" for t, p in extra[:5])
print(f"{len(extra)} more packages, {total:.1f} s (whole build {wall(sys.argv[2]):.1f} s, base {wall(sys.argv[1]):.1f} s); slowest: {top}")
