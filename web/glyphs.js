// How a piece is drawn. A piece whose name has a figure in the project's SVG set
// (web/pieces/pieces.svg: the orthodox figures, and fairy pieces as problemists draw
// them, combined or turned) is drawn with it; every other piece by its letter in a disc
// (a ruleset may name a piece anything, so the letter is what the FEN and the moves
// show). In the style of shogi (a variant written in shogi notation) every piece is a
// pentagon with its letter, pointing at the opponent. Names are in the tooltips.

const SPRITE = "pieces/pieces.svg";

/** The figure of each piece name that has one (by the ruleset's name for the piece). */
const FIGURES = {
  king: "king", queen: "queen", rook: "rook", bishop: "bishop", knight: "knight", pawn: "pawn",
  general: "king", chariot: "rook", horse: "knight", soldier: "pawn", cannon: "cannon",
  advisor: "ferz", ferz: "ferz", fers: "ferz", met: "ferz", wazir: "wazir",
  elephant: "elephant", alfil: "elephant",
  archbishop: "archbishop", cardinal: "archbishop", princess: "archbishop", janus: "archbishop",
  chancellor: "chancellor", marshall: "chancellor", empress: "chancellor",
  amazon: "amazon", centaur: "centaur",
  grasshopper: "grasshopper", nightrider: "nightrider", commoner: "commoner", mann: "commoner",
  sergeant: "pawn", hoplite: "pawn", breakthrough: "pawn",
};

/** Shogi's promoted pieces, drawn in red. */
const PROMOTED_NAME = /^(promoted-.*|tokin|dragon|horse)$/;

/** The style a variant's pieces are drawn in, from its `load` answer. */
export function styleOf(variant) {
  return variant && variant.notation && variant.notation.startsWith("shogi") ? "shogi" : "figures";
}

/** A piece element: `letter` as the FEN writes it (case = colour), `names` by uppercase letter. */
export function pieceElement(letter, names, promoted = false, style = "figures") {
  const upper = letter.toUpperCase();
  const name = names[upper] || upper;
  const white = letter === upper;
  const el = document.createElement("span");
  el.className = `piece ${white ? "white" : "black"}`;
  el.dataset.piece = letter;
  el.title = `${white ? "white" : "black"} ${name}${promoted ? " (promoted)" : ""}`;
  const figure = FIGURES[name];
  if (style === "shogi") {
    el.classList.add("shogi");
    if (PROMOTED_NAME.test(name)) el.classList.add("shogi-promoted");
    el.append(letterSpan(upper));
  } else if (figure) {
    el.classList.add("figure");
    el.dataset.figure = figure;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 45 45");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", `${SPRITE}#${figure}`);
    svg.append(use);
    el.append(svg);
  } else {
    el.classList.add("fairy");
    el.append(letterSpan(upper));
  }
  if (promoted) el.classList.add("promoted");
  return el;
}

function letterSpan(letter) {
  const span = document.createElement("span");
  span.className = "letter";
  span.textContent = letter;
  return span;
}
