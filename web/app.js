// The workbench: a ruleset in the editor, its board, and a game on it, all through the
// serve protocol. State lives here; the board and the editor only draw and report.

import { call, getJson, getText, setMaxRequestBytes } from "./api.js";
import { Board, parseBoard, squareName } from "./board.js";
import { PieceCard } from "./card.js";
import { closeChooser, openChooser as offer, showWhy, text } from "./dialogs.js";
import { Editor } from "./editor.js";
import { pieceElement, styleOf } from "./glyphs.js";
import { Refused, SHARE_PREFIX, decode, encode, loadLocal, saveLocal } from "./store.js";
import { MoveTree, movetext, tag, visit } from "./tree.js";

const $ = (id) => document.getElementById(id);

const state = {
  limits: { max_perft_depth: 8 },
  /** The built-in picked last (the editor's text starts from it). */
  builtin: "chess",
  /** The built-in's own text, to tell an edited ruleset from it. */
  builtinText: "",
  /** The name ruleset errors cite: the built-in's file, or the edited ruleset's own name. */
  file: "rulesets/chess.toml",
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
  /** Every move tried from the game's start, as a tree; its `current` is on the board. */
  tree: new MoveTree(),
  /** The tree's moves played in the engine's game, from the start: the line to `tree.current`. */
  line: [],
  /** What the player has picked up: `{square}`, `{hand: letter}` or `{shop: letter}`. */
  selected: null,
  /** Counts requests that change the variant, so that a slow answer cannot undo a newer one. */
  loads: 0,
  perft: null,
};

