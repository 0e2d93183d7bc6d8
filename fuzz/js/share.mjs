// Coverage-guided fuzzing of the workbench's share links (issue 54) with Jazzer.js: the
// page's own decoder (web/store.js) and move tree (web/tree.js), run in Node as the page
// runs them when it opens a link. `scripts/fuzz.sh MINUTES share` runs it.
//
// The first byte of an input says what the rest is:
//   0  the link's fragment itself (after `#s=`), as a mangled or forged URL gives it;
//   1  the JSON inside the link: deflated and written in base64url here, so that the
//      fuzzer's coverage reaches the checks behind the decompression;
//   2  the deflated bytes: written in base64url here (broken, truncated, bombed streams);
//   3  a snapshot as the page makes it (its move tree built move by move), encoded.
// Properties: reading any link gives a snapshot that the page can restore, or throws
// `Refused` with a reason, never anything else; it never hangs or grows without bound
// (libFuzzer's -timeout and -rss_limit_mb); what the page restores from a link it writes
// back to an equal link; and the page's own snapshots come back from their links as they
// went in.

import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { FuzzedDataProvider } from "@jazzer.js/core";
import { MAX_LINK_CHARS, MAX_SNAPSHOT_BYTES, MAX_TREE_MOVES, Refused, decode, encode } from "../../web/store.js";
import { MoveTree } from "../../web/tree.js";

/** web/app.js's bound on the moves replayed to write a restored tree's SAN. */
const MAX_REPLAY = 200_000;

const base64url = (bytes) => Buffer.from(bytes).toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The link's snapshot, or null when it is refused; anything but `Refused` fails. */
async function read(text) {
  try {
    return await decode(text);
  } catch (e) {
    if (e instanceof Refused && typeof e.message === "string" && e.message.length > 0) return null;
    throw e;
  }
}

/** What `restore` in web/app.js does with a snapshot before it asks the engine: the tree,
 *  the line on the board; `Refused` is the page's way to say no. */
function restore(s) {
  const tree = Array.isArray(s.moves) ? MoveTree.fromFlat(s.moves) : MoveTree.fromData(s.tree);
  const node = tree.find(s.line || []);
  const line = tree.line(node);
  // writeSans's work: every line from the start, built once it is counted within bounds.
  const work = tree.replayWork(MAX_REPLAY);
  if (work > MAX_REPLAY) throw new Refused("too many moves to replay");
  assert.equal(tree.leaves().reduce((n, leaf) => n + tree.line(leaf).length, 0), work);
  return { tree, line };
}

/** The snapshot the page keeps (`snapshot()` in web/app.js) once it has restored `s`. */
function kept(s, tree, line) {
  return { builtin: s.builtin, toml: s.toml ?? null, fen: s.fen || null, moves: tree.toFlat(), line: line.map((n) => n.uci) };
}

/** A snapshot read from a link: the types the page relies on, within the bounds. */
function check(s) {
  assert.equal(typeof s, "object");
  assert.equal(typeof s.builtin, "string");
  for (const k of ["toml", "fen"]) assert.ok(s[k] == null || typeof s[k] === "string", k);
  if (s.line !== undefined) {
    assert.ok(Array.isArray(s.line) && s.line.length <= MAX_TREE_MOVES && s.line.every((m) => typeof m === "string"));
  }
  if (s.moves !== undefined) assert.ok(Array.isArray(s.moves) && s.moves.length <= MAX_TREE_MOVES);
}

async function roundTrip(s) {
  const text = await encode(s);
  if (text.length > MAX_LINK_CHARS) return; // a link the page would refuse to read
  assert.deepStrictEqual(await decode(text), s);
}

async function opened(text) {
  const s = await read(text);
  if (s === null) return;
  check(s);
  let restored;
  try {
    restored = restore(s);
  } catch (e) {
    if (e instanceof Refused) return;
    throw e;
  }
  const { tree, line } = restored;
  const mine = kept(s, tree, line);
  // The tree the page writes back reads back the same, and the line on the board in it.
  assert.deepStrictEqual(MoveTree.fromFlat(mine.moves).toFlat(), mine.moves);
  assert.deepStrictEqual(MoveTree.fromFlat(mine.moves).line(MoveTree.fromFlat(mine.moves).find(mine.line)).map((n) => n.uci), mine.line);
  if (new TextEncoder().encode(JSON.stringify(mine)).length <= MAX_SNAPSHOT_BYTES) await roundTrip(mine);
}

/** A string of any UTF-16 units, lone surrogates too (a textarea can hold them). */
function units(data, max) {
  const n = data.consumeIntegralInRange(0, max);
  return String.fromCharCode(...data.consumeIntegrals(Math.min(n, data.remainingBytes >> 1), 2, false));
}

/** A snapshot as the page makes it: a move tree grown move by move, a line in it. */
function made(data) {
  const tree = new MoveTree();
  const nodes = [tree.root];
  const count = data.consumeIntegralInRange(0, 300);
  for (let i = 0; i < count && data.remainingBytes > 0; i++) {
    const parent = nodes[data.consumeIntegralInRange(0, nodes.length - 1)];
    const node = tree.add(parent, data.consumeString(data.consumeIntegralInRange(0, 8), "utf-8"), null);
    if (!nodes.includes(node)) nodes.push(node);
  }
  const at = nodes[data.consumeIntegralInRange(0, nodes.length - 1)];
  const s = {
    builtin: data.consumeString(data.consumeIntegralInRange(0, 24), "utf-8"),
    toml: data.consumeBoolean() ? units(data, 200) : null,
    fen: data.consumeBoolean() ? data.consumeString(data.consumeIntegralInRange(0, 90), "utf-8") : null,
    moves: tree.toFlat(),
    line: tree.line(at).map((n) => n.uci),
  };
  return s;
}

export async function fuzz(bytes) {
  if (bytes.length === 0) return;
  const rest = bytes.subarray(1);
  switch (bytes[0] % 4) {
    case 0:
      return opened(rest.toString("latin1"));
    case 1:
      return opened(base64url(deflateRawSync(rest)));
    case 2:
      return opened(base64url(rest));
    default: {
      const s = made(new FuzzedDataProvider(rest));
      await roundTrip(s);
      return opened(await encode(s));
    }
  }
}
