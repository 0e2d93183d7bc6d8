#!/usr/bin/env python3
"""Differential check of Chimera's drop variants against Fairy-Stockfish.

Variants: crazyhouse and minishogi (Fairy-Stockfish built-ins, Chimera built-ins), and
mitred-bishogi-minerva, mitred-frontofhouse-minerva and mitred-bishogi-ariana (defined for
Fairy-Stockfish in tests/data/fsf-variants.ini; Chimera's built-ins, else
rulesets/<id>.toml). For each one:

* perft from the start position (default depth 4), root move by root move; on a difference
  the check descends to the first position whose move sets differ;
* the legal move sets at every ply of seeded random games, and at each game's end the two
  programs' FENs (board, hands, side to move, castling rights).

Notation: crazyhouse is written alike by both programs (`e7e8q`, `N@e4`, castling `e1g1`,
promoted pieces `Q~`). In the Shogi-style variants Fairy-Stockfish marks a promotion with
`+` (`a4a5+`, `+P` in FENs) where Chimera writes the promoted piece's own letter (`a4a5t`,
`T`); the check translates, and also checks that the letter Chimera promotes to is the one
the piece must promote to (the moving piece is read from Chimera's SAN):
minishogi R->D, B->H, S->A, P->T; the mitred games by the `promotedPieceType` line of their
Fairy-Stockfish definition, whose letters are Chimera's (mitred-framing.md 2.2), e.g.
Bishogi W->G, M->S, H->N, P->T, R->C, B->A. The mitred definitions emulate "returns from
capture as another piece" by promoted pieces: Fairy-Stockfish's `+W` in Bishogi is Chimera's
Gold `G` (a Gold returns as a Wing), `+H` its Knight, and so on; FENs translate that way.

Usage: scripts/fsf_drops.py [--seed N] [--games N] [--plies N] [--depth N] [--budget SECONDS] [--fen-every N]
                            [--jobs N] [--variants crazyhouse,minishogi,...] [--bin PATH]

One difference is expected and checked rather than reported: Fairy-Stockfish lists a pawn
drop that mates (uchifuzume) among the legal moves of minishogi and scores it as a loss for
the dropper; Shogi forbids the drop and Chimera does not list it (see Minishogi below).
The defaults (perft 4 for each variant, 35 random games of up to 100 plies per variant,
about 17,000 positions) take about 75 seconds on 2 cores.

The binary is $CHIMERA_BIN, else target/release/chimera under $CARGO_TARGET_DIR or the
repository (built with `cargo build --release` if missing). Exits 0 when everything agrees,
1 on any disagreement, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead). A mitred ruleset that Chimera does not have yet is
reported as skipped.
"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

MITRED = ["mitred-bishogi-minerva", "mitred-frontofhouse-minerva", "mitred-bishogi-ariana"]


class Crazyhouse(fc.Adapter):
    name = cvar = fvar = "crazyhouse"


class Minishogi(fc.NoPawnDropMate, fc.PlusPromotion):
    name = cvar = fvar = "minishogi"
    files = ranks = 5
    promotes = {"R": "D", "B": "H", "S": "A", "P": "T"}


class Mitred(fc.PlusPromotion):
    def __init__(self, name, cvar):
        self.name = self.fvar = name
        self.cvar = cvar
        self.promotes = promoted_piece_types(name)


def promoted_piece_types(section):
    """{letter: promoted letter} (uppercase) from the section's `promotedPieceType` line
    in fsf-variants.ini, following its parents."""
    with open(fc.INI_PATH) as f:
        text = f.read()
    sections = {}
    name = None
    for line in text.splitlines():
        line = line.strip()
        m = re.match(r"\[([^\]:]+)(?::([^\]]+))?\]", line)
        if m:
            name = m.group(1)
            sections[name] = {"parent": m.group(2)}
        elif name and "=" in line and not line.startswith("#"):
            key, value = (x.strip() for x in line.split("=", 1))
            sections[name][key] = value
    while section in sections:
        if "promotedPieceType" in sections[section]:
            pairs = sections[section]["promotedPieceType"].split()
            return {a.upper(): b.upper() for a, b in (p.split(":") for p in pairs)}
        section = sections[section]["parent"]
    raise KeyError(f"no promotedPieceType for {section} in {fc.INI_PATH}")


def chimera_variant(name, builtins):
    if name in builtins:
        return name
    path = os.path.join(fc.ROOT, "rulesets", name + ".toml")
    return path if os.path.exists(path) else None


def main():
    ap = fc.arguments(__doc__, depth=4)
    ap.add_argument("--games", type=int, default=35, help="random games per variant")
    ap.add_argument("--plies", type=int, default=100, help="plies per random game at most")
    ap.add_argument("--fen-every", type=int, default=5, help="hand Chimera the FEN every N plies (0: never)")
    ap.add_argument("--variants", default=",".join(["crazyhouse", "minishogi"] + MITRED))
    args = ap.parse_args()

    sf = fc.pyffish_or_skip()
    if sf is None:
        return 0
    started = time.time()
    binary = fc.find_binary(args.bin)
    builtins = fc.Chimera(binary).variants()
    adapters, skipped = [], []
    for name in args.variants.split(","):
        if name == "crazyhouse":
            adapters.append(Crazyhouse())
        elif name == "minishogi":
            adapters.append(Minishogi())
        elif name in MITRED:
            cvar = chimera_variant(name, builtins)
            if cvar is None:
                skipped.append(name)
                print(f"{name}: Chimera has no such variant yet (no built-in, no rulesets/{name}.toml): skipped", flush=True)
            else:
                adapters.append(Mitred(name, cvar))
        else:
            print(f"unknown variant {name}; known: crazyhouse, minishogi, {', '.join(MITRED)}")
            return 2
    fc.setup(sf, binary, adapters)

    result = fc.Result()
    perfts = []
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            perfts = fc.perft_all(adapters, args.depth, pool, result)
        # Plain random play (a third of the time a promotion when there is one), and play
        # that prefers board moves to drops, so that pieces reach the promotion zone.
        plain = {"special": 0.3}
        board = {"special": 0.4, "board": 0.6}
        tasks = []
        for i, a in enumerate(adapters):
            for g in range(args.games):
                seed = args.seed * 100000 + i * 1000 + g
                tasks.append((a.name, seed, None, args.plies, board if g % 2 else plain, args.fen_every, None))
        t = time.time()
        deadline = t + args.budget if args.budget else None
        tasks = fc.round_robin(tasks)
        per_variant = {}
        for task, r in fc.within_budget(zip(tasks, pool.imap(fc.play_game, tasks, chunksize=2)), deadline):
            result.merge(r)
            per_variant[task[0]] = per_variant.get(task[0], 0) + r.compared
        print(f"random games ({time.time() - t:.1f}s); positions per variant: "
              + ", ".join(f"{k} {v}" for k, v in per_variant.items()), flush=True)
    extra = ""
    if perfts:
        extra += f", perft({args.depth}): " + ", ".join(perfts)
    if skipped:
        extra += f"; skipped (no Chimera ruleset yet): {', '.join(skipped)}"
    return fc.report("fsf_drops", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
