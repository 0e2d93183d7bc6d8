// The workbench: a ruleset in the editor, its board, and a game on it, all through the
// serve protocol. State lives here; the board and the editor only draw and report.

import { call, getJson, getText } from "./api.js";
import { Board, parseBoard } from "./board.js";
import { Editor } from "./editor.js";
import { pieceElement } from "./glyphs.js";

const $ = (id) => document.getElementById(id);

const state = {
  limits: { max_perft_depth: 8 },
  /** The name ruleset errors cite: the built-in's file, so that `extends` resolves beside it. */
  file: "editor.toml",
  /** `load`'s answer for the variant on the board. */
  variant: null,
  /** Piece names by uppercase letter. */
  names: {},
  game: null,
  /** How the game was opened (`fen` or the start), to replay it for perft. */
  opened: {},
  position: null,
  /** The legal moves, each with its squares read from `uci`. */
  moves: [],
  /** `{uci, san}` of every move played since the game was opened. */
  played: [],
  /** What the player has picked up: `{square}`, `{hand: letter}` or `{shop: letter}`. */
  selected: null,
  /** Counts requests that change the variant, so that a slow answer cannot undo a newer one. */
  loads: 0,
  perft: null,
};

const editor = new Editor(
  {
    textarea: $("toml"),
    gutter: $("gutter"),
    band: $("error-band"),
    column: $("error-column"),
    message: $("ruleset-error"),
    status: $("editor-status"),
  },
  (text) => checkRuleset(text),
);
const board = new Board($("board"), { press, release });

// ---- variants and games ----

async function start() {
  const [list, limits] = await Promise.all([getJson("api/variants"), getJson("api/limits")]);
  state.limits = limits;
  $("perft-depth").max = limits.max_perft_depth;
  const select = $("variant");
  for (const b of list.builtin) {
    const option = new Option(b.id, b.id);
    option.title = b.description;
    select.append(option);
  }
  select.addEventListener("change", () => pickVariant(select.value));
  const wanted = decodeURIComponent(location.hash.slice(1));
  select.value = list.builtin.some((b) => b.id === wanted) ? wanted : "chess";
  await pickVariant(select.value);
  document.body.dataset.ready = "true";
}

async function pickVariant(id) {
  const load = ++state.loads;
  history.replaceState(null, "", `#${id}`);
  state.file = `rulesets/${id}.toml`;
  const [text, loaded] = await Promise.all([getText(`api/variants/${encodeURIComponent(id)}`), call("load", { variant: id })]);
  if (load !== state.loads) return;
  editor.setText(text);
  if (!loaded.ok) return editor.showError(loaded.error);
  await useVariant(loaded);
}

/** Re-checks the edited ruleset; a valid one replaces the board at once. */
async function checkRuleset(text) {
  const load = ++state.loads;
  const loaded = await call("load", { toml: text, name: state.file });
  if (load !== state.loads) return;
  if (!loaded.ok) return editor.showError(loaded.error);
  editor.showError(null);
  await useVariant(loaded);
}

async function useVariant(loaded) {
  state.variant = loaded;
  state.names = Object.fromEntries(loaded.pieces.map((p) => [p.letter, p.name]));
  $("description").textContent = loaded.description;
  $("fen-in").value = "";
  $("fen-error").hidden = true;
  drawLegend();
  const r = await openGame({});
  if (!r.ok) showWhy({ move: `opening ${loaded.variant}`, code: r.error.code, reason: r.error.message });
}

/** Opens a game of the current variant (`fen` or the start), closing the previous one. */
async function openGame(opened) {
  const r = await call("open", { variant: state.variant.variant, ...opened });
  if (!r.ok) return r;
  if (state.game) call("close", { game: state.game });
  Object.assign(state, { game: r.game, opened, position: r, played: [], selected: null });
  Object.assign(state, { firstTurn: r.turn, firstFullmove: r.fullmove });
  showWhy(null);
  clearPerft();
  await refresh();
  return r;
}

