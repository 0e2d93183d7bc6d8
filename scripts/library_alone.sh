#!/usr/bin/env bash
# The library without the program (issue 52): a new cargo project that depends on the
# `chimera` crate by path with `default-features = false` builds, and its dependency tree
# holds none of the CLI's crates (clap, axum, hyper, tokio, rayon, indicatif, zstd, flate2...).
#
# The project is made under target/ (the repository's .cargo/config.toml applies) and
# checked, not built: `cargo check` of the engine takes seconds where an optimised build
# takes minutes. `--run` also builds and runs it (its own release build).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=target/library-alone
mkdir -p "$dir/src"
cat > "$dir/Cargo.toml" <<TOML
[package]
name = "library-alone"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
chimera = { path = "$root", default-features = false }

[workspace]
TOML
# The repository's lock file: the same versions as the workspace, so its builds are reused.
cp Cargo.lock "$dir/"
cat > "$dir/src/main.rs" <<'RS'
//! A program that checks moves with the library alone.
fn main() {
    let chess = chimera::variants::load("chess").expect("a built-in");
    let pos = chess.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").expect("the start");
    println!("{} legal moves", pos.legal_moves().len());
}
RS
tree=$(cd "$dir" && cargo tree -e normal --prefix none)
banned=$(echo "$tree" | grep -E '^(clap|axum|hyper|hyper-util|tokio|rayon|indicatif|open|serde_json|zstd|flate2) ' || true)
if [ -n "$banned" ]; then
  echo "the library alone depends on the CLI's crates:"; echo "$banned"; exit 1
fi
(cd "$dir" && cargo check --quiet)
echo "library alone: $(echo "$tree" | sort -u | wc -l) crates, none of the CLI's; it compiles"
if [ "${1:-}" = "--run" ]; then
  out=$(cd "$dir" && cargo run --release --quiet)
  [ "$out" = "20 legal moves" ] || { echo "library-alone printed: $out"; exit 1; }
  echo "it runs: $out"
fi
