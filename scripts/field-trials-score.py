#!/usr/bin/env python3
"""Scores the field trials' JSON reports (see scripts/field-trials.sh).

  field-trials-score.py case CASE_DIR OUT_DIR APP SPLIT ID CATEGORY FAIL FIX
      prints one results row per mode (plain, static, rag) and writes the
      case's fix location and explanations to stderr, for reading.
  field-trials-score.py summary RESULTS_TSV [VERDICTS_TSV]
      prints per split and app, per mode: the fix location in the context,
      the rank of its chunk, failing function named, fix location named,
      each with n and a 95% Wilson interval; and rag >= static case by case.

Advice contradicted by the source is read, not computed: fieldtrials/verdicts.tsv
holds a person's verdict per case (ok or contradicted, with the reason), and
the summary counts it. Beside it, when scripts/field-trials-claims.sh has
written claims.tsv next to RESULTS_TSV, the cases whose rag explanation
holds a claim the evaluation's claim checker contradicts.

A fix location is FILE:FUNC (Type.Method for a method, "-" for a whole
non-Go file such as a migration or a template); FIX may list alternatives
separated by "|", the first being the function to change. The fix location
is "in the context" when a chunk of its file overlaps the function's lines
(any chunk of the file for "-"); its rank is the chunk's 1-based position
in context[]. The explanation "names" a function when its name appears in
explanation.text: Type.Method or (*Type).Method for a method, the bare name
for a function (as a word), or the file's base name with a line inside the
function (file.go:123). A non-Go file is named by its base name.
"""
import json
import math
import os
import re
import sys

MODES = ("plain", "static", "rag")


def func_range(path, func):
    """1-based first and last line of a Go function or method in path, of a struct or interface type's declaration, or of a package-level variable's."""
    try:
        lines = [l.rstrip("\r") for l in open(path, encoding="utf-8", errors="replace").read().split("\n")]  # CRLF files too
    except OSError:
        return None
    tparams = r"(?:\[[^\]]*\])?"  # a generic function's or receiver's type parameters
    if "." in func:
        typ, name = func.split(".", 1)
        pat = re.compile(r"^func \(\w*\s*\*?" + re.escape(typ) + tparams + r"\) " + re.escape(name) + tparams + r"\(")
    else:
        pat = re.compile(r"^func " + re.escape(func) + tparams + r"\(")
    for i, line in enumerate(lines):
        if pat.match(line):
            for j in range(i, len(lines)):
                if lines[j] == "}" or (j == i and lines[j].rstrip().endswith("}")):
                    return (i + 1, j + 1)
            return (i + 1, len(lines))
    if "." not in func:
        # A type's declaration ("type Settings struct {", or one spec of
        # a type block): the fix of a field's type is there.
        tpat = re.compile(r"^(?:type\s+|\t)" + re.escape(func) + tparams + r"\s+(?:struct|interface)\s*\{")
        for i, line in enumerate(lines):
            if tpat.match(line):
                close = "}" if line.startswith("type") else "\t}"
                for j in range(i, len(lines)):
                    if lines[j] == close or (j == i and lines[j].rstrip().endswith("}")):
                        return (i + 1, j + 1)
                return (i + 1, len(lines))
        # A package-level variable ("var queries = engine.NewQueryMap()."
        # and the lines that go on with it): a query map or a table of
        # settings is fixed there.
        vpat = re.compile(r"^var\s+" + re.escape(func) + r"\b")
        for i, line in enumerate(lines):
            if vpat.match(line):
                j = i + 1
                while j < len(lines) and lines[j].strip() != "" and lines[j][:1] in ("\t", " ", ")", "}"):
                    j += 1
                return (i + 1, j)
        # One spec of a var block ("var (" then "\ttables = []any{"): to
        # the line that closes what it opens.
        gpat = re.compile(r"^\t" + re.escape(func) + r"\b[^=:]*=[^=]")
        inblock = False
        for i, line in enumerate(lines):
            if line.startswith("var ("):
                inblock = True
            elif line.startswith(")"):
                inblock = False
            elif inblock and gpat.match(line):
                depth = 0
                for j in range(i, len(lines)):
                    depth += lines[j].count("{") + lines[j].count("(") - lines[j].count("}") - lines[j].count(")")
                    if depth <= 0:
                        return (i + 1, j + 1)
                return (i + 1, len(lines))
    return None


def parse_fix(case_dir, fix):
    locs = []
    for alt in fix.split("|"):
        f, func = alt.rsplit(":", 1)
        rng = None if func == "-" else func_range(os.path.join(case_dir, f), func)
        locs.append((f, func, rng))
    return locs


def same_file(chunk_file, f):
    cf = chunk_file.replace("\\", "/")
    return cf == f or cf.endswith("/" + f)


