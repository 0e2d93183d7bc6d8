// The move tree of web/tree.js on its own, in Node (no browser): what a share link's
// tree costs the page before it is refused. run.sh runs it first.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { MoveTree } from "../tree.js";

describe("replayWork", () => {
  it("sums the lines from the start, as writeSans replays them", () => {
    // 1.e4 e5 (1...c5 2.Nf3) 2.Nf3: lines of 3 and 3 moves.
    const tree = MoveTree.fromFlat([[-1, "e2e4"], [0, "e7e5"], [1, "g1f3"], [0, "c7c5"], [3, "g1f3"]]);
    const lines = tree.leaves().map((leaf) => tree.line(leaf));
    assert.equal(tree.replayWork(), 6);
    assert.equal(tree.replayWork(), lines.reduce((n, l) => n + l.length, 0));
    assert.equal(tree.replayWork(4), 5);
    assert.equal(new MoveTree().replayWork(), 0);
  });

  it("stops past its limit on a link's worst tree, without building its lines", () => {
    // A line of 5,000 moves and 5,000 replies to its last: 25 million moves to replay,
    // which the page built as arrays (1.4 s and 350 MB in Node) before refusing them.
    const moves = [];
    for (let i = 0; i < 5000; i++) moves.push([i - 1, `a${i}`]);
    for (let j = 0; j < 5000; j++) moves.push([4999, `b${j}`]);
    const tree = MoveTree.fromFlat(moves);
    assert.equal(tree.replayWork(200_000), 200_001);
    assert.equal(tree.replayWork(), 25_005_000);
  });
});
