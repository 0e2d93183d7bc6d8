// The moves of a game as a tree: each node a move (`uci`, `san`), its first child the
// main line, the others variations. It knows nothing of the rules: the engine has
// checked every move before it is added. Nothing here recurses over moves: a game may
// be 10,000 moves long, and its variations nested as deep.

import { MAX_TREE_MOVES, Refused } from "./store.js";

export class MoveTree {
  constructor() {
    this.root = { uci: null, san: null, parent: null, children: [] };
    this.current = this.root;
  }

  /** The moves from the start to `node`, first first. */
  line(node = this.current) {
    const moves = [];
    for (let n = node; n.parent; n = n.parent) moves.push(n);
    return moves.reverse();
  }

  /** The child of `parent` played as `uci`: the one there, or a new variation (or main line). */
  add(parent, uci, san) {
    const known = parent.children.find((c) => c.uci === uci);
    if (known) return known;
    const node = { uci, san, parent, children: [] };
    parent.children.push(node);
    return node;
  }

  /** Takes `node` and what follows it out of the tree. */
  remove(node) {
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
  }

  /** The last move of the line that continues `node` by first children. */
  end(node = this.current) {
    let n = node;
    while (n.children.length) n = n.children[0];
    return n;
  }

  /** The variation beside `node` (`step` -1: the one before, +1: the one after), or itself. */
  sibling(node, step) {
    if (!node.parent) return node;
    const siblings = node.parent.children;
    const i = siblings.indexOf(node) + step;
    return siblings[Math.max(0, Math.min(siblings.length - 1, i))];
  }

  /** The tree as plain data: `[parent, uci]` per move, parents first (`parent` the
   *  index of the move it follows, -1 at the start), siblings in their order. */
  toFlat() {
    const out = [];
    const stack = [[this.root, -1]];
    while (stack.length) {
      const [node, parent] = stack.pop();
      let index = parent;
      if (node !== this.root) {
        index = out.length;
        out.push([parent, node.uci]);
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], index]);
    }
    return out;
  }

  /** A tree from `toFlat`'s form (a malformed move is left out, with what follows it);
   *  its SAN is unknown until the engine writes it. */
  static fromFlat(moves) {
    const tree = new MoveTree();
    if (!Array.isArray(moves)) return tree;
    if (moves.length > MAX_TREE_MOVES) throw new Refused(`the tree holds ${moves.length} moves; at most ${MAX_TREE_MOVES} are read`);
    const nodes = [];
    for (const item of moves) {
      const [parent, uci] = Array.isArray(item) ? item : [];
      const ok = Number.isInteger(parent) && parent >= -1 && parent < nodes.length && typeof uci === "string" && uci.length <= 32;
      const from = ok ? (parent === -1 ? tree.root : nodes[parent]) : null;
      nodes.push(from ? tree.add(from, uci, null) : null);
    }
    return tree;
  }

  /** A tree from the nested form of older links, `[uci, san, ...children]` per move
   *  (anything malformed is left out; the SAN is not kept: the engine writes it). */
  static fromData(data) {
    const tree = new MoveTree();
    const stack = [[tree.root, data]];
    let count = 0;
    while (stack.length) {
      const [parent, items] = stack.pop();
      if (!Array.isArray(items)) continue;
      for (const item of items) {
        if (!Array.isArray(item) || typeof item[0] !== "string" || item[0].length > 32) continue;
        if (++count > MAX_TREE_MOVES) throw new Refused(`the tree holds more than ${MAX_TREE_MOVES} moves`);
        stack.push([tree.add(parent, item[0], null), item.slice(2)]);
      }
    }
    return tree;
  }

  /** The moves that end a line (no move follows them). */
  leaves() {
    const out = [];
    const stack = [...this.root.children];
    while (stack.length) {
      const node = stack.pop();
      if (node.children.length) stack.push(...node.children);
      else out.push(node);
    }
    return out;
  }

  /** The moves it takes to play every line from the start (each leaf's depth, summed),
   *  counted only up to `limit`: past it, `limit + 1`. Without building the lines: a
   *  link's 10,000 moves can make 25 million of them. */
  replayWork(limit = Infinity) {
    let work = 0;
    for (const leaf of this.leaves()) {
      for (let n = leaf; n.parent; n = n.parent) if (++work > limit) return work;
    }
    return work;
  }

  /** The node reached from the root by these moves (as far as the tree has them). */
  find(ucis) {
    let node = this.root;
    for (const uci of ucis) {
      const next = node.children.find((c) => c.uci === uci);
      if (!next) break;
      node = next;
    }
    return node;
  }
}

/**
 * Visits the tree's moves in PGN order: `move(node, ply, numbered)` for each move (its
 * ply from the game's first move; `numbered`: a black move that needs its number),
 * `open()` before a variation and `close()` after it. A stack of lines, not recursion.
 */
export function visit(tree, { move, open, close }) {
  const stack = [{ node: tree.root, ply: 0, numbered: true, pending: [], variation: false }];
  while (stack.length) {
    const line = stack[stack.length - 1];
    if (line.pending.length) {
      // A variation replaces the main move just visited, at the same ply.
      const v = line.pending.shift();
      open();
      move(v, line.ply - 1, true);
      stack.push({ node: v, ply: line.ply, numbered: false, pending: [], variation: true });
      continue;
    }
    if (!line.node.children.length) {
      stack.pop();
      if (line.variation) close();
      continue;
    }
    const [main, ...variations] = line.node.children;
    move(main, line.ply, line.numbered);
    Object.assign(line, { node: main, ply: line.ply + 1, numbered: variations.length > 0, pending: variations });
  }
}

/**
 * The tree's moves as PGN movetext, variations in parentheses, numbered from the game's
 * first move (`firstTurn`, `firstFullmove`), wrapped at 80 columns, ending in `result`.
 */
export function movetext(tree, { firstTurn, firstFullmove, result }) {
  const shift = firstTurn === "black" ? 1 : 0;
  const white = (ply) => (ply + shift) % 2 === 0;
  const number = (ply) => firstFullmove + Math.floor((ply + shift) / 2);
  const tokens = [];
  visit(tree, {
    move(node, ply, numbered) {
      if (white(ply)) tokens.push(`${number(ply)}.`);
      else if (numbered) tokens.push(`${number(ply)}...`);
      tokens.push(node.san);
    },
    open: () => tokens.push("("),
    close: () => tokens.push(")"),
  });
  tokens.push(result);
  const lines = [];
  let line = "";
  for (const t of tokens) {
    const glue = line === "" || line.endsWith("(") || t === ")" ? "" : " ";
    if (line.length + glue.length + t.length > 80) {
      lines.push(line);
      line = t;
    } else {
      line += glue + t;
    }
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

/** A PGN tag pair, its value escaped as PGN escapes. */
export function tag(name, value) {
  return `[${name} "${String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`;
}
