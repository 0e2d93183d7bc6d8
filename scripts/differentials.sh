#!/usr/bin/env bash
# Every differential check against Fairy-Stockfish (scripts/fsf_*.py; fsf_common.py is
# their shared module), one after another, each printing its time.
#
#   scripts/differentials.sh [PYTHON]          CI's run: each check at CI's size or to a
#                                              time budget (about 9 minutes on 2 cores)
#   scripts/differentials.sh --full [PYTHON]   the full-size runs, for a release (an hour
#                                              or more on 2 cores)
#
# PYTHON (default python3) must import pyffish and the chimera package (fsf_endings.py
# compares chimera.compat): CI passes its venv's. Every check's random games take today's
# date as their seed and print it; a missing oracle fails the check. Perft counts that
# agree with Fairy-Stockfish's pinned ones (tests/data/fsf-perft-pinned.tsv) are not asked
# of pyffish again, but in the full run.
set -euo pipefail
cd "$(dirname "$0")/.."
full=false
if [ "${1:-}" = "--full" ]; then full=true; shift; fi
python=${1:-python3}

if $full; then
  # Every perft asked of pyffish again, not read from tests/data/fsf-perft-pinned.tsv.
  export CHIMERA_PERFT_LIVE=1
  checks=(fsf_diff fsf_mischia fsf_drops fsf_mystic fsf_3check fsf_atomic fsf_library fsf_export fsf_connect fsf_endings
    "fsf_endings_counting" "fsf_perpetual --games 40" "fsf_notation --broad")
else
  # Each check to a time budget (random games until it is spent, the variants taking
  # their games in turn) or a small size: the whole set takes about 7 minutes on 2 cores
  # (each day's seed plays other games: what one run leaves out, the next days cover).
  # The ends, claims and notations spend nearly all their time in pyffish, which sets its
  # variant up anew at every call (about 1 ms: fsf_endings.py says why).
  checks=(fsf_diff "fsf_mischia --budget 25" "fsf_drops --budget 20" fsf_mystic fsf_3check fsf_atomic
    "fsf_library --budget 80" "fsf_export --budget 35" "fsf_connect --positions 150" "fsf_endings --budget 60"
    "fsf_endings_counting --positions 100" "fsf_perpetual --games 4" "fsf_notation --games 1 --plies 5 --broad --sample 4 --broad-plies 6 --budget 60")
fi
for check in "${checks[@]}"; do
  echo "== scripts/$check"
  start=$SECONDS
  # shellcheck disable=SC2086 # the check's arguments are split on purpose
  "$python" scripts/${check%% *}.py ${check#"${check%% *}"}
  echo "== scripts/$check: $((SECONDS - start)) s"
done