const editor = new Editor(
  {
    parent: $("editor"),
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
  setMaxRequestBytes(limits.max_request_bytes);
  $("perft-depth").max = limits.max_perft_depth;
  const select = $("variant");
  for (const b of list.builtin) {
    const option = new Option(b.id, b.id);
    option.title = b.description;
    select.append(option);
  }
  select.addEventListener("change", () => pickVariant(select.value));
  state.ids = new Set(list.builtin.map((b) => b.id));
  // A share link's snapshot first; else the built-in the fragment names, with the
  // autosaved work on it; else the autosaved work; else chess.
  // A link the page cannot open is refused with its reason, and the page opens as without it.
  const hash = location.hash;
  const link = hash.startsWith(SHARE_PREFIX);
  let refused = null;
  const shared = link ? await decode(hash.slice(SHARE_PREFIX.length)).catch((e) => ((refused = e), null)) : null;
  const wanted = link ? null : safeDecode(hash.slice(1));
  const saved = loadLocal();
  const snapshot = shared || (saved && (!wanted || saved.builtin === wanted) ? saved : null);
  if (snapshot && state.ids.has(snapshot.builtin)) {
    try {
      await restore(snapshot);
    } catch (e) {
      refused = e;
      await pickVariant("chess");
    }
  } else {
    await pickVariant(state.ids.has(wanted) ? wanted : "chess");
  }
  if (refused) {
    const reason = refused instanceof Refused ? refused.message : `the link cannot be read (${refused})`;
    showWhy({ move: link ? "The share link" : "The saved work", code: "bad-link", reason });
  }
  document.body.dataset.ready = "true";
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

async function pickVariant(id) {
  const load = ++state.loads;
  $("variant").value = id;
  history.replaceState(null, "", `#${id}`);
  const [text, loaded] = await Promise.all([getText(`api/variants/${encodeURIComponent(id)}`), call("load", { variant: id })]);
  if (load !== state.loads) return;
  Object.assign(state, { builtin: id, builtinText: text, file: `rulesets/${id}.toml` });
  editor.setText(text);
  showFile();
  if (!loaded.ok) return editor.showError(loaded.error);
  await useVariant(loaded);
  autosave();
}

/** Reopens a snapshot (autosaved, or from a share link): ruleset, start position and moves. */
async function restore(snapshot) {
  const load = ++state.loads;
  const id = snapshot.builtin;
  $("variant").value = id;
  history.replaceState(null, "", `#${id}`);
  const builtinText = await getText(`api/variants/${encodeURIComponent(id)}`);
  const text = snapshot.toml ?? builtinText;
  const file = text === builtinText ? `rulesets/${id}.toml` : fileFor(text);
  const loaded = text === builtinText ? await call("load", { variant: id }) : await call("load", { toml: text, name: file });
  if (load !== state.loads) return;
  Object.assign(state, { builtin: id, builtinText, file });
  editor.setText(text);
  showFile();
  if (!loaded.ok) return editor.showError(loaded.error);
  const tree = Array.isArray(snapshot.moves) ? MoveTree.fromFlat(snapshot.moves) : MoveTree.fromData(snapshot.tree);
  const fen = snapshot.fen || undefined;
  await writeSans(tree, loaded.variant, fen);
  if (load !== state.loads) return;
  const line = tree.line(tree.find(snapshot.line || []));
  await useVariant(loaded, { fen, tree, line });
}

/** The most moves replayed to write a restored tree's SAN (each line from the start). */
const MAX_REPLAY = 200_000;

/**
 * Writes the SAN of every move of a restored tree as the engine writes it (never as a
 * link wrote it): each line is played from the game's start and taken back, and the
 * take-back names its moves. A move the engine refuses is cut, with what follows it.
 */
async function writeSans(tree, variant, fen) {
  // Counted before the lines are built: a link's 10,000 moves can make 25 million.
  if (tree.replayWork(MAX_REPLAY) > MAX_REPLAY) {
    throw new Refused(`its variations take more than ${MAX_REPLAY} moves to replay from the start`);
  }
  const lines = tree.leaves().map((leaf) => tree.line(leaf));
  while (lines.length) {
    const path = lines.pop();
    if (!path.length || path.some((n) => n.cut) || path.every((n) => n.san !== null)) continue;
    const r = await call("open", { variant, ...(fen ? { fen } : {}), moves: path.map((n) => n.uci) });
    if (!r.ok) {
      const i = r.error.index;
      if (!Number.isInteger(i) || i < 0 || i >= path.length) throw new Refused(`its moves cannot be replayed: ${r.error.message}`);
      path[i].cut = true;
      tree.remove(path[i]);
      lines.push(path.slice(0, i));
      continue;
    }
    const u = await call("undo", { game: r.game, plies: path.length });
    call("close", { game: r.game });
    if (!u.ok) throw new Refused(`its moves cannot be replayed: ${u.error.message}`);
    u.undone.forEach((m, k) => (path[path.length - 1 - k].san = m.san));
  }
}

/**
 * The file name a ruleset's errors cite: its own `name` (`<name>.toml`), under
 * `rulesets/` when it extends a file by path, so that the embedded bases resolve as
 * they do beside the built-ins.
 */
function fileFor(text) {
  const name = (text.match(/^\s*name\s*=\s*"([A-Za-z0-9_.+-]{1,64})"/m) || [])[1] || "editor";
  const byPath = /^\s*extends\s*=\s*"[^"]*[/.][^"]*"/m.test(text);
  return `${byPath ? "rulesets/" : ""}${name}.toml`;
}

function showFile() {
  const edited = editor.text !== state.builtinText;
  $("ruleset-file").textContent = state.file;
  $("ruleset-file").title = edited ? `edited from the built-in ${state.builtin}` : `the built-in ${state.builtin}`;
  $("ruleset-file").classList.toggle("edited", edited);
}

/** Re-checks the edited ruleset; a valid one replaces the board at once. */
async function checkRuleset(text) {
  const load = ++state.loads;
  state.file = text === state.builtinText ? `rulesets/${state.builtin}.toml` : fileFor(text);
  showFile();
  autosave();
  const loaded = await call("load", { toml: text, name: state.file });
  if (load !== state.loads) return;
  if (!loaded.ok) return editor.showError(loaded.error);
  editor.showError(null);
  await useVariant(loaded);
  autosave();
}

/** Shows a variant just loaded, with a new game (or the one a snapshot holds). */
async function useVariant(loaded, restored = null) {
  state.variant = loaded;
  state.names = Object.fromEntries(loaded.pieces.map((p) => [p.letter, p.name]));
  state.royals = new Set(loaded.pieces.filter((p) => p.royal).map((p) => p.letter));
  state.style = styleOf(loaded);
  $("variant-name").textContent = loaded.variant;
  $("description").textContent = loaded.description;
  $("fen-in").value = "";
  $("fen-error").hidden = true;
  card.hide();
  drawLegend();
  const opened = restored && restored.fen ? { fen: restored.fen } : {};
  let r = await openGame(opened, restored);
  if (!r.ok && restored) r = await openGame(opened);
  if (!r.ok && opened.fen) r = await openGame({});
  if (!r.ok) showWhy({ move: `opening ${loaded.variant}`, code: r.error.code, reason: r.error.message });
}

/**
 * Opens a game of the current variant (`fen` or the start), closing the previous one;
 * with `restored`, its move tree, the line of it played at once.
 */
async function openGame(opened, restored = null) {
  const line = restored ? restored.line : [];
  const r = await call("open", { variant: state.variant.variant, ...opened, moves: line.map((n) => n.uci) });
  if (!r.ok) return r;
  if (state.game) call("close", { game: state.game });
  const tree = restored ? restored.tree : new MoveTree();
  tree.current = line.at(-1) || tree.root;
  Object.assign(state, { game: r.game, opened, position: r, tree, line: [...line], selected: null });
  // The first move's number and side, counted back from the position after the line.
  const plies = line.length;
  const startBlack = (r.turn === "black") !== (plies % 2 === 1);
  const fullmove = r.fullmove - Math.floor((plies + (startBlack ? 1 : 0)) / 2);
  Object.assign(state, { firstTurn: startBlack ? "black" : "white", firstFullmove: fullmove });
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

/** The squares and letters of a long-algebraic move: a move, drop or purchase, upgrade or
 *  lift, or a move in two steps (Chu shogi's lion: `from`, the square of its first step,
 *  `via`, then `to`, which may be `from` again). */
function readUci(uci) {
  let m = uci.match(/^([A-Za-z])@([a-p]\d+)$/);
  if (m) return { letter: m[1].toUpperCase(), to: m[2] };
  m = uci.match(/^([a-p]\d+)\^([a-z])$/);
  if (m) return { from: m[1], lift: m[2].toUpperCase() };
  m = uci.match(/^([a-p]\d+)([a-p]\d+)([a-p]\d+)$/);
  if (m) return { from: m[1], via: m[2], to: m[3] };
  m = uci.match(/^([a-p]\d+)([a-p]\d+)([a-z]?)$/);
  if (m) return { from: m[1], to: m[2], becomes: m[3] ? m[3].toUpperCase() : null };
  return {};
}

// ---- keeping and sharing ----

/** What the page holds, as plain data (see store.js). */
function snapshot() {
  const text = editor.text;
  return {
    builtin: state.builtin,
    toml: text === state.builtinText ? null : text,
    fen: state.opened.fen || null,
    moves: state.tree.toFlat(),
    line: state.line.map((n) => n.uci),
  };
}

let saveTimer = null;

/** Saves the snapshot in the browser's storage, a moment after the last change. */
function autosave() {
  // A link made before the change no longer shows what the page does.
  $("share-out").hidden = true;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveLocal(snapshot());
    document.body.dataset.saved = String(Date.now());
  }, 150);
}

async function share() {
  const link = `${location.origin}${location.pathname}${SHARE_PREFIX}${await encode(snapshot())}`;
  $("share-out").value = link;
  $("share-out").hidden = false;
  $("share-out").select();
  navigator.clipboard?.writeText(link).catch(() => {});
}

/** Downloads `text` as a file named `name`. */
function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function openFile(file) {
  if (!file) return;
  // A file the server would refuse unread is not read into the editor either.
  const max = state.limits.max_request_bytes;
  if (file.size > max) {
    const message = `${file.name} is ${file.size} bytes; a ruleset sent to the server may be at most ${max} bytes (and its text 64 KiB)`;
    return editor.showError({ code: "line-too-long", message });
  }
  const text = await file.text();
  editor.setText(text);
  await checkRuleset(text);
}

/** The game as PGN: the tree with its variations, tagged with the variant (a custom ruleset by its name). */
function pgn() {
  const { position, variant, opened } = state;
  if (!variant || !position) return "";
  const onMainLine = state.tree.end(state.tree.root) === state.tree.current;
  const result = onMainLine && position.result ? position.result.score : "*";
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, ".");
  const tags = [
    tag("Event", "Chimera workbench"),
    tag("Site", "?"),
    tag("Date", today),
    tag("Round", "-"),
    tag("White", "?"),
    tag("Black", "?"),
    tag("Result", result),
    tag("Variant", variant.variant),
  ];
  if (opened.fen) tags.push(tag("SetUp", "1"), tag("FEN", opened.fen));
  const moves = movetext(state.tree, { firstTurn: state.firstTurn, firstFullmove: state.firstFullmove, result });
  return `${tags.join("\n")}\n\n${moves}\n`;
}

