#!/usr/bin/env python3
"""Differential check of `chimera export-ini` against Fairy-Stockfish itself.

Every built-in ruleset is written as a Fairy-Stockfish section by `chimera export-ini
--json`; the refused ones are counted by the ruleset key responsible. Each exported section
is loaded into pyffish (`load_variant_config`, under the name `exp<id>` so that no
built-in of Fairy-Stockfish is redefined: `[chess:chess]` becomes `[expchess:chess]`), and
compared with Chimera's built-in as scripts/fsf_library.py compares a variant
(scripts/fsf_common.py does the work): the start positions must be equal, perft(--depth,
default 2) from the start must agree move by move, and the legal move sets at every ply of
seeded random games must be equal (at least --positions per variant, or until --budget
seconds are spent, the variants taking their games in turn).

The report gives the built-ins exported, refused (with the keys), and the exported ones
agreeing with pyffish or disagreeing (with the differences).

Usage: scripts/fsf_export.py [--seed N] [--budget SECONDS] [--depth N] [--positions N]
                             [--plies N] [--variants chess,gothic] [--jobs N] [--bin PATH]

Exits 0 when every exported section agrees, 1 on any disagreement, and 1 when pyffish is
missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import collections
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

PLAIN = {"special": 1 / 3}
PAWNS = {"special": 1 / 3, "pawn": 0.5}


class Exported(fc.Adapter):
    """A built-in (Chimera's id `cvar`) and its exported section in pyffish (`fvar`)."""

    def __init__(self, name, files, ranks):
        self.name = self.cvar = name
        self.fvar = "exp" + name.replace("-", "")
        self.files, self.ranks = files, ranks


class ExportedShogi(fc.PlusPromotion, Exported):
    """A section with Shogi-style promotions (`promotedPieceType = w:g`): Fairy-Stockfish
    writes a promoted piece `+` and its origin's letter (`+W`), a promotion `a6a7+`, a
    demotion (`pieceDemotion`) `a6a7-` and a drop of the promoted type `+W@c3`, where
    Chimera writes each type's own letter (`G`, `a6a7g`, `a6a7w`, `G@c3`). `promotes` maps
    each origin's letter to its promoted type's, read from the section."""

    hands = False  # both programs write a hand where there are drops

    def __init__(self, name, files, ranks, promotes):
        super().__init__(name, files, ranks)
        self.promotes = promotes

    def to_fsf(self, uci, san):
        start, dest, suffix = fc.split_move(uci)
        faces = {v: k for k, v in self.promotes.items()}
        if start.endswith("@"):
            base = faces.get(start[0].upper())
            return (f"+{base}@{dest}" if base else uci), None
        if suffix.upper() in faces:
            return start + dest + "+", None
        if suffix.upper() in self.promotes:
            return start + dest + "-", None
        return uci, None


def export_all(chimera, wanted):
    """[(adapter, section text)] for the exported built-ins, and the refusals' keys."""
    exported, refused = [], collections.Counter()
    for name in chimera.variants():
        if wanted and name not in wanted:
            continue
        out, _ = chimera.run(["export-ini", name, "--json"])
        e = json.loads(out)
        if not e["exported"]:
            r = e["refusal"]
            refused[r["key"].split(".")[0].split("[")[0]] += 1
            continue
        text = e["section"]
        options = dict(line.split(" = ", 1) for line in text.splitlines() if " = " in line and not line.startswith("#"))
        files, ranks = int(options.get("maxFile", 8)), int(options.get("maxRank", 8))
        if "promotedPieceType" in options:
            pairs = (p.split(":") for p in options["promotedPieceType"].split())
            a = ExportedShogi(name, files, ranks, {o.upper(): t.upper() for o, t in pairs})
        else:
            a = Exported(name, files, ranks)
        # A move and a wall are one turn in Fairy-Stockfish (`e2e4,e4e5`).
        a.turns = "wallingRule" in options
        header = f"[{name}:" if f"[{name}:" in text else f"[{name}]"
        text = text.replace(header, header.replace(name, a.fvar, 1), 1)
        exported.append((a, text))
    return exported, refused


def main():
    ap = fc.arguments(__doc__, depth=2)
    ap.add_argument("--positions", type=int, default=300, help="positions to compare per variant at least")
    ap.add_argument("--plies", type=int, default=80, help="plies per random game at most")
    ap.add_argument("--fen-every", type=int, default=3, help="hand Chimera the FEN every N plies (0: never)")
    ap.add_argument("--variants", default="", help="only these built-ins (comma-separated)")
    args = ap.parse_args()
    wanted = set(filter(None, args.variants.split(",")))
    sf = fc.import_pyffish()
    if sf is None:
        fc.oracle_missing("pyffish")
    chimera = fc.Chimera(fc.find_binary(args.bin))
    exported, refused = export_all(chimera, wanted)
    adapters = [a for a, _ in exported]
    started = fc.start(args, adapters, "\n".join(text for _, text in exported))
    if started is None:
        return 0
    missing = [a.name for a in adapters if a.fvar not in fc.SF.variants()]
    if missing:
        print(f"pyffish did not load the sections of {missing}: counted as disagreeing")
    adapters = [a for a in adapters if a.name not in missing]
    print(f"exported {len(exported)} built-ins, refused {sum(refused.values())}: by key "
          + ", ".join(f"{k} {n}" for k, n in refused.most_common()), flush=True)

    result = fc.Result()
    for m in missing:
        result.disagreements.append(f"{m}: pyffish does not load the exported section")
    perfts = []
    names = [a.name for a in adapters]
    differing = collections.defaultdict(int)
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            for a in adapters:
                before = len(result.disagreements)
                total, nodes = fc.check_perft(a, args.depth, pool, result)
                if total != nodes or len(result.disagreements) != before:
                    differing[a.name] += 1
                perfts.append(f"{a.name} {nodes}" + ("" if total == nodes else f" (fsf {total})"))
                print(f"{a.name}: perft({args.depth}) fsf {total}, chimera {nodes}", flush=True)
        t = time.time()
        deadline = started + args.budget if args.budget else None

        def count_disagreement(task, r):
            if r.disagreements:
                differing[task[0]] += 1

        compared, games = fc.games_to_budget(pool, adapters, names, args, (PLAIN, PAWNS), result, deadline, count_disagreement)
        print(f"random games ({time.time() - t:.1f}s), positions (games) per variant: "
              + ", ".join(f"{k} {v} ({games[k]})" for k, v in compared.items()), flush=True)
    bad = sorted({n for n, k in differing.items() if k} | set(missing))
    agreeing = len(exported) - len(bad)
    print(f"export-ini: {len(exported)} built-ins exported, {agreeing} agreeing with pyffish, "
          f"{len(exported) - agreeing} disagreeing"
          + (f" ({', '.join(bad)})" if bad else "")
          + f"; {sum(refused.values())} refused")
    extra = f", perft({args.depth}): " + ", ".join(perfts) if perfts else ""
    return fc.report("fsf_export", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
