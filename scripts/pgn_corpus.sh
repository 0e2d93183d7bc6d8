#!/usr/bin/env bash
# Writes tests/data/pgn/corpus.pgn.zst and corpus.pgn.gz from corpus.pgn: each in two
# parts end to end (two zstd frames, two gzip members), cut in the middle of a game, as
# parallel compressors write them. Run it after editing corpus.pgn.
set -euo pipefail
cd "$(dirname "$0")/../tests/data/pgn"
size=$(wc -c < corpus.pgn)
half=$((size / 2))
{ head -c "$half" corpus.pgn | zstd -q -19 -c; tail -c +"$((half + 1))" corpus.pgn | zstd -q -19 -c; } > corpus.pgn.zst
{ head -c "$half" corpus.pgn | gzip -9 -n -c; tail -c +"$((half + 1))" corpus.pgn | gzip -9 -n -c; } > corpus.pgn.gz
echo "corpus.pgn.zst $(wc -c < corpus.pgn.zst) bytes, corpus.pgn.gz $(wc -c < corpus.pgn.gz) bytes"