async function refresh() {
  const r = await call("moves", { game: state.game });
  state.moves = r.ok ? r.moves.map((m) => ({ ...m, ...readUci(m.uci) })) : [];
  render();
}

/** The squares and letters of a long-algebraic move: a move, drop or purchase, upgrade or lift. */
function readUci(uci) {
  let m = uci.match(/^([A-Za-z])@([a-p]\d+)$/);
  if (m) return { letter: m[1].toUpperCase(), to: m[2] };
  m = uci.match(/^([a-p]\d+)\^([a-z])$/);
  if (m) return { from: m[1], lift: m[2].toUpperCase() };
  m = uci.match(/^([a-p]\d+)([a-p]\d+)([a-z]?)$/);
  if (m) return { from: m[1], to: m[2], becomes: m[3] ? m[3].toUpperCase() : null };
  return {};
}

// ---- playing ----

const whiteToMove = () => state.position.turn === "white";
const ownLetter = (letter) => letter && (letter === letter.toUpperCase()) === whiteToMove();
const pieceOn = (square) => parseBoard(state.position.fen, state.variant.files, state.variant.ranks)[square];
const nameOf = (letter) => state.names[letter.toUpperCase()] || letter;

/** The legal moves that start with the selection and end on another square: a piece's
 *  moves (not its upgrades or lifts), or the drops or purchases of a letter. */
function movesOf(selected) {
  if (selected.square) return state.moves.filter((m) => m.from === selected.square && m.to && m.to !== m.from);
  const kind = selected.hand ? "drop" : "buy";
  const letter = selected.hand || selected.shop;
  return state.moves.filter((m) => m.kind === kind && m.letter === letter);
}

const movesTo = (selected, square) => movesOf(selected).filter((m) => m.to === square);

/** The selection on `square` in long algebraic, to ask why it is refused. */
function attempt(selected, square) {
  return selected.square ? `${selected.square}${square}` : `${selected.hand || selected.shop}@${square}`;
}

function press(square) {
  const selected = state.selected;
  const piece = pieceOn(square);
  if (selected && selected.square === square) return;
  if (selected) {
    const moves = movesTo(selected, square);
    if (moves.length) return choose(moves, square);
    if (!(piece && ownLetter(piece.letter))) return explain(attempt(selected, square));
  }
  if (piece && ownLetter(piece.letter)) select({ square });
  else select(null);
}

/** A drag let go on `square`: a move of the dragged piece there, or why not. */
function release(square) {
  const selected = state.selected;
  if (!selected || !selected.square) return;
  const moves = movesTo(selected, square);
  if (moves.length) choose(moves, square);
  else explain(attempt(selected, square));
}

function select(selected) {
  state.selected = selected;
  closeChooser();
  render();
}

/** Plays the one move, or asks which of several (promotions, mutation classes). */
function choose(moves, square) {
  if (moves.length === 1) return play(moves[0].uci);
  const options = moves.map((m) => {
    const becomes = m.becomes || m.lift;
    return { uci: m.uci, letter: becomes, label: becomes ? nameOf(becomes) : `no promotion (${m.san})` };
  });
  const what = moves[0].lift ? "Lift into the hand as" : `Promote on ${square} to`;
  openChooser(what, options);
}

async function play(uci) {
  closeChooser();
  const r = await call("play", { game: state.game, move: uci });
  if (!r.ok || !r.legal) return showWhy(r.ok ? { move: uci, ...r } : { move: uci, reason: r.error.message, code: r.error.code });
  state.played.push({ uci: r.uci, san: r.san });
  state.position = r;
  state.selected = null;
  showWhy(null);
  await refresh();
}

/** Asks the engine why a move is refused and shows the answer (or plays it, if it is legal after all). */
async function explain(text) {
  const r = await call("validate", { game: state.game, move: text });
  if (r.ok && r.legal) return play(r.uci);
  state.selected = null;
  render();
  showWhy(r.ok ? { move: text, code: r.code, reason: r.reason } : { move: text, code: r.error.code, reason: r.error.message });
}