def chunk_hits(chunk, loc):
    f, func, rng = loc
    if not same_file(chunk.get("file", ""), f):
        return False
    if func == "-":
        return True
    if rng is None:
        return False
    return chunk.get("start_line", 0) <= rng[1] and chunk.get("end_line", 0) >= rng[0]


def shared_basenames(case_dir):
    """The base names that more than one Go or SQL file of the app has
    ("folder.go" in two store packages): a bare "folder.go:23" names
    neither for sure."""
    count = {}
    for root, dirs, files in os.walk(case_dir):
        dirs[:] = [d for d in dirs if d not in (".git", "vendor", "node_modules")]
        for name in files:
            if name.endswith((".go", ".sql")):
                count[name] = count.get(name, 0) + 1
    return {n for n, c in count.items() if c > 1}


def cites(text, f, base, shared):
    """The places text cites in file f, as (line or None) for each: a
    path ending in f's directory and base name, or the bare base name when
    no other file of the app has it."""
    out = []
    for m in re.finditer(r"([\w.\-]+/)*" + re.escape(base) + r"(?::(\d+))?\b", text):
        path = m.group(0).split(":")[0]
        if path != base and not f.endswith(path):
            continue
        if path == base and base in shared:
            continue
        out.append(int(m.group(2)) if m.group(2) else None)
    return out


def names(text, loc, shared=frozenset()):
    f, func, rng = loc
    base = os.path.basename(f)
    if func == "-":
        return bool(cites(text, f, base, shared))
    if "." in func:
        typ, name = func.split(".", 1)
        if re.search(r"(\(\*?" + re.escape(typ) + r"\)|\b" + re.escape(typ) + r")\." + re.escape(name) + r"\b", text):
            return True
    elif func != "init" and re.search(r"(?<![\w.])" + re.escape(func) + r"\b", text):
        return True
    elif func == "init" and re.search(r"\binit\b", text) and base in text:
        return True
    if rng:
        for n in cites(text, f, base, shared):
            if n is not None and rng[0] <= n <= rng[1]:
                return True
    return False


def fail_named(text, fail):
    """Whether text names the failing function, or one of the
    alternatives after "|" (a handler and the method behind it)."""
    if "|" in fail:
        return any(fail_named(text, f) for f in fail.split("|") if f)
    if "." in fail:
        typ, name = fail.split(".", 1)
        return re.search(r"\b" + re.escape(typ) + r"\)?\." + re.escape(name) + r"\b", text) is not None
    return re.search(r"(?<![\w])" + re.escape(fail) + r"\b", text) is not None


def score_case(case_dir, out, app, split, cid, category, fail, fix):
    locs = parse_fix(case_dir, fix)
    shared = shared_basenames(case_dir)
    primary = locs[0]
    log = sys.stderr
    print(f"=== {cid} ({app}, {split}, {category}) fix {fix} lines {[l[2] for l in locs]}", file=log)
    seen_text = {}
    for mode in MODES:
        path = os.path.join(out, "reports", f"{cid}.{mode}.json")
        try:
            status = open(path + ".status").read().strip()
        except OSError:
            status = "-"
        try:
            rep = json.load(open(path))
            if not isinstance(rep, dict) or "explanation" not in rep:
                raise ValueError("not a report")
        except (OSError, ValueError):
            print("\t".join([app, split, cid, category, mode, status, "no-report", "0", "-", "0", "-", "0", "0"]))
            print(f"--- {mode}: no JSON report (status {status})", file=log)
            continue
        ctx = rep.get("context") or []
        rank = next((i + 1 for i, c in enumerate(ctx) if any(chunk_hits(c, l) for l in locs)), None)
        mig = [l for l in locs[1:] if l[1] == "-"]
        mig_in = "-" if not mig else str(int(any(chunk_hits(c, l) for c in ctx for l in mig)))
        text = (rep.get("explanation") or {}).get("text", "")
        kind = (rep.get("error") or {}).get("kind", "")
        fn = int(fail_named(text, fail))
        fx = int(any(names(text, l, shared) for l in locs))
        print("\t".join([app, split, cid, category, mode, status, kind, str(int(rank is not None)),
                         str(rank or "-"), str(len(ctx)), mig_in, str(fn), str(fx)]))
        chunks = ", ".join(f"{os.path.basename(c.get('file', ''))}:{c.get('start_line')}-{c.get('end_line')} {c.get('symbol', '')} [{c.get('reason', '')}]" for c in ctx)
        print(f"--- {mode}: status {status}, fix in context: {rank or 'no'}, failing function named: {fn}, fix named: {fx}", file=log)
        print(f"    context: {chunks}", file=log)
        if text in seen_text:
            print(f"    explanation: same as {seen_text[text]}", file=log)
        else:
            seen_text[text] = mode
            print("    explanation:\n" + "\n".join("      " + l for l in text.split("\n")), file=log)
    print("", file=log)


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def rate(k, n):
    lo, hi = wilson(k, n)
    return f"{k}/{n} ({100 * k / n:.0f}%, 95% CI {100 * lo:.0f}-{100 * hi:.0f}%)" if n else "0/0"


