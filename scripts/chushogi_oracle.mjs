// Legal-move counts of Chu shogi positions by lishogi's shogiops (npm `shogiops`, its
// own perft from dist/debug.js: a lion's double step through any square is a move of
// its own; it counts on past the game's end). Reads SFENs, one a line, on stdin; writes
// `count` a line, `count end` where shogiops says the game is over. Run by
// scripts/chushogi_oracle.py, which installs the package in a scratch folder.
import { createInterface } from 'node:readline';
import { parseSfen } from 'shogiops/sfen';
import { perft } from 'shogiops/debug';

const lines = createInterface({ input: process.stdin });
for await (const sfen of lines) {
  if (!sfen.trim()) continue;
  const pos = parseSfen('chushogi', sfen.trim(), false);
  if (pos.isErr) {
    console.log(`error ${pos.error.message}`);
    continue;
  }
  console.log(`${perft(pos.value, 1)}${pos.value.isEnd() ? ' end' : ''}`);
}