// ---- playing ----

const whiteToMove = () => state.position.turn === "white";
const ownLetter = (letter) => letter && (letter === letter.toUpperCase()) === whiteToMove();
/** The piece on `square` (a wall is none: it belongs to neither side and is never moved by hand). */
const pieceOn = (square) => {
  const p = parseBoard(state.position.fen, state.variant.files, state.variant.ranks)[square];
  return p && !p.wall ? p : undefined;
};
const nameOf = (letter) => state.names[letter.toUpperCase()] || letter;
/** The squares walled in the start position: walls that never move (Omicron's border). */
const fixedWalls = (variant) =>
  new Set(Object.entries(parseBoard(variant.start, variant.files, variant.ranks)).filter(([, p]) => p.wall).map(([sq]) => sq));

/** The legal moves that start with the selection and end on another square: a piece's
 *  moves in one step (not its upgrades or lifts), the second steps of its two-step moves
 *  once the first is picked (`via`), or the drops or purchases of a letter. */
function movesOf(selected) {
  if (selected.via) return secondSteps(selected.square, selected.via);
  if (selected.square) return state.moves.filter((m) => m.from === selected.square && m.to && m.to !== m.from && !m.via);
  const kind = selected.hand ? "drop" : "buy";
  const letter = selected.hand || selected.shop;
  return state.moves.filter((m) => m.kind === kind && m.letter === letter);
}

