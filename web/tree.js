// The moves of a game as a tree: each node a move (`uci`, `san`), its first child the
// main line, the others variations. It knows nothing of the rules: the engine has
// checked every move before it is added.

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

  /** The tree as plain data: `[uci, san, ...children]` per move, for storage and links. */
  toData(node = this.root) {
    return node.children.map((c) => [c.uci, c.san, ...this.toData(c)]);
  }

  /** A tree from `toData`'s form (anything malformed is left out). */
  static fromData(data) {
    const tree = new MoveTree();
    const grow = (parent, items) => {
      if (!Array.isArray(items)) return;
      for (const item of items) {
        if (!Array.isArray(item) || typeof item[0] !== "string" || typeof item[1] !== "string") continue;
        const node = tree.add(parent, item[0], item[1]);
        grow(node, item.slice(2));
      }
    };
    grow(tree.root, data);
    return tree;
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
 * The tree's moves as PGN movetext, variations in parentheses, numbered from the game's
 * first move (`firstTurn`, `firstFullmove`), wrapped at 80 columns, ending in `result`.
 */
export function movetext(tree, { firstTurn, firstFullmove, result }) {
  const shift = firstTurn === "black" ? 1 : 0;
  const white = (ply) => (ply + shift) % 2 === 0;
  const number = (ply) => firstFullmove + Math.floor((ply + shift) / 2);
  const tokens = [];
  const push = (node, ply, numbered) => {
    if (white(ply)) tokens.push(`${number(ply)}.`);
    else if (numbered) tokens.push(`${number(ply)}...`);
    tokens.push(node.san);
  };
  const walk = (node, ply, numbered) => {
    while (node.children.length) {
      const [main, ...variations] = node.children;
      push(main, ply, numbered);
      for (const v of variations) {
        tokens.push("(");
        push(v, ply, true);
        walk(v, ply + 1, false);
        tokens.push(")");
      }
      numbered = variations.length > 0;
      node = main;
      ply += 1;
    }
  };
  walk(tree.root, 0, true);
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
