// What both pages (the workbench and the match page) show beside a board: why a move was
// refused, and the chooser of one move among several to the same square (promotions,
// lifts). Each page has the same elements: `why`, `chooser`, `chooser-title`,
// `chooser-options`.

import { pieceElement } from "./glyphs.js";

const $ = (id) => document.getElementById(id);

/** An element `tag` holding `content` as text (never as markup), of class `cls`. */
export function text(tag, content, cls) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (cls) el.className = cls;
  return el;
}

/** Shows why a move was refused (`{move, code, reason}`), or hides it (`null`). */
export function showWhy(why) {
  const el = $("why");
  el.hidden = !why;
  if (!why) return;
  el.dataset.code = why.code;
  el.replaceChildren(text("strong", `${why.move} is refused: `), text("span", why.reason, "reason"), text("code", ` (${why.code})`));
}

/**
 * Offers `options` (`{uci, label, letter?}`: `letter` draws that piece, `white`'s or
 * Black's) under `title`; `pick(uci)` is called with the one clicked.
 */
export function openChooser(title, options, { white, names, style, pick }) {
  $("chooser-title").textContent = title;
  $("chooser-options").replaceChildren(
    ...options.map((o) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.uci = o.uci;
      if (o.letter) {
        b.dataset.choice = o.letter;
        b.append(pieceElement(white ? o.letter : o.letter.toLowerCase(), names, false, style));
      }
      b.append(text("span", o.label));
      b.addEventListener("click", () => pick(o.uci));
      return b;
    }),
  );
  $("chooser").hidden = false;
}

export function closeChooser() {
  $("chooser").hidden = true;
}