def read_verdicts(path=None):
    """fieldtrials/verdicts.tsv: id, verdict (ok or contradicted), reason; read by a person from explanations.txt."""
    if path is None:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fieldtrials", "verdicts.tsv")
    v = {}
    if os.path.exists(path):
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            v[f[0]] = f[1]
    return v


def read_claims(results):
    """claims.tsv beside RESULTS_TSV (scripts/field-trials-claims.sh): id -> contradicted claims of the rag explanation."""
    path = os.path.join(os.path.dirname(os.path.abspath(results)), "claims.tsv")
    c = {}
    if os.path.exists(path):
        for line in list(open(path))[1:]:
            f = line.rstrip("\n").split("\t")
            if len(f) >= 4:
                c[f[0]] = int(f[2])
    return c


def summary(results, verdicts_path=None):
    verdicts = read_verdicts(verdicts_path)
    claims = read_claims(results)
    rows = []
    with open(results) as fh:
        head = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            rows.append(dict(zip(head, line.rstrip("\n").split("\t"))))
    groups = []
    splits = []
    for r in rows:  # every split the results hold, in their order
        if r["split"] not in splits:
            splits.append(r["split"])
    for split in splits:
        apps = sorted({r["app"] for r in rows if r["split"] == split})
        groups.append((f"{split} (all apps)", [r for r in rows if r["split"] == split]))
        for a in apps:
            groups.append((f"{split}: {a}", [r for r in rows if r["app"] == a]))
    for name, rs in groups:
        if not rs:
            continue
        ids = sorted({r["id"] for r in rs})
        print(f"## {name}: {len(ids)} cases")
        for mode in MODES:
            m = [r for r in rs if r["mode"] == mode]
            n = len(m)
            k = sum(r["in_context"] == "1" for r in m)
            ranks = sorted(int(r["rank"]) for r in m if r["rank"] not in ("-", ""))
            top1 = sum(x == 1 for x in ranks)
            med = ranks[len(ranks) // 2] if ranks else "-"
            print(f"  {mode:6} fix location in context {rate(k, n)}; rank median {med}, first {top1}/{k}, ranks {ranks}")
        for mode in MODES:
            m = [r for r in rs if r["mode"] == mode]
            n = len(m)
            print(f"  {mode:6} failing function named {rate(sum(r['fail_named'] == '1' for r in m), n)}; "
                  f"fix location named {rate(sum(r['fix_named'] == '1' for r in m), n)}")
        for mode in MODES:
            m = [r for r in rs if r["mode"] == mode and r.get("migration_in_context", "-") not in ("-", "")]
            if m:
                print(f"  {mode:6} migration or schema file in context (cases that list one) "
                      f"{rate(sum(r['migration_in_context'] == '1' for r in m), len(m))}")
        by = {(r["id"], r["mode"]): r for r in rs}
        worse = [i for i in ids if by.get((i, "static"), {}).get("in_context") == "1" and by.get((i, "rag"), {}).get("in_context") != "1"]
        print(f"  rag >= static case by case: {len(ids) - len(worse)}/{len(ids)}" + (f" (rag misses where static hits: {', '.join(worse)})" if worse else ""))
        miss = {mode: [i for i in ids if by.get((i, mode), {}).get("in_context") != "1"] for mode in ("static", "rag")}
        print(f"  misses: static {', '.join(miss['static']) or 'none'}; rag {', '.join(miss['rag']) or 'none'}")
        judged = [i for i in ids if i in verdicts]
        bad = [i for i in judged if verdicts[i] == "contradicted"]
        if judged:
            print(f"  advice contradicted by the source (read, rag mode): {rate(len(bad), len(judged))}: {', '.join(bad) or 'none'}")
        checked = [i for i in ids if i in claims]
        if checked:
            flagged = [i for i in checked if claims[i] > 0]
            print(f"  a claim the checker contradicts (rag mode, mechanical): {rate(len(flagged), len(checked))}: {', '.join(flagged) or 'none'}")
        nfx = [i for i in ids if by.get((i, "rag"), {}).get("fix_named") != "1"]
        print(f"  fix location not named (rag): {', '.join(nfx) or 'none'}")
        print()


if __name__ == "__main__":
    if sys.argv[1] == "case":
        score_case(*sys.argv[2:10])
    elif sys.argv[1] == "summary":
        summary(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    else:
        sys.exit(__doc__)
