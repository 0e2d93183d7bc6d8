// How a piece is drawn: the orthodox pieces by their chess glyph, every other piece by
// its letter in a disc (a ruleset may name a piece anything, so the letter is what the
// FEN and the moves show), with its name in the tooltip and the legend.

const ORTHODOX = { king: "\u265a", queen: "\u265b", rook: "\u265c", bishop: "\u265d", knight: "\u265e", pawn: "\u265f" };

/** A piece element: `letter` as the FEN writes it (case = colour), `names` by uppercase letter. */
export function pieceElement(letter, names, promoted = false) {
  const upper = letter.toUpperCase();
  const name = names[upper] || upper;
  const white = letter === upper;
  const el = document.createElement("span");
  el.className = `piece ${white ? "white" : "black"}`;
  el.dataset.piece = letter;
  el.title = `${white ? "white" : "black"} ${name}${promoted ? " (promoted)" : ""}`;
  const glyph = ORTHODOX[name];
  if (glyph) {
    el.classList.add("glyph");
    el.textContent = glyph;
  } else {
    el.classList.add("fairy");
    el.textContent = upper;
  }
  if (promoted) el.classList.add("promoted");
  return el;
}
