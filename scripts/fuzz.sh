#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers and the server (issue 12): each cargo-fuzz
# target of fuzz/ runs MINUTES minutes (default 1; 0 runs the corpus once, a smoke test),
# one after another, from corpora
# seeded with the rulesets, positions, games and requests of rulesets/, tests/ and the
# README. Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# The target `share` fuzzes the workbench's share links (web/store.js, web/tree.js) with
# Jazzer.js (fuzz/js/share.mjs); it needs Node 20.6 or later and npm (issue 54).
#
#   scripts/fuzz.sh [MINUTES] [TARGET...]     targets: ruleset fen movetext pgn serve
#                                             castling import_ini http cases share
#
# A crash leaves its input in fuzz/artifacts/<target>/; reproduce it with
# `cd fuzz && cargo +nightly fuzz run <target> artifacts/<target>/<file>`, then make it
# a regression test. The last line per target is libFuzzer's count of executions.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-1}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(ruleset fen movetext pgn serve castling import_ini http cases share)
corpus=fuzz/corpus

seed() { # seed <target> <name> <content>
    mkdir -p "$corpus/$1"
    printf '%s' "$3" > "$corpus/$1/seed-$2"
}

# Rulesets: every built-in, base, test and deliberately broken one.
n=0
for f in rulesets/*.toml rulesets/bases/*.toml tests/broken/*.toml tests/data/*.toml tests/data/extends/*.toml; do
    seed ruleset "$((n++))" "$(cat "$f")"
done
# Positions and games: each built-in's id on the first line, then the text.
ids=$(cargo run -q --release -- variants | awk '{print $1}')
n=0
for id in $ids; do
    seed fen "$id" "$id"$'\n'"$(cargo run -q --release -- moves "$id" --snapshot | sed -n 's/^fen: //p')"
done
for f in tests/cases/*/*.toml; do
    dir=$(basename "$(dirname "$f")")
    fen=$(sed -n 's/^fen = "\(.*\)".*/\1/p' "$f")
    moves=$(sed -n 's/^moves = "\(.*\)".*/\1/p' "$f")
    [ -n "$fen" ] && seed fen "case$((n++))" "$dir"$'\n'"$fen"
    [ -n "$moves" ] && seed movetext "case$n" "$dir"$'\n'"$moves"
