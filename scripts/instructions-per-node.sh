#!/usr/bin/env bash
# Instructions per perft leaf under callgrind: a repeatable speed figure on a noisy
# machine (it counts instructions, not time).
#
#   scripts/instructions-per-node.sh              # the standard workloads
#   scripts/instructions-per-node.sh chess 5      # one variant and depth
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

# variant depth: the acceptance workloads of issue 13 first, then one of each kind.
WORKLOADS=(
  "chess 4"
  "crazyhouse 4"
  "minishogi 5"
  "mischia 6"
  "mitred-ariana 5"
  "mystic 4"
  "pocket-mutation 4"
)
if [[ $# -eq 2 ]]; then
  WORKLOADS=("$1 $2")
elif [[ $# -ne 0 ]]; then
  echo "usage: $0 [VARIANT DEPTH]" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Ir of one run; the leaf count goes to $tmp/nodes.
instructions() {
  local variant=$1 depth=$2
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" \
    "$CHIMERA" perft "$variant" "$depth" >"$tmp/stdout" 2>"$tmp/stderr"
  sed -n 's/^nodes //p' "$tmp/stdout" >"$tmp/nodes"
  # The totals line of the profile: "summary: <Ir>" (or "totals:" in newer valgrinds).
  sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$tmp/out" | head -1
}

printf '%-18s %5s %12s %16s %10s\n' variant depth leaves instructions "Ir/leaf"
for w in "${WORKLOADS[@]}"; do
  read -r variant depth <<<"$w"
  base=$(instructions "$variant" 1)
  total=$(instructions "$variant" "$depth")
  leaves=$(cat "$tmp/nodes")
  awk -v v="$variant" -v d="$depth" -v n="$leaves" -v t="$total" -v b="$base" \
    'BEGIN { printf "%-18s %5d %12d %16d %10.1f\n", v, d, n, t - b, (t - b) / n }'
done