function showWhy(why) {
  const el = $("why");
  el.hidden = !why;
  if (!why) return;
  el.dataset.code = why.code;
  el.replaceChildren(text("strong", `${why.move} is refused: `), text("span", why.reason, "reason"), text("code", ` (${why.code})`));
}

/** Takes back the last `plies` moves. */
async function undo(plies = 1) {
  const r = await call("undo", { game: state.game, plies });
  if (!r.ok) return showWhy({ move: "undo", code: r.error.code, reason: r.error.message });
  state.played.length -= plies;
  state.position = r;
  state.selected = null;
  showWhy(null);
  await refresh();
}

// ---- the chooser ----

function openChooser(title, options) {
  $("chooser-title").textContent = title;
  $("chooser-options").replaceChildren(
    ...options.map((o) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.uci = o.uci;
      if (o.letter) {
        b.dataset.choice = o.letter;
        b.append(pieceElement(whiteToMove() ? o.letter : o.letter.toLowerCase(), state.names));
      }
      b.append(text("span", o.label));
      b.addEventListener("click", () => play(o.uci));
      return b;
    }),
  );
  $("chooser").hidden = false;
}

function closeChooser() {
  $("chooser").hidden = true;
}

// ---- drawing ----

function render() {
  const { variant, position } = state;
  if (!variant || !position) return;
  const marks = {};
  const mark = (square, cls) => (marks[square] = marks[square] ? `${marks[square]} ${cls}` : cls);
  const last = state.played.at(-1);
  if (last) {
    const m = readUci(last.uci);
    if (m.from) mark(m.from, "last");
    if (m.to) mark(m.to, "last");
  }
  const selected = state.selected;
  if (selected) {
    if (selected.square) mark(selected.square, "selected");
    for (const m of movesOf(selected)) mark(m.to, m.capture ? "target capture" : "target");
  }
  board.draw({
    files: variant.files,
    ranks: variant.ranks,
    a1Light: variant.a1_light,
    pieces: parseBoard(position.fen, variant.files, variant.ranks),
    names: state.names,
    marks,
  });
  const [top, bottom] = board.flipped ? ["white", "black"] : ["black", "white"];
  drawSide($("top-side"), top);
  drawSide($("bottom-side"), bottom);
  drawActions();
  drawStatus();
  drawMoveList();
  $("fen-out").value = position.fen;
  $("undo").disabled = state.played.length === 0;
  // For scripts (and the browser test) to know when an answer has been drawn.
  Object.assign(document.body.dataset, { game: state.game, plies: state.played.length });
}

/** A side's hand, coins and shop, where the variant has them. */
function drawSide(el, side) {
  const { variant, position } = state;
  const toMove = position.turn === side;
  const parts = [text("span", side === "white" ? "White" : "Black", `side-name${toMove ? " to-move" : ""}`)];
  if (position.hands) {
    const hand = position.hands[side];
    const chips = Object.entries(hand).map(([letter, count]) => {
      const chip = chipButton(side === "white" ? letter : letter.toLowerCase(), count > 1 ? `×${count}` : "", toMove);
      chip.dataset.hand = letter;
      chip.classList.toggle("selected", toMove && state.selected?.hand === letter);
      chip.addEventListener("click", () => toMove && select({ hand: letter }));
      return chip;
    });
    parts.push(text("span", "hand:", "label"), ...(chips.length ? chips : [text("span", "empty", "empty")]));
  }
  if (position.coins) {
    const [coins, purchases] = [position.coins[side], position.purchases[side]];
    parts.push(text("span", `${coins} coin${coins === 1 ? "" : "s"}, ${purchases} purchase${purchases === 1 ? "" : "s"}`, "coins"));
    const shop = (variant.buy || []).map(({ piece, cost }) => {
      const chip = chipButton(side === "white" ? piece : piece.toLowerCase(), `${cost}¢`, toMove);
      chip.dataset.shop = piece;
      chip.title = `buy a ${nameOf(piece)} for ${cost} coin${cost === 1 ? "" : "s"}, then click a square`;
      chip.classList.toggle("selected", toMove && state.selected?.shop === piece);
      chip.addEventListener("click", () => toMove && select({ shop: piece }));
      return chip;
    });
    if (shop.length) parts.push(text("span", "shop:", "label"), ...shop);
  }
  el.dataset.side = side;
  el.replaceChildren(...parts);
}

