// The board: squares from the FEN's board field, any size from 3x3 to 16x16, coloured
// as the ruleset says (`a1_light`), with coordinates; clicks and drags reported as
// squares. It knows nothing of the rules: which squares light up is the caller's.

import { pieceElement } from "./glyphs.js";

export const fileName = (f) => String.fromCharCode(97 + f);
export const squareName = (f, r) => `${fileName(f)}${r + 1}`;

/**
 * The pieces of a FEN's board field: `{square: {letter, promoted}}` (`letter` may be
 * `+L`); a wall (`*`: a square no piece may enter, or Duck chess's duck) is `{wall: true}`.
 */
export function parseBoard(fen, files, ranks) {
  const field = fen.split(/\s+/)[0].split("[")[0];
  const rows = field.split("/");
  const pieces = {};
  rows.forEach((row, i) => {
    const r = ranks - 1 - i;
    let f = 0;
    for (let k = 0; k < row.length; k++) {
      const c = row[k];
      if (c >= "0" && c <= "9") {
        let n = c;
        while (k + 1 < row.length && row[k + 1] >= "0" && row[k + 1] <= "9") n += row[++k];
        f += Number(n);
      } else if (c === "+" && k + 1 < row.length) {
        // A promoted face without a letter of its own: `+L` (Chu shogi's white horse).
        const letter = c + row[++k];
        if (f < files) pieces[squareName(f, r)] = { letter, promoted: false };
        f += 1;
      } else if (c === "*") {
        if (f < files) pieces[squareName(f, r)] = { wall: true };
        f += 1;
      } else if (c !== "~") {
        const promoted = row[k + 1] === "~";
        if (f < files) pieces[squareName(f, r)] = { letter: c, promoted };
        f += 1;
      }
    }
  });
  return pieces;
}

/**
 * `handlers.press(square)` when a square is pressed (mouse, pen or touch; the start of a
 * drag too), `handlers.release(square, dragged)` where the pointer is let go.
 */
export class Board {
  constructor(element, handlers) {
    this.el = element;
    this.handlers = handlers;
    this.flipped = false;
    this.drag = null;
    element.addEventListener("pointerdown", (e) => this.down(e));
    element.addEventListener("pointermove", (e) => this.move(e));
    element.addEventListener("pointerup", (e) => this.up(e));
    element.addEventListener("pointercancel", () => this.endDrag());
  }

  /**
   * Draws `pieces` on a `files` x `ranks` board. `marks`: `{square: class}`; `size`: the
   * most pixels the board may take across (less if its container is narrower);
   * `style`: how pieces are drawn (see glyphs.js). `fixedWalls`: the squares walled for
   * the whole game (the start position's walls), drawn as the board's holes; any other
   * wall moves (Duck chess's duck) and is drawn as a piece of neither side.
   */
  draw({ files, ranks, boards = 1, a1Light, pieces, names, marks, size = 560, style = "figures", fixedWalls = new Set() }) {
    this.files = files;
    this.ranks = ranks;
    const el = this.el;
    el.replaceChildren();
    el.style.setProperty("--files", files);
    el.style.setProperty("--ranks", ranks);
    // The board never overflows its pane (the section it is in, whose width does not
    // follow the board's): the width it may take, less its border.
    const pane = el.closest("section");
    const room = pane ? pane.clientWidth - 4 : size;
    const across = Math.max(120, Math.min(size, room > 0 ? room : size));
    el.style.setProperty("--square", `${Math.floor(Math.min(across / files, across / ranks, 64))}px`);
    for (let row = 0; row < ranks; row++) {
      for (let col = 0; col < files; col++) {
        const f = this.flipped ? files - 1 - col : col;
        const r = this.flipped ? row : ranks - 1 - row;
        const name = squareName(f, r);
        const sq = document.createElement("div");
        const light = ((f + r) % 2 === 0) === a1Light;
        sq.className = `square ${light ? "light" : "dark"}`;
        sq.dataset.square = name;
        sq.setAttribute("role", "gridcell");
        if (marks[name]) sq.classList.add(...marks[name].split(" "));
        // Boards side by side (Alice chess): a line where the next one begins.
        if (col > 0 && col % (files / boards) === 0) sq.classList.add("board-edge");
        if (col === 0) sq.append(coordinate("rank", r + 1));
        if (row === ranks - 1) sq.append(coordinate("file", fileName(f)));
        const piece = pieces[name];
        if (piece && piece.wall && fixedWalls.has(name)) {
          sq.classList.add("wall");
          sq.setAttribute("aria-label", `${name} wall`);
        } else if (piece && piece.wall) {
          const duck = document.createElement("span");
          duck.className = "piece duck";
          duck.title = "the duck: a wall that moves, of neither side";
          sq.append(duck);
          sq.setAttribute("aria-label", `${name} duck`);
        } else if (piece) {
          const el = pieceElement(piece.letter, names, piece.promoted, style);
          sq.append(el);
          sq.setAttribute("aria-label", `${name} ${el.title}`);
        } else {
          sq.setAttribute("aria-label", name);
        }
        el.append(sq);
      }
    }
  }

  squareAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const sq = hit && hit.closest(".square");
    return sq && this.el.contains(sq) ? sq.dataset.square : null;
  }

  down(e) {
    if (e.button !== 0) return;
    const from = this.squareAt(e.clientX, e.clientY);
    if (!from) return;
    // No text selection or native drag; and the focus leaves any field (where the
    // arrow keys would edit it), as a click elsewhere would take it.
    e.preventDefault();
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    const piece = this.el.querySelector(`[data-square="${from}"] .piece`);
    this.drag = { from, piece, ghost: null, x: e.clientX, y: e.clientY };
    this.el.setPointerCapture(e.pointerId);
    this.handlers.press(from);
  }

  move(e) {
    const d = this.drag;
    if (!d || !d.piece) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
      d.ghost = d.piece.cloneNode(true);
      d.ghost.classList.add("ghost");
      document.body.append(d.ghost);
      d.piece.classList.add("lifted");
    }
    d.ghost.style.left = `${e.clientX}px`;
    d.ghost.style.top = `${e.clientY}px`;
  }

  up(e) {
    const d = this.drag;
    if (!d) return;
    this.endDrag();
    const to = this.squareAt(e.clientX, e.clientY);
    if (to && to !== d.from) this.handlers.release(to, Boolean(d.ghost));
  }

  endDrag() {
    const d = this.drag;
    if (!d) return;
    if (d.ghost) d.ghost.remove();
    if (d.piece) d.piece.classList.remove("lifted");
    this.drag = null;
  }
}

function coordinate(kind, text) {
  const el = document.createElement("span");
  el.className = `coord ${kind}`;
  el.textContent = text;
  return el;
}
