// The piece card: where a piece moves from a square of an empty board, as the engine
// reads it from the variant's tables (op `piece`), with its Betza and its movement in
// words. Clicking a square of the card's board moves the piece there.

import { call } from "./api.js";
import { Board } from "./board.js";
import { pieceElement } from "./glyphs.js";

const WAYS = {
  move: "moves there",
  capture: "captures there",
  "hop-move": "moves there by hopping",
  "hop-capture": "captures there by hopping over a piece",
  "initial-move": "first move only",
  "initial-capture": "captures there, first move only",
  "initial-hop-move": "hops there, first move only",
  "initial-hop-capture": "captures by hopping, first move only",
};

export class PieceCard {
  /** `el`: the card's container; `variant()` the `load` answer of the variant shown. */
  constructor(el, variant, style) {
    this.el = el;
    this.variant = variant;
    this.style = style;
    this.shown = null;
    this.requests = 0;
  }

  /** Shows the card of `letter` (its case is its colour) on `square`. */
  async show(letter, square) {
    const variant = this.variant();
    if (!variant) return;
    const n = ++this.requests;
    const color = letter === letter.toUpperCase() ? "white" : "black";
    const r = await call("piece", { variant: variant.variant, piece: letter, square, color });
    if (n !== this.requests) return;
    if (!r.ok) {
      this.el.replaceChildren(text("div", r.error.message, "card-error"));
      return;
    }
    this.shown = { letter, square };
    this.draw(variant, letter, r);
  }

  hide() {
    this.shown = null;
    this.requests++;
    this.el.replaceChildren();
  }

  draw(variant, letter, card) {
    const names = Object.fromEntries(variant.pieces.map((p) => [p.letter, p.name]));
    const title = text("div", "", "card-title");
    title.append(pieceElement(letter, names, false, this.style()), text("span", `${card.name} (${card.piece}) on ${card.square}`));
    const close = text("button", "×", "card-close");
    close.type = "button";
    close.title = "close the card";
    close.addEventListener("click", () => this.hide());
    title.append(close);

    const marks = {};
    const used = new Set();
    for (const t of card.targets) {
      marks[t.square] = t.ways.map((w) => `way-${w}`).join(" ");
      t.ways.forEach((w) => used.add(w));
    }
    const boardEl = document.createElement("div");
    boardEl.className = "card-board";
    const board = new Board(boardEl, { press: (sq) => this.show(letter, sq), release: () => {} });
    board.flipped = card.color === "black";
    board.draw({
      files: variant.files,
      ranks: variant.ranks,
      a1Light: variant.a1_light,
      pieces: { [card.square]: { letter, promoted: false } },
      names,
      marks,
      size: 260,
      style: this.style(),
    });
    for (const t of card.targets) boardEl.querySelector(`[data-square="${t.square}"]`).dataset.ways = t.ways.join(" ");

    const key = text("div", "", "card-key");
    for (const w of Object.keys(WAYS).filter((w) => used.has(w))) {
      const item = text("span", "", "card-key-item");
      item.append(text("span", "", `swatch way-${w}`), text("span", WAYS[w]));
      key.append(item);
    }
    const betza = text("div", "", "card-betza");
    betza.append(text("span", "Betza ", "label"), text("code", card.betza));
    const count = `${card.targets.length} target${card.targets.length === 1 ? "" : "s"} from ${card.square} on an empty board`;
    this.el.replaceChildren(title, betza, text("p", card.words, "card-words"), boardEl, key, text("div", count, "card-count"));
    this.el.dataset.piece = card.piece;
    this.el.dataset.square = card.square;
    this.el.dataset.targets = card.targets.length;
  }
}

function text(tag, content, cls) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (cls) el.className = cls;
  return el;
}