/** The two-step moves of the piece on `from` whose first step ends on `via`. */
const secondSteps = (from, via) => state.moves.filter((m) => m.from === from && m.via === via);

/** The moves of the selection ending on `square`; after a first step, stopping on its
 *  square is the one-step move there. */
function movesTo(selected, square) {
  const moves = movesOf(selected).filter((m) => m.to === square);
  if (selected.via !== square) return moves;
  return moves.concat(movesOf({ square: selected.square }).filter((m) => m.to === square));
}

/** The selection on `square` in long algebraic, to ask why it is refused. */
function attempt(selected, square) {
  if (selected.via) return `${selected.square}${selected.via}${square}`;
  return selected.square ? `${selected.square}${square}` : `${selected.hand || selected.shop}@${square}`;
}

function press(square) {
  const selected = state.selected;
  const piece = pieceOn(square);
  if (piece && !(selected && movesTo(selected, square).length)) card.show(piece.letter, square);
  // The first step of a two-step move: the second is picked next (or this square again).
  if (selected?.square && !selected.via && secondSteps(selected.square, square).length) {
    return select({ square: selected.square, via: square });
  }
  if (selected && selected.square === square && !selected.via) return;
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

async function play(uci, byComputer = false) {
  closeChooser();
  const mover = state.position?.turn;
  const r = await call("play", { game: state.game, move: uci });
  if (!r.ok || !r.legal) return showWhy(r.ok ? { move: uci, ...r } : { move: uci, reason: r.error.message, code: r.error.code });
  const node = state.tree.add(state.tree.current, r.uci, r.san);
  state.tree.current = node;
  state.line.push(node);
  state.position = r;
  state.selected = null;
  showWhy(null);
  autosave();
  await refresh();
  // The computer answers once the person's whole turn is played (the turn has passed).
  if (!byComputer && $("engine-auto").checked && !r.result && r.turn !== mover) await computerMove();
}

/**
 * The computer plays the side to move: the search (`go`) at the chosen strength, part
 * after part until the turn passes (a Duck chess move and its duck), each part played
 * as a person's move is. Its score and the line it expects are shown.
 */
async function computerMove() {
  if (state.thinking || !state.game || state.position?.result) return;
  state.thinking = true;
  $("engine-move").disabled = true;
  try {
    const mover = state.position.turn;
    for (let part = 0; part < 16; part++) {
      $("engine-line").textContent = "thinking…";
      const g = await call("go", { game: state.game, nodes: Number($("engine-nodes").value) });
      if (!g.ok) return showWhy({ move: "go", code: g.error.code, reason: g.error.message });
      if (!g.move) break;
      const score = g.mate != null ? `mate in ${g.mate}` : `${g.score >= 0 ? "+" : ""}${(g.score / 100).toFixed(2)}`;
      const line = g.pv.join(" ");
      await play(g.move, true);
      $("engine-line").textContent = `${score} (depth ${g.depth}, ${g.nodes} nodes): ${line}`;
      $("engine-line").dataset.score = g.mate != null ? `mate ${g.mate}` : String(g.score);
      if (state.position.turn !== mover || state.position.result) break;
    }
  } finally {
    state.thinking = false;
    $("engine-move").disabled = false;
    document.body.dataset.engine = String(Number(document.body.dataset.engine || 0) + 1);
  }
}

/**
 * Puts the game at `node` of the tree: takes back the moves of the line on the board
 * that are not on its line (one request), then plays the ones that are.
 */
async function goTo(node) {
  if (node === state.tree.current || state.busy) return;
  state.busy = true;
  try {
    const want = state.tree.line(node);
    let common = 0;
    while (common < want.length && common < state.line.length && want[common] === state.line[common]) common++;
    const back = state.line.length - common;
    if (back) {
      const r = await call("undo", { game: state.game, plies: back });
      if (!r.ok) return showWhy({ move: "undo", code: r.error.code, reason: r.error.message });
      state.line.length = common;
      state.position = r;
    }
    for (const n of want.slice(common)) {
      const r = await call("play", { game: state.game, move: n.uci });
      if (!r.ok || !r.legal) break;
      state.line.push(n);
      state.position = r;
    }
    state.tree.current = state.line.at(-1) || state.tree.root;
    state.selected = null;
    showWhy(null);
    autosave();
    await refresh();
  } finally {
    state.busy = false;
  }
}

/** Takes back the move on the board and forgets it (and what followed it in the tree). */
async function takeBack() {
  const node = state.tree.current;
  if (!node.parent) return;
  await goTo(node.parent);
  if (state.tree.current === node.parent) {
    state.tree.remove(node);
    autosave();
    render();
  }
}

/** The arrow keys: back, forward (the main line), the variation before or after, start and end. */
function step(key) {
  const { tree } = state;
  const node = tree.current;
  const target = {
    ArrowLeft: node.parent || node,
    ArrowRight: node.children[0] || node,
    ArrowUp: tree.sibling(node, -1),
    ArrowDown: tree.sibling(node, 1),
    Home: tree.root,
    End: tree.end(node),
  }[key];
  if (target) goTo(target);
}

/** Asks the engine why a move is refused and shows the answer (or plays it, if it is legal after all). */
async function explain(text) {
  const r = await call("validate", { game: state.game, move: text });
  if (r.ok && r.legal) return play(r.uci);
  state.selected = null;
  render();
  showWhy(r.ok ? { move: text, code: r.code, reason: r.reason } : { move: text, code: r.error.code, reason: r.error.message });
}

/** Offers the side to move a choice among `options` (moves to one square). */
function openChooser(title, options) {
  offer(title, options, { white: whiteToMove(), names: state.names, style: state.style, pick: (uci) => play(uci) });
}

// ---- drawing ----

function render() {
  const { variant, position } = state;
  if (!variant || !position) return;
  const marks = {};
  const mark = (square, cls) => (marks[square] = marks[square] ? `${marks[square]} ${cls}` : cls);
  const last = state.line.at(-1);
  if (last) {
    const m = readUci(last.uci);
    for (const sq of new Set([m.from, m.via, m.to])) if (sq) mark(sq, "last");
  }
  const pieces = parseBoard(position.fen, variant.files, variant.ranks);
  if (position.check) {
    // The side to move's royal pieces: the ones attacked light up.
    const white = position.turn === "white";
    for (const [square, p] of Object.entries(pieces)) {
      if (p.wall) continue;
      const own = (p.letter === p.letter.toUpperCase()) === white;
      if (own && state.royals.has(p.letter.toUpperCase())) mark(square, "check");
    }
  }
  const selected = state.selected;
  if (selected) {
    if (selected.square) mark(selected.square, "selected");
    if (selected.via) mark(selected.via, "selected");
    for (const m of movesOf(selected)) mark(m.to, m.capture ? "target capture" : "target");
    if (selected.square && !selected.via) {
      // First steps of two-step moves (each leads on to its second steps).
      for (const m of state.moves.filter((m) => m.from === selected.square && m.via)) mark(m.via, pieceOn(m.via) ? "target capture" : "target");
    } else if (selected.via && movesTo(selected, selected.via).length) {
      mark(selected.via, "target");
    }
  }
  board.draw({
    files: variant.files,
    ranks: variant.ranks,
    boards: variant.boards,
    a1Light: variant.a1_light,
    pieces,
    names: state.names,
    marks,
    style: state.style,
    fixedWalls: fixedWalls(variant),
  });
  const [top, bottom] = board.flipped ? ["white", "black"] : ["black", "white"];
  drawSide($("top-side"), top);
  drawSide($("bottom-side"), bottom);
  drawActions();
  drawStatus();
  drawMoveList();
  $("fen-out").value = position.fen;
  $("pgn-out").value = pgn();
  $("undo").disabled = state.line.length === 0;
  // For scripts (and the browser test) to know when an answer has been drawn.
  Object.assign(document.body.dataset, { game: state.game, plies: state.line.length });
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
  b.append(pieceElement(letter, state.names, false, state.style));
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

/** The move tree: the main line, each variation in parentheses after the move it replaces. */
function drawMoveList() {
  const list = $("san");
  const { tree, line } = state;
  const shift = state.firstTurn === "black" ? 1 : 0;
  const white = (ply) => (ply + shift) % 2 === 0;
  const number = (ply) => state.firstFullmove + Math.floor((ply + shift) / 2);
  const onLine = new Set(line);
  // The boxes being filled: the list, then each variation open inside it.
  const boxes = [document.createDocumentFragment()];
  visit(tree, {
    move(node, ply, numbered) {
      const into = boxes[boxes.length - 1];
      if (white(ply) || numbered) into.append(text("span", `${number(ply)}.${white(ply) ? "" : ".."}`, "number"));
      const san = text("span", node.san, "san");
      san.classList.toggle("current", node === tree.current);
      san.classList.toggle("on-line", onLine.has(node));
      san.title = "click to go to this move (← → ↑ ↓ step through the moves)";
      san.addEventListener("click", () => goTo(node));
      into.append(san);
    },
    open: () => boxes.push(text("span", "", "variation")),
    close: () => {
      const box = boxes.pop();
      boxes[boxes.length - 1].append(box);
    },
  });
  list.replaceChildren(boxes[0]);
  list.querySelector(".san.current")?.scrollIntoView({ block: "nearest" });
}

/** The pieces of the variant; clicking one shows its card. */
function drawLegend() {
  const { files, ranks } = state.variant;
  const centre = squareName(Math.floor((files - 1) / 2), Math.floor((ranks - 1) / 2));
  const rows = state.variant.pieces.map((p) => {
    const row = document.createElement("button");
    row.type = "button";
    row.className = "legend-row";
    row.dataset.letter = p.letter;
    row.title = `where a ${p.name} moves`;
    row.append(
      pieceElement(p.letter, state.names, false, state.style),
      pieceElement(p.letter.toLowerCase(), state.names, false, state.style),
      text("span", `${p.letter} ${p.name}`),
    );
    row.addEventListener("click", () => card.show(p.letter, centre));
    return row;
  });
  const count = `${rows.length} piece${rows.length === 1 ? "" : "s"}`;
  $("legend").replaceChildren(text("div", `${files}×${ranks} board · ${count} (click one for its moves)`, "pane-title"), ...rows);
}

// ---- FEN and perft ----

async function setFen(fen) {
  const r = await openGame(fen ? { fen } : {});
  if (r.ok) autosave();
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
  const { game, variant, opened, line, moves, position } = state;
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
    const copy = await call("open", { variant: variant.variant, ...opened, moves: line.map((n) => n.uci) });
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

const card = new PieceCard($("card"), () => state.variant, () => state.style);

$("undo").addEventListener("click", () => takeBack());
$("engine-move").addEventListener("click", () => computerMove());
$("flip").addEventListener("click", () => {
  board.flipped = !board.flipped;
  render();
});
$("chooser-cancel").addEventListener("click", closeChooser);
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") return select(null);
  // The arrow keys step through the moves, except while typing.
  const typing = e.target.closest && e.target.closest("input, textarea, select, .cm-editor");
  if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key)) {
    e.preventDefault();
    step(e.key);
  }
});
$("fen-form").addEventListener("submit", (e) => {
  e.preventDefault();
  setFen($("fen-in").value.trim());
});
$("fen-start").addEventListener("click", () => setFen(""));
$("fen-copy").addEventListener("click", () => navigator.clipboard?.writeText($("fen-out").value).catch(() => {}));
$("pgn-copy").addEventListener("click", () => navigator.clipboard?.writeText($("pgn-out").value).catch(() => {}));
$("pgn-save").addEventListener("click", () => download(`${state.variant?.variant || "game"}.pgn`, pgn(), "application/x-chess-pgn"));
$("toml-open").addEventListener("click", () => $("toml-file").click());
$("toml-file").addEventListener("change", (e) => {
  openFile(e.target.files[0]);
  e.target.value = "";
});
$("toml-save").addEventListener("click", () => download(state.file.split("/").pop(), editor.text, "application/toml"));
$("share").addEventListener("click", () => share());
$("perft-form").addEventListener("submit", (e) => {
  e.preventDefault();
  perft(Number($("perft-depth").value));
});
$("perft-stop").addEventListener("click", () => state.perft && (state.perft.stopped = true));
// The board follows the width of its pane (a phone held upright, a window narrowed).
let resizeFrame = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(render);
});

start();
