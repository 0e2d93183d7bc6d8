#!/usr/bin/env bash
# Instructions per perft leaf under callgrind: a repeatable speed figure on a noisy
# machine (it counts instructions, not time).
#
#   scripts/instructions-per-node.sh              # the standard workloads
#   scripts/instructions-per-node.sh chess 5      # one variant and depth
#   scripts/instructions-per-node.sh chess 4 "r3k2r/p1ppqpb1/..."   # and a FEN
#   CHIMERA=path/to/chimera scripts/...           # another binary (default: build release)
#
# Start-up (loading the variant, the tables) is subtracted: the figure is
# (Ir(perft N) - Ir(perft 1)) / leaves(N).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind >/dev/null; then
  echo "valgrind is missing (apt-get install -y valgrind)" >&2
  exit 2
fi
if [[ -z "${CHIMERA:-}" ]]; then
  cargo build --release --quiet
  CHIMERA="${CARGO_TARGET_DIR:-target}/release/chimera"
fi

KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# label|variant|depth|fen (empty: the variant's start): the acceptance workloads of
# issues 13 and 27 first, then one of each kind, then issue 55's (Janggi, Chu shogi).
WORKLOADS=(
  "chess|chess|4|"
  "kiwipete|chess|4|$KIWIPETE"
  "crazyhouse|crazyhouse|4|"
  "3check|3check|4|"
  "antichess|antichess|4|"
  "atomic|atomic|4|"
  "minishogi|minishogi|5|"
  "shogi|shogi|3|"
  "xiangqi|xiangqi|3|"
  "capablanca|capablanca|3|"
  "shako|shako|3|"
  "mischia|mischia|6|"
  "mitred-ariana|mitred-ariana|5|"
  "mystic|mystic|4|"
  "pocket-mutation|pocket-mutation|4|"
  "janggi|janggi|3|"
  "chushogi|chushogi|2|"
)
if [[ $# -eq 2 || $# -eq 3 ]]; then
  WORKLOADS=("$1|$1|$2|${3:-}")
elif [[ $# -ne 0 ]]; then
  echo "usage: $0 [VARIANT DEPTH [FEN]]" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Ir of one run; the leaf count goes to $tmp/nodes.
instructions() {
  local variant=$1 depth=$2 fen=$3
  local args=(perft "$variant" "$depth" --threads 1 --no-progress)
  [[ -n "$fen" ]] && args+=(--fen "$fen")
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" \
    "$CHIMERA" "${args[@]}" >"$tmp/stdout" 2>"$tmp/stderr"
  sed -n 's/^nodes //p' "$tmp/stdout" >"$tmp/nodes"
  # The totals line of the profile: "summary: <Ir>" (or "totals:" in newer valgrinds).
  sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$tmp/out" | head -1
}

printf '%-18s %5s %12s %16s %10s\n' variant depth leaves instructions "Ir/leaf"
for w in "${WORKLOADS[@]}"; do
  IFS='|' read -r label variant depth fen <<<"$w"
  base=$(instructions "$variant" 1 "$fen")
  total=$(instructions "$variant" "$depth" "$fen")
  leaves=$(cat "$tmp/nodes")
  # %.0f, not %d: mawk's %d clamps at 2^31.
  awk -v v="$label" -v d="$depth" -v n="$leaves" -v t="$total" -v b="$base" \
    'BEGIN { printf "%-18s %5d %12.0f %16.0f %10.1f\n", v, d, n, t - b, (t - b) / n }'
done
