// The bughouse match page: both boards of a two-board variant (bughouse, supply) played
// as one match through the serve protocol (`open` with `match: true`, `board` on every
// move). White on board A plays with Black on board B: a piece one of them takes goes
// to the other's hand. Board B is drawn turned round, so that partners sit on the same
// side of the page. The rules (whose turn on which board, what a capture passes, when the
// match ends) are all the server's; the page draws its answers.

import { call, getJson, setMaxRequestBytes } from "./api.js";
import { Board, parseBoard } from "./board.js";
import { closeChooser, openChooser, showWhy, text } from "./dialogs.js";
import { pieceElement, styleOf } from "./glyphs.js";

const $ = (id) => document.getElementById(id);
const BOARDS = ["A", "B"];

const state = {
  /** `load`'s answer for the variant. */
  variant: null,
  names: {},
  royals: new Set(),
  style: "figures",
  game: null,
  /** The match's position: both boards' positions and the match's result. */
  match: null,
  /** Each board's legal moves, each with its squares read from `uci`. */
  moves: { A: [], B: [] },
  /** The moves played, in order: `{board, tag, san}` (`tag`: BPGN's `1A`, `1a`…). */
  played: [],
  /** What the player has picked up: `{board, square}` or `{board, hand: letter}`. */
  selected: null,
  busy: false,
};

/** Partners: White on board A with Black on board B, and the other way round. */
const TEAM_NOTE = { A: "White plays with Black on board B", B: "Black plays with White on board A" };

/** Board `id`'s section: its title, the hands and clocks above and below, its status. */
function boardSection(id) {
  const section = document.createElement("section");
  Object.assign(section, { className: "match-board", id: `pane-${id}` });
  section.setAttribute("aria-label", `board ${id}`);
  const title = text("div", `Board ${id} `, "pane-title");
  title.append(text("span", TEAM_NOTE[id], "team-note"));
  const row = (where) => Object.assign(document.createElement("div"), { className: "side-row", id: `${id}-${where}` });
  const wrap = Object.assign(document.createElement("div"), { className: "board-wrap" });
  const board = Object.assign(document.createElement("div"), { className: "board", id: `board-${id}` });
  board.setAttribute("role", "grid");
  board.setAttribute("aria-label", `board ${id}`);
  wrap.append(board);
  const status = Object.assign(document.createElement("div"), { className: "board-status", id: `${id}-status` });
  status.setAttribute("aria-live", "polite");
  section.append(title, row("top"), wrap, row("bottom"), status);
  return section;
}

$("info-pane").before(...BOARDS.map(boardSection));

const boards = {};
for (const id of BOARDS) {
  boards[id] = new Board($(`board-${id}`), {
    press: (square) => press(id, square),
    release: (square, dragged) => dragged && state.selected?.board === id && attempt(id, square),
  });
}
boards.B.flipped = true;

// ---- the match ----

async function start() {
  const [list, limits] = await Promise.all([getJson("api/variants"), getJson("api/limits")]);
  setMaxRequestBytes(limits.max_request_bytes);
  const select = $("variant");
  // The built-ins played on two boards, as the listing says (nothing loaded to find them).
  for (const b of list.builtin.filter((b) => b.two_boards)) select.append(new Option(b.id, b.id));
  select.addEventListener("change", () => pick(select.value));
  const wanted = decodeURIComponent(location.hash.slice(1));
  const ids = [...select.options].map((o) => o.value);
  await pick(ids.includes(wanted) ? wanted : ids[0]);
  document.body.dataset.ready = "true";
}

async function pick(id) {
  $("variant").value = id;
  history.replaceState(null, "", `#${id}`);
  const loaded = await call("load", { variant: id });
  if (!loaded.ok) return showWhy({ move: id, code: loaded.error.code, reason: loaded.error.message });
  state.variant = loaded;
  state.names = Object.fromEntries(loaded.pieces.map((p) => [p.letter, p.name]));
  state.royals = new Set(loaded.pieces.filter((p) => p.royal).map((p) => p.letter));
  state.style = styleOf(loaded);
  $("description").textContent = loaded.description;
  await open({});
}

/** Opens a new match (from `fen`, the match FEN, or the start); false if refused. */
async function open({ fen }) {
  const opened = await call("open", { variant: state.variant.variant, match: true, ...(fen ? { fen } : {}) });
  if (!opened.ok) return showFenError(opened.error.message), false;
  if (state.game) call("close", { game: state.game });
  Object.assign(state, { game: opened.game, match: opened, played: [], selected: null });
  showFenError(null);
  showWhy(null);
  await refresh();
  return true;
}