done
seed movetext fools chess$'\n'"1.f3 e5 2.g4 Qh4# 0-1"
seed movetext tags chess$'\n'"[Event \"x\"]"$'\n'"1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 \$1 Nc6?! ; rest"$'\n'"3. Bb5 a6 *"
for f in tests/data/games/*.txt; do
    case "$f" in *mystic*) id=mystic ;; *) id=pocket-mutation ;; esac
    seed movetext "$(basename "$f")" "$id"$'\n'"$(cat "$f")"
done
# PGN files: the tests' games, as files of several games.
seed pgn three "$(sed -n '/^const THREE_GAMES/,/^"#;/p' tests/it/cli.rs | sed '1d;$d')"
seed pgn tags "$(printf '[Variant "Crazyhouse"]\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e5 *\n\n[SetUp "1"]\n[FEN "4k3/8/4K3/8/8/8/8/7R w - - 0 1"]\n1. Rh8# 1-0\n')"
for f in tests/data/games/*.txt; do
    seed pgn "$(basename "$f")" "$(cat "$f")"
done
# Requests: the README's example session, and one of each op.
seed serve readme "$(sed -n 's/^> //p' README.md)"
seed serve ops "$(cat <<'REQ'
{"id":1,"op":"load","variant":"crazyhouse"}
{"op":"variants"}
{"op":"open","variant":"crazyhouse","moves":["e4","d5","exd5","Qxd5"]}
{"op":"moves","game":"g1"}
{"op":"validate","game":"g1","move":"P@e4"}
{"op":"play","game":"g1","move":"Nc3"}
{"op":"undo","game":"g1","plies":2}
{"op":"perft","game":"g1","depth":2,"divide":true}
{"op":"load","name":"t.toml","toml":"extends = \"chess\"\nname = \"t\"\n[pieces.knight]\nbetza = \"NN\"\n"}
{"op":"open","variant":"t","fen":"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"}
{"op":"position","game":"g2"}
{"op":"close","game":"g1"}
{"op":"quit"}
REQ
)"

# FENs with castling rights: each built-in's start, standard and Chess960, and the
# suite's Chess960 positions.
for id in $ids; do
    seed castling "$id" "$(cat "$corpus/fen/seed-$id")"
done
seed castling extinction960 extinction$'\n'"rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1"
seed castling queen chess$'\n'"2k5/8/8/8/8/8/8/K3Q2R w K - 0 1"
seed castling shredder chess$'\n'"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"
# Variants files: the importer's built-in parents, and chains, paths and odd names.
seed import_ini builtins "$(cat src/ini/builtins.ini)"
seed import_ini fsf "$(cat tests/data/fsf-variants.ini)"
seed import_ini chain "$(printf '[a:chess]\nmaxRank = 6\n[b:a]\ncastling = false\n[c:b]\n[../x:c]\n[/tmp/y:chess]\n')"
# HTTP requests: the API's ops, the page, foreign hosts and origins, broken framing.
http() { printf 'POST /api HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: %s\r\n\r\n%s' "${#1}" "$1"; }
seed http variants "$(http '{"op":"variants"}')"
seed http open "$(http '{"op":"open","variant":"chess","moves":["e4"]}')$(http '{"op":"perft","game":"g1","depth":2}')"
seed http page "$(printf 'GET / HTTP/1.1\r\nHost: localhost:8080\r\nCookie: chimera-session=0123456789abcdef0123456789abcdef\r\n\r\n')"
seed http foreign "$(printf 'POST /api HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Length: 2\r\n\r\n{}')"
seed http chunked "$(printf 'POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"op"\r\n0\r\n\r\n')"
# Case folders: a snapshot, then case files, NUL between them (the tests' own cases of
# chess, with and without a snapshot of the first).
n=0
for f in tests/cases/chess/*.toml; do
    snap="tests/cases/chess/snapshots/chess__$(basename "$f" .toml).snap"
    mkdir -p "$corpus/cases"
    { [ -f "$snap" ] && cat "$snap"; printf '\0'; cat "$f"; } > "$corpus/cases/seed-$((n++))"
done
{ printf '\0'; printf 'note = "x"\nlegal = 3\n'; printf '\0'; printf 'note = "y"\nfen = "8/8/8/8/8/8/8/K1k5 w - - 0 1"\n'; } > "$corpus/cases/seed-two"

# Share links: the page's snapshots as links, their JSON and their deflated bytes.
share=false
for t in "${targets[@]}"; do [ "$t" = share ] && share=true; done
if $share; then
    (cd fuzz/js && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && node seeds.mjs ../corpus/share)
fi

# The Jazzer.js run of the share target (from fuzz/): libFuzzer's flags after `--`.
share() {
    cd js
    local addon=node_modules/@jazzer.js/fuzzer/prebuilds/fuzzer-linux-x64.node preload= glibc
    # Jazzer.js 4's prebuilt addon wants glibc 2.38 and GCC 13's libstdc++; on an older
    # system, its need of them is made weak and compat/shim.cc stands in (see there).
    glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
    if [ -f "$addon" ] && [ -n "$glibc" ] && [ "$(printf '2.38\n%s\n' "$glibc" | sort -V | head -1)" != 2.38 ]; then
        python3 compat/weaken.py "$addon" GLIBC_2.38 GLIBCXX_3.4.32 >/dev/null
        g++ -shared -fPIC -O2 -o node_modules/.shim.so compat/shim.cc
        preload="$PWD/node_modules/.shim.so"
    fi
    mkdir -p ../artifacts/share
    LD_PRELOAD="$preload" npx jazzer share.mjs ../corpus/share --timeout=20000 -- \
        -artifact_prefix=../artifacts/share/ "$@"
    cd ..
}

cd fuzz
unbuilt=0
for t in "${targets[@]}"; do
    echo "== $t: $minutes min"
    mkdir -p "corpus/$t"
    # Built first and apart: the run's output is filtered below, which would hide a
    # compiler error (the serve and http targets compile the CLI's sources).
    if [ "$t" != share ] && ! log=$(cargo +nightly fuzz build -O -a "$t" 2>&1); then
        grep -E -A8 "^error" <<<"$log" | head -60
        echo "== $t: does not build"
        unbuilt=1
        continue
    fi
    # -rss_limit_mb and -timeout turn a blow-up into a reported crash, not a hung machine;
    # -a keeps overflow checks and debug assertions on in the optimised build, so a counter
    # that would wrap is a crash here (the release-profile test suite cannot see it).
    if [ "$minutes" = 0 ]; then limit=-runs=0; else limit=-max_total_time=$((minutes * 60)); fi
    if [ "$t" = share ]; then run=share; else run="cargo +nightly fuzz run -O -a $t corpus/$t --"; fi
    $run "$limit" -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 2>&1 |
        grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+== (ERROR|Uncaught)|SUMMARY)|Done [0-9]+ runs|panicked" || true
    ls "artifacts/$t" 2>/dev/null | sed "s|^|crash: artifacts/$t/|" || true
done
exit "$unbuilt"
