#!/usr/bin/env python3
"""The search's strength against baseline players (issue 53): `chimera playtest VARIANT
--opponent random|greedy` over the listed variants, the search at `--nodes` a move (10,000
by default), White in half the games; fails when the search scores less than 98 % against
the random mover or 90 % against the one-ply greedy capturer in any variant.

Usage: scripts/playtest_strength.py [--games 100] [--nodes 10000] [--seed N]
       [--variants chess,shogi,...] [--binary target/release/chimera]
The seed defaults to today's date (printed): a failure is replayed with it.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANTS = [
    "chess", "shogi", "xiangqi", "crazyhouse", "mischia", "mystic", "pocket-mutation",
    "mitred-ariana", "mitred-diana", "mitred-electra", "mitred-minerva", "mitred-rla",
    "mitred-sylvia", "marseillais", "chushogi",
]
NEEDED = {"random": 0.98, "greedy": 0.90}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=int(datetime.date.today().strftime("%Y%m%d")))
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "chimera"))
    args = ap.parse_args()
    print(f"seed {args.seed} (replay: --seed {args.seed}); {args.games} games each at {args.nodes} nodes a move")
    failed = []
    for variant in args.variants.split(","):
        for opponent, needed in NEEDED.items():
            began = time.time()
            out = subprocess.run(
                [args.binary, "playtest", variant, "--opponent", opponent, "--games", str(args.games),
                 "--nodes", str(args.nodes), "--seed", str(args.seed), "--json"],
                capture_output=True, text=True, check=True,
            )
            v = json.loads(out.stdout)["versus"]
            ok = v["score"] >= needed
            print(f"{variant:16} vs {opponent:6}: {100 * v['score']:5.1f} % (won {v['won']}, drawn {v['drawn']}, "
                  f"lost {v['lost']}; needed {100 * needed:.0f} %) {'ok' if ok else 'BELOW'} [{time.time() - began:.0f} s]",
                  flush=True)
            if not ok:
                failed.append(f"{variant} vs {opponent}")
    if failed:
        print("below the mark: " + ", ".join(failed))
        sys.exit(1)
    print("every variant at or above the mark")


if __name__ == "__main__":
    main()