/** Asks each board's legal moves, then draws. */
async function refresh() {
  const lists = await Promise.all(BOARDS.map((board) => call("moves", { game: state.game, board })));
  BOARDS.forEach((id, i) => {
    state.moves[id] = lists[i].ok ? lists[i].moves.map((m) => ({ ...m, ...readUci(m.uci) })) : [];
  });
  render();
}

/** A move's squares from its long algebraic form: `e2e4`, `e7e8q`, `P@e4`. */
function readUci(uci) {
  const drop = uci.match(/^([A-Za-z+]+)@([a-p]\d+)$/);
  if (drop) return { hand: drop[1].toUpperCase(), to: drop[2] };
  const m = uci.match(/^([a-p]\d+)([a-p]\d+)/);
  return m ? { from: m[1], to: m[2] } : {};
}

const boardOf = (id) => state.match.boards.find((b) => b.board === id);
const pieceOn = (id, square) => parseBoard(boardOf(id).fen, state.variant.files, state.variant.ranks)[square];
const own = (id, piece) => piece && !piece.wall && (piece.letter === piece.letter.toUpperCase()) === (boardOf(id).turn === "white");

function press(id, square) {
  if (state.busy || state.match.result) return;
  const sel = state.selected;
  if (sel && sel.board === id && movesOf(sel).some((m) => m.to === square)) return attempt(id, square);
  if (own(id, pieceOn(id, square))) {
    state.selected = { board: id, square };
  } else if (sel && sel.board === id) {
    // A move no rule allows: the server says why.
    return explain(id, sel.hand ? `${sel.hand}@${square}` : `${sel.square}${square}`);
  } else {
    state.selected = null;
  }
  render();
}

const movesOf = (sel) => state.moves[sel.board].filter((m) => (sel.hand ? m.hand === sel.hand : m.from === sel.square));

/** The selected piece to `square`: played, or a promotion chosen first, or refused with why. */
function attempt(id, square) {
  const sel = state.selected;
  const moves = movesOf(sel).filter((m) => m.to === square);
  if (moves.length === 0) return explain(id, sel.hand ? `${sel.hand}@${square}` : `${sel.square}${square}`);
  if (moves.length === 1) return play(id, moves[0].uci);
  const options = moves.map((m) => ({ uci: m.uci, letter: m.promotion, label: m.promotion ? state.names[m.promotion] || m.promotion : m.san }));
  const side = { white: boardOf(id).turn === "white", names: state.names, style: state.style, pick: (uci) => play(id, uci) };
  openChooser(`Board ${id}: Promote on ${square} to`, options, side);
}

async function play(id, uci) {
  if (state.busy) return;
  state.busy = true;
  closeChooser();
  try {
    const before = boardOf(id);
    const r = await call("play", { game: state.game, board: id, move: uci });
    if (!r.ok || !r.legal) {
      state.selected = null;
      render();
      return showWhy(r.ok ? { move: uci, code: r.code, reason: r.reason } : { move: uci, code: r.error.code, reason: r.error.message });
    }
    const tag = `${before.fullmove}${before.turn === "white" ? id : id.toLowerCase()}`;
    state.played.push({ board: id, tag, san: r.san });
    state.match = r.boards ? r : (await call("position", { game: state.game }));
    state.selected = null;
    showWhy(null);
    await refresh();
  } finally {
    state.busy = false;
  }
}

/** Takes back the match's last move, on whichever board it was. */
async function takeBack() {
  if (state.busy || !state.played.length) return;
  const r = await call("undo", { game: state.game, plies: 1 });
  if (!r.ok) return showWhy({ move: "undo", code: r.error.code, reason: r.error.message });
  state.played.pop();
  state.match = r.boards ? r : (await call("position", { game: state.game }));
  state.selected = null;
  await refresh();
}

async function explain(id, text) {
  const r = await call("validate", { game: state.game, board: id, move: text });
  if (r.ok && r.legal) return play(id, r.uci);
  state.selected = null;
  render();
  showWhy(r.ok ? { move: `${text} on board ${id}`, code: r.code, reason: r.reason } : { move: text, code: r.error.code, reason: r.error.message });
}

