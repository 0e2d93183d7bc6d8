#!/usr/bin/env python3
"""Random-game differential of variants.ini sections: Chimera's conversion
(`chimera import-ini`) against pyffish (Fairy-Stockfish's Python binding) with the same
file loaded.

    python3 scripts/fsf_ini_diff.py FILE SECTION [SECTION ...] [--games 100] [--seed 1]

Each game starts from the section's start position and plays random moves of pyffish's
list; at every position the legal move sets (long algebraic, pyffish's UCI) must be
equal. Chimera is handed the start FEN and the moves played (it keeps its own game
state: en-passant squares, counts), and every fourth position pyffish's FEN instead, so
that its FEN reading (several en-passant squares) is tested too. Prints, per section,
positions compared and disagreements (the first few shown).
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chimera_moves(binary, ruleset, fen, moves):
    args = [binary, "moves", ruleset, "--notation", "long", "--fen", fen]
    if moves:
        args += ["--moves", " ".join(moves)]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip()
    return [line.split()[0] for line in p.stdout.splitlines() if line.strip()], None


def as_fsf(mine, fsf):
    """Chimera's moves in pyffish's spelling where only the spelling differs (a Shogi-style
    promotion, `+` in pyffish's UCI, is the promoted piece's letter in Chimera's), and
    the map back from pyffish's spelling to Chimera's."""
    if mine is None:
        return None, {}
    fsf = set(fsf)
    out, back = [], {}
    for m in mine:
        if m not in fsf and m[-1:].isalpha() and m[:-1] + "+" in fsf:
            back[m[:-1] + "+"] = m
            m = m[:-1] + "+"
        out.append(m)
    return sorted(out), back


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ini")
    ap.add_argument("sections", nargs="+")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default=os.environ.get("CHIMERA_BIN", os.path.join(ROOT, "target", "release", "chimera")))
    args = ap.parse_args()
    import pyffish as sf

    with open(args.ini) as f:
        sf.load_variant_config(f.read())
    out = tempfile.mkdtemp()
    subprocess.run([args.binary, "import-ini", args.ini, "--out", out], capture_output=True, text=True)
    failed = False
    for section in args.sections:
        ruleset = os.path.join(out, f"{section}.toml")
        if not os.path.exists(ruleset):
            print(f"{section}: not converted")
            failed = True
            continue
        rng = random.Random(args.seed)
        # (Fairy-Stockfish's own FEN of it: a start FEN's castling field without castling dropped.)
        start = sf.get_fen(section, sf.start_fen(section), [])
        positions, differ, shown = 0, 0, 0
        for _ in range(args.games):
            moves, played = [], []
            for ply in range(args.plies):
                fsf = sorted(sf.legal_moves(section, start, moves))
                fen = sf.get_fen(section, start, moves)
                # (A FEN with Shogi-style promoted pieces, `+h`, is spelt otherwise.)
                if ply % 4 == 3 and "+" not in fen.split()[0]:
                    mine, err = chimera_moves(args.binary, ruleset, fen, [])
                else:
                    mine, err = chimera_moves(args.binary, ruleset, start, played)
                mine, back = as_fsf(mine, fsf)
                positions += 1
                if mine != fsf:
                    differ += 1
                    if shown < 5:
                        shown += 1
                        extra = sorted(set(mine or []) - set(fsf))
                        missing = sorted(set(fsf) - set(mine or []))
                        print(f"  {section} {fen}: Chimera only {extra}, pyffish only {missing} {err or ''}")
                    break
                if not fsf or sf.is_optional_game_end(section, start, moves)[0] or sf.is_immediate_game_end(section, start, moves)[0]:
                    break
                m = rng.choice(fsf)
                moves.append(m)
                played.append(back.get(m, m))
        print(f"{section}: {args.games} games, {positions} positions, {differ} disagreements")
        failed |= differ > 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