function chipButton(letter, note, active) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "chip";
  b.disabled = !active;
  b.append(pieceElement(letter, state.names));
  if (note) b.append(text("span", note, "note"));
  return b;
}

/** Upgrades and lifts of the selected piece: legal ones to play, the others to ask why not. */
function drawActions() {
  const el = $("actions");
  const square = state.selected?.square;
  const piece = square && pieceOn(square);
  const buttons = [];
  if (piece) {
    const letter = piece.letter.toUpperCase();
    for (const u of (state.variant.upgrades || []).filter((u) => u.from === letter)) {
      const uci = `${square}${square}${u.to.toLowerCase()}`;
      const legal = state.moves.some((m) => m.uci === uci);
      // Asked in SAN (`B@e2`): the engine reads a refused `e2e2b` as a move onto an own piece.
      const why = `${u.to}@${square}`;
      buttons.push(actionButton(`Upgrade to ${nameOf(u.to)} (${u.cost}¢)`, uci, legal, () => (legal ? play(uci) : explain(why))));
    }
    if (state.variant.lift) {
      const lifts = state.moves.filter((m) => m.from === square && m.lift);
      const own = `${square}^${letter.toLowerCase()}`;
      const options = lifts.map((m) => ({ uci: m.uci, letter: m.lift, label: nameOf(m.lift) }));
      buttons.push(
        actionButton("Lift into the hand…", own, lifts.length > 0, () =>
          lifts.length ? openChooser(`Lift the ${nameOf(letter)} on ${square} into the hand as`, options) : explain(own),
        ),
      );
    }
  }
  el.replaceChildren(...buttons);
}

function actionButton(label, uci, legal, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.uci = uci;
  b.classList.toggle("illegal", !legal);
  if (!legal) b.title = "not legal now: click to see why";
  b.addEventListener("click", onClick);
  return b;
}

function drawStatus() {
  const p = state.position;
  const side = p.turn === "white" ? "White" : "Black";
  $("status").textContent = `${side} to move · move ${p.fullmove}${p.check ? " · check" : ""} · ${state.moves.length} legal moves`;
  const result = $("result");
  result.hidden = !p.result;
  if (p.result) {
    result.textContent = `Game over: ${p.result.description}`;
    result.dataset.score = p.result.score;
  }
}

function drawMoveList() {
  const list = $("san");
  const items = [];
  const { played } = state;
  const startBlack = state.firstTurn === "black";
  let fullmove = state.firstFullmove;
  let i = 0;
  while (i < played.length) {
    const li = document.createElement("li");
    li.append(text("span", `${fullmove}.${startBlack && i === 0 ? ".." : ""}`, "number"));
    const plies = startBlack && i === 0 ? 1 : 2;
    for (const [k, p] of played.slice(i, i + plies).entries()) {
      const san = text("span", p.san, "san");
      const after = i + k + 1;
      if (after < played.length) {
        san.title = "click to take back the moves after this one";
        san.addEventListener("click", () => undo(played.length - after));
      }
      li.append(san);
    }
    items.push(li);
    i += plies;
    fullmove += 1;
  }
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function drawLegend() {
  const rows = state.variant.pieces.map((p) => {
    const row = document.createElement("div");
    row.append(pieceElement(p.letter, state.names), pieceElement(p.letter.toLowerCase(), state.names), text("span", `${p.letter} ${p.name}`));
    return row;
  });
  const { files, ranks } = state.variant;
  const count = `${rows.length} piece${rows.length === 1 ? "" : "s"}`;
  $("legend").replaceChildren(text("div", `${files}×${ranks} board · ${count}`, "pane-title"), ...rows);
}

function text(tag, content, cls) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (cls) el.className = cls;
  return el;
}