function showFenError(message) {
  const el = $("fen-error");
  el.hidden = !message;
  el.textContent = message || "";
}

// ---- drawing ----

function render() {
  const { variant, match } = state;
  if (!variant || !match) return;
  for (const id of BOARDS) {
    const position = boardOf(id);
    const pieces = parseBoard(position.fen, variant.files, variant.ranks);
    const marks = {};
    const mark = (square, cls) => (marks[square] = marks[square] ? `${marks[square]} ${cls}` : cls);
    if (position.check) {
      const white = position.turn === "white";
      for (const [square, p] of Object.entries(pieces)) {
        if (!p.wall && (p.letter === p.letter.toUpperCase()) === white && state.royals.has(p.letter.toUpperCase())) mark(square, "check");
      }
    }
    const sel = state.selected;
    if (sel && sel.board === id) {
      if (sel.square) mark(sel.square, "selected");
      for (const m of movesOf(sel)) mark(m.to, m.capture ? "target capture" : "target");
    }
    boards[id].draw({ files: variant.files, ranks: variant.ranks, a1Light: variant.a1_light, pieces, names: state.names, marks, size: 440, style: state.style });
    // Board A has White at the bottom, board B (turned round) Black: partners on one side.
    const [top, bottom] = boards[id].flipped ? ["white", "black"] : ["black", "white"];
    drawSide(id, $(`${id}-top`), top);
    drawSide(id, $(`${id}-bottom`), bottom);
    const status = position.result ? position.result.description : `${position.turn === "white" ? "White" : "Black"} to move${position.check ? ", in check" : ""}`;
    $(`${id}-status`).textContent = status;
  }
  const result = $("result");
  result.hidden = !match.result;
  if (match.result) {
    const team = (match.result.winners || []).map((w) => `${w.color} on ${w.board}`).join(" and ");
    result.textContent = `${match.result.score} on board ${match.result.board}: ${match.result.description}${team ? `; ${team} win` : ""}`;
  }
  drawMoves();
  $("fen-out").value = match.fen;
  $("undo").disabled = state.played.length === 0;
  // For scripts (and the browser test) to know when an answer has been drawn.
  Object.assign(document.body.dataset, { game: state.game, plies: state.played.length });
}

/** A side of a board: its name, whether it is to move, its partner, and its hand. */
function drawSide(id, el, side) {
  const position = boardOf(id);
  const toMove = position.turn === side && !state.match.result;
  const partner = `${side === "white" ? "Black" : "White"} on ${id === "A" ? "B" : "A"}`;
  const parts = [text("span", side === "white" ? "White" : "Black", `side-name${toMove ? " to-move" : ""}`), text("span", `with ${partner}`, "label")];
  const hand = position.hands ? position.hands[side] : {};
  const chips = Object.entries(hand).map(([letter, count]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.disabled = !toMove;
    b.dataset.hand = letter;
    b.append(pieceElement(side === "white" ? letter : letter.toLowerCase(), state.names, false, state.style));
    if (count > 1) b.append(text("span", `×${count}`, "note"));
    b.classList.toggle("selected", toMove && state.selected?.board === id && state.selected.hand === letter);
    b.addEventListener("click", () => {
      if (!toMove) return;
      state.selected = { board: id, hand: letter };
      render();
    });
    return b;
  });
  parts.push(text("span", "hand:", "label"), ...(chips.length ? chips : [text("span", "empty", "empty")]));
  el.dataset.side = side;
  el.replaceChildren(...parts);
}

/** The moves as BPGN writes them: `1A. e4 1a. e5 1B. d4 …`. */
function drawMoves() {
  const el = $("bpgn");
  el.replaceChildren(
    ...state.played.map((m) => {
      const span = text("span", "", `bpgn-move board-${m.board}`);
      span.append(text("span", `${m.tag}.`, "number"), text("span", m.san, "san"));
      return span;
    }),
  );
  el.scrollTop = el.scrollHeight;
}

// ---- controls ----

$("undo").addEventListener("click", takeBack);
$("new-match").addEventListener("click", () => open({}));
$("chooser-cancel").addEventListener("click", () => {
  closeChooser();
  state.selected = null;
  render();
});
$("fen-copy").addEventListener("click", () => navigator.clipboard?.writeText($("fen-out").value));
$("fen-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const fen = $("fen-in").value.trim();
  if (fen && (await open({ fen }))) $("fen-in").value = "";
});
let resizeFrame = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(render);
});

start();