// ---- FEN and perft ----

async function setFen(fen) {
  const r = await openGame(fen ? { fen } : {});
  $("fen-error").hidden = r.ok;
  if (!r.ok) $("fen-error").textContent = r.error.message;
}

/** Forgets the counts of another game (and stops a count under way). */
function clearPerft() {
  if (state.perft) state.perft.stopped = true;
  state.perft = null;
  $("perft-table").tBodies[0].replaceChildren();
  $("perft-divide").replaceChildren();
  $("perft-progress").value = 0;
  $("perft-run").disabled = false;
  $("perft-stop").disabled = true;
}

/** Perft to `depth`: each shallower depth as one request, then the last split by root
 *  move (one request each on a copy of the game), so progress shows and Stop works.
 *  It counts the game as it was when started; another game stops it. */
async function perft(depth) {
  clearPerft();
  const run = { stopped: false };
  state.perft = run;
  const { game, variant, opened, played, moves, position } = state;
  const current = () => state.perft === run;
  const row = (d, nodes, seconds) => {
    if (!current()) return;
    const tr = document.createElement("tr");
    tr.dataset.depth = d;
    tr.append(text("td", d), text("td", nodes), text("td", seconds));
    $("perft-table").tBodies[0].append(tr);
  };
  const progress = (done, title = "") => current() && Object.assign($("perft-progress"), { value: done, title });
  const fail = (error) => row(depth, error.message, "");
  $("perft-run").disabled = true;
  $("perft-stop").disabled = false;
  try {
    for (let d = 1; d < depth; d++) {
      const r = await call("perft", { game, depth: d });
      if (run.stopped) return;
      if (!r.ok) return fail(r.error);
      row(d, r.nodes, r.seconds.toFixed(3));
      progress(d / depth);
    }
    // Past the end of a game the server still counts moves but lists none; and a depth
    // over the limit is the server's to refuse. Both are one request.
    if (position.result || depth > state.limits.max_perft_depth || depth < 2) {
      const r = await call("perft", { game, depth });
      if (!r.ok) return fail(r.error);
      progress(1);
      return row(depth, r.nodes, r.seconds.toFixed(3));
    }
    const copy = await call("open", { variant: variant.variant, ...opened, moves: played.map((p) => p.uci) });
    if (!copy.ok) return fail(copy.error);
    const started = performance.now();
    const divide = [];
    let nodes = 0;
    try {
      for (const [i, m] of moves.entries()) {
        if (run.stopped) return row(depth, `stopped after ${i} of ${moves.length} root moves`, "");
        await call("play", { game: copy.game, move: m.uci });
        const r = await call("perft", { game: copy.game, depth: depth - 1 });
        await call("undo", { game: copy.game });
        if (!r.ok) return fail(r.error);
        nodes += r.nodes;
        divide.push(`${m.uci} ${r.nodes}`);
        progress((depth - 1 + (i + 1) / moves.length) / depth, `depth ${depth}: ${i + 1} of ${moves.length} root moves`);
      }
    } finally {
      call("close", { game: copy.game });
    }
    row(depth, nodes, ((performance.now() - started) / 1000).toFixed(3));
    if (current()) $("perft-divide").textContent = divide.join("\n");
  } finally {
    if (current()) {
      $("perft-run").disabled = false;
      $("perft-stop").disabled = true;
      state.perft = null;
    }
  }
}

// ---- wiring ----

$("undo").addEventListener("click", () => undo());
$("flip").addEventListener("click", () => {
  board.flipped = !board.flipped;
  render();
});
$("chooser-cancel").addEventListener("click", closeChooser);
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") select(null);
});
$("fen-form").addEventListener("submit", (e) => {
  e.preventDefault();
  setFen($("fen-in").value.trim());
});
$("fen-start").addEventListener("click", () => setFen(""));
$("perft-form").addEventListener("submit", (e) => {
  e.preventDefault();
  perft(Number($("perft-depth").value));
});
$("perft-stop").addEventListener("click", () => state.perft && (state.perft.stopped = true));

start();
