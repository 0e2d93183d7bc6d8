// The workbench in a real browser: Debian's headless Chromium, driven by playwright-core.
// run.sh starts `chimera web` and passes its address in BASE_URL; screenshots go to
// ARTIFACTS. Every scenario plays through the page as a person would: clicks, drags,
// the editor, the chooser; the assertions read what the page shows.

import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { chromium } from "playwright-core";

const BASE_URL = process.env.BASE_URL;
const ARTIFACTS = process.env.ARTIFACTS || "web-artifacts";
/** The chimera binary the server runs, for `chimera validate`. */
const CHIMERA = process.env.CHIMERA || "target/release/chimera";
assert.ok(BASE_URL, "BASE_URL: the address `chimera web` printed");

let browser;
let page;

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
  page.setDefaultTimeout(10_000);
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.problems = problems;
  await page.goto(BASE_URL);
  await page.waitForSelector("body[data-ready=true]");
});

after(async () => {
  try {
    if (page) assert.deepEqual(page.problems, [], "no script errors or failed loads on the page");
  } finally {
    await browser?.close();
  }
});

/** A page in a context of its own (its own storage and session), failing on script errors. */
async function freshPage(url, viewport = { width: 1400, height: 820 }) {
  const context = await browser.newContext({ viewport });
  const p = await context.newPage();
  p.setDefaultTimeout(10_000);
  const problems = [];
  p.on("pageerror", (e) => problems.push(e.message));
  p.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await p.goto(url);
  await p.waitForSelector("body[data-ready=true]");
  p.done = async () => {
    assert.deepEqual(problems, [], "no script errors on the page");
    await context.close();
  };
  return p;
}

/** Waits for the autosave after the last change. */
async function saved(p = page) {
  const before = await p.getAttribute("body", "data-saved");
  await p.waitForFunction((b) => document.body.dataset.saved && document.body.dataset.saved !== b, before);
}

const square = (name) => `#board [data-square="${name}"]`;
const shot = (name) => page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
const sanList = () => page.$$eval("#san .san", (els) => els.map((e) => e.textContent));
const fen = () => page.inputValue("#fen-out");

/** Clicks into the editor's text near its top left corner: the text's middle (where
 *  Playwright clicks by default) may be scrolled out of view sideways by a long line. */
const clickEditor = (p = page) => p.click("#editor .cm-content", { position: { x: 8, y: 8 } });

/** Replaces the editor's text as a person would: click into it, select all, type (or paste). */
async function setToml(text, p = page) {
  await clickEditor(p);
  await p.keyboard.press("ControlOrMeta+a");
  await p.keyboard.insertText(text);
}

/** The editor's CodeMirror view, found from its element: only the lines in view are in the DOM. */
const editorView = async () => {
  const { EditorView } = await import(new URL("vendor/codemirror.js", document.baseURI));
  return EditorView.findFromDOM(document.querySelector("#editor .cm-editor"));
};

/** The editor's whole text. */
const tomlOf = (p = page) => p.evaluate(`(${editorView})().then((view) => view.state.doc.toString())`);

async function pick(variant) {
  const before = await page.getAttribute("body", "data-game");
  await page.selectOption("#variant", variant);
  await page.waitForFunction((g) => document.body.dataset.game && document.body.dataset.game !== g, before);
}

/** Waits until the move on the board (highlighted in the list) is `san`. */
async function waitCurrent(san) {
  await page.waitForFunction((san) => document.querySelector("#san .san.current")?.textContent === san, san);
}

async function waitPlies(n) {
  await page.waitForFunction((n) => document.body.dataset.plies === String(n), n);
}

/** Clicks `from`, then `to` (and any further squares of a move in steps), and waits for
 *  the move to be drawn. */
async function clickMove(from, ...to) {
  const plies = Number(await page.getAttribute("body", "data-plies"));
  for (const name of [from, ...to]) await page.click(square(name));
  await waitPlies(plies + 1);
}

async function dragMove(from, to) {
  const plies = Number(await page.getAttribute("body", "data-plies"));
  await page.dragAndDrop(square(from), square(to));
  await waitPlies(plies + 1);
}

async function why() {
  await page.waitForSelector("#why:not([hidden])");
  return { code: await page.getAttribute("#why", "data-code"), reason: await page.textContent("#why .reason") };
}

describe("chimera web", () => {
  it("plays against the computer: it answers each move, shows its score and line", async () => {
    const p = await freshPage(BASE_URL);
    const before = await p.getAttribute("body", "data-game");
    await p.selectOption("#variant", "chess");
    await p.waitForFunction((g) => document.body.dataset.game && document.body.dataset.game !== g, before);
    await p.selectOption("#engine-nodes", "2000");
    await p.check("#engine-auto");
    // A person's move, and the computer's reply after it.
    await p.click('#board [data-square="e2"]');
    await p.click('#board [data-square="e4"]');
    await p.waitForFunction(() => document.body.dataset.plies === "2");
    const line = await p.textContent("#engine-line");
    assert.match(line, /^[+-]\d+\.\d\d \(depth \d+, \d+ nodes\): \S+/, line);
    // "Computer move" plays the side to move (White here), and it answers nothing itself.
    await p.click("#engine-move");
    await p.waitForFunction(() => document.body.dataset.plies === "3");
    const sans = await p.$$eval("#san .san", (els) => els.map((e) => e.textContent));
    assert.equal(sans.length, 3);
    assert.equal(sans[0], "e4");
    await p.screenshot({ path: `${ARTIFACTS}/0-against-the-computer.png` });
    // A beyond-Fairy-Stockfish variant: Duck chess, the computer's whole turn (move and duck).
    const g = await p.getAttribute("body", "data-game");
    await p.selectOption("#variant", "duck");
    await p.waitForFunction((g) => document.body.dataset.game && document.body.dataset.game !== g, g);
    await p.uncheck("#engine-auto");
    await p.click("#engine-move");
    await p.waitForFunction(() => document.body.dataset.plies === "2");
    assert.match(await p.textContent("#status"), /Black to move/);
    // The duck the computer placed is drawn as the duck: a piece of neither side.
    assert.equal(await p.locator("#board .piece.duck").count(), 1);
    assert.equal(await p.locator('#board .piece[data-piece="*"]').count(), 0);
    await p.done();
  });

  it("draws a board's walls as holes, not as pieces", async () => {
    await pick("omicron");
    // Omicron's 12x10 board: the outer files and ranks are walls, but for the four corners'
    // wizards; 36 walled squares, none of them drawn as a piece.
    assert.equal(await page.locator("#board .square").count(), 120);
    assert.equal(await page.locator("#board .square.wall").count(), 36);
    assert.equal(await page.locator('#board .piece[data-piece="*"]').count(), 0);
    assert.equal(await page.getAttribute(square("b1"), "aria-label"), "b1 wall");
    assert.equal(await page.locator(`${square("a1")} .piece`).count(), 1, "the wizard in the corner");
    await shot("omicron-walls");
  });

  it("plays Mischia by clicking and dragging; SAN list, FEN, why a move is refused, undo", async () => {
    await pick("mischia");
    assert.equal(await page.locator("#board .square").count(), 36);
    await clickMove("b2", "b3");
    await dragMove("e5", "e4");
    await clickMove("f1", "e3");
    await clickMove("d5", "d4");
    await clickMove("e3", "c4");
    assert.deepEqual(await sanList(), ["b3", "e4", "Ne3", "d4", "Nc4+"]);
    assert.equal(await fen(), "rbqkbn/ppp2p/2Npp1/1P4/P1PPPP/RBQKB1 b Qq - 1 3");
    assert.match(await page.textContent("#status"), /Black to move · move 3 · check/);

    // Black is in check: a pawn move is refused, and the page says why.
    await page.click(square("a5"));
    await page.click(square("a4"));
    assert.deepEqual(await why(), { code: "leaves-royal-in-check", reason: "`a5a4` leaves the king in check" });
    assert.equal(await page.getAttribute("body", "data-plies"), "5", "the refused move changed nothing");
    await shot("1-mischia-why-not");

    // The king in check is marked.
    assert.deepEqual(await page.$$eval("#board .square.check", (els) => els.map((e) => e.dataset.square)), ["d6"]);

    // Take back forgets the move; clicking a move of the list goes there and keeps the rest.
    await page.click("#undo");
    await waitPlies(4);
    assert.deepEqual(await sanList(), ["b3", "e4", "Ne3", "d4"]);
    assert.equal(await page.locator("#board .square.check").count(), 0);
    await page.click('#san .san:text-is("e4")');
    await waitPlies(2);
    assert.deepEqual(await sanList(), ["b3", "e4", "Ne3", "d4"]);
    assert.equal(await page.textContent("#san .san.current"), "e4");
    assert.equal(await fen(), "rbqkbn/pppp1p/4p1/1P4/P1PPPP/RBQKBN w Qq - 0 2");
    // The arrow keys step along the line; a new move there starts a variation.
    await page.keyboard.press("ArrowRight");
    await waitPlies(3);
    await page.keyboard.press("ArrowLeft");
    await waitPlies(2);
    await clickMove("c2", "c3");
    assert.deepEqual(await sanList(), ["b3", "e4", "Ne3", "c3", "d4"]);
    assert.equal(await page.textContent("#san .variation"), "2.c3");
    await page.keyboard.press("ArrowUp");
    await waitCurrent("Ne3");
    assert.equal(await page.getAttribute("body", "data-plies"), "3");
    await page.keyboard.press("End");
    await waitPlies(4);
    assert.equal(await page.textContent("#san .san.current"), "d4");
    await page.keyboard.press("Home");
    await waitPlies(0);
    assert.equal(await page.locator("#san .san.current").count(), 0);
  });

  it("underlines a broken ruleset's error, undoes it, and redraws the board from a valid edit", async () => {
    const original = await tomlOf();
    const lines = original.split("\n");
    const line = lines.findIndex((l) => l.trim() === 'betza = "K"') + 1;
    assert.ok(line > 0);
    // As a designer would: find the king's move with the search panel, and type in it.
    await clickEditor();
    await page.keyboard.press("ControlOrMeta+f");
    await page.waitForSelector("#editor .cm-search");
    await page.keyboard.type('betza = "K"');
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.type("x");
    await page.waitForSelector("#ruleset-error:not([hidden])");
    lines[line - 1] = lines[line - 1].replace('"K"', '"Kx"');
    assert.equal(await tomlOf(), lines.join("\n"));
    const message = await page.textContent("#ruleset-error");
    // An edited ruleset is named by its own `name`, its errors cite the editor's lines.
    assert.match(message, new RegExp(`^mischia.toml:${line}:\\d+: pieces.king.betza: bad Betza "Kx"`));
    assert.equal(await page.textContent("#ruleset-file"), "mischia.toml");
    const column = Number(message.split(":")[2]);
    // The error's line number is marked, and its text underlined from the column to the
    // token's end, on the same row.
    const marker = page.locator("#editor .cm-lineNumbers .error-marker");
    assert.equal(await marker.textContent(), String(line));
    const underline = page.locator("#editor .cm-lintRange-error");
    assert.equal(await underline.count(), 1);
    // The loader points at the modifier it does not know, the x of "Kx": just it is underlined.
    assert.equal(lines[line - 1].slice(column - 1), 'x"');
    assert.equal(await underline.textContent(), "x");
    const [rowOfMarker, rowOfUnderline] = [await marker.boundingBox(), await underline.boundingBox()];
    assert.ok(Math.abs(rowOfMarker.y + rowOfMarker.height / 2 - (rowOfUnderline.y + rowOfUnderline.height / 2)) < 4);
    assert.equal(await underline.evaluate((e) => e.closest(".cm-line").classList.contains("cm-errorLine")), true);
    // Pointing at the underline shows the message.
    await underline.hover();
    await page.waitForSelector(".cm-tooltip-lint");
    assert.equal(await page.textContent(".cm-tooltip-lint .cm-diagnosticText"), message);
    // The TOML is highlighted (the first line's comment): the parser may finish after the text is drawn.
    await page.waitForSelector("#editor .cm-content > .cm-line:first-child > span");
    await page.locator("#editor-pane").screenshot({ path: `${ARTIFACTS}/2-editor-error.png` });
    // Clicking the message puts the cursor on the error's line and column.
    await page.keyboard.press("ControlOrMeta+Home");
    await page.click("#ruleset-error");
    const caret = await page.evaluate(`(${editorView})().then((view) => {
      const head = view.state.selection.main.head, at = view.state.doc.lineAt(head);
      return [at.number, head - at.from + 1, view.hasFocus];
    })`);
    assert.deepEqual(caret, [line, column, true]);
    await shot("2-ruleset-error");

    // Undo takes the edit back: the built-in's text, valid again.
    const broken = await page.getAttribute("body", "data-game");
    await page.keyboard.press("ControlOrMeta+z");
    await page.waitForFunction((g) => document.body.dataset.game !== g, broken);
    assert.equal(await page.locator("#ruleset-error").isHidden(), true);
    assert.equal(await tomlOf(), original);
    assert.equal(await page.locator("#editor .cm-lintRange-error").count(), 0);
    assert.equal(await page.textContent("#ruleset-file"), "rulesets/mischia.toml");

    // A valid edit: one black pawn fewer in the start position, drawn at once.
    const before = await page.getAttribute("body", "data-game");
    await setToml(original.replace("rbqkbn/pppppp/", "rbqkbn/ppppp1/"));
    await page.waitForFunction((g) => document.body.dataset.game !== g, before);
    assert.equal(await page.locator("#ruleset-error").isHidden(), true);
    assert.equal(await page.locator(`${square("f5")} .piece`).count(), 0);
    assert.equal(await page.locator(`${square("e5")} .piece`).count(), 1);
  });

  it("drops a captured piece from the hand in a Mitred game", async () => {
    await pick("mitred-ariana");
    assert.equal(await page.locator("#board .square").count(), 64);
    await clickMove("c3", "c4");
    await clickMove("d6", "d5");
    await clickMove("c4", "d5");
    await clickMove("e6", "e5");
    const chip = '.side-row[data-side="white"] [data-hand="P"]';
    await page.click(chip);
    assert.equal(await page.locator("#board .square.target").count() > 0, true, "drop squares are lit");
    await page.click(square("c3"));
    await waitPlies(5);
    assert.deepEqual(await sanList(), ["c4", "d5", "cxd5", "e5", "P@c3"]);
    assert.equal(await page.locator(chip).count(), 0, "the hand is empty again");
    assert.match(await fen(), /\[\] b /);
    await shot("3-mitred-drop");
  });

  it("buys a pawn in Mystic Chess and is told why an upgrade must wait", async () => {
    await pick("mystic");
    await page.click('.side-row[data-side="white"] [data-shop="P"]');
    await page.click(square("e2"));
    await waitPlies(1);
    assert.deepEqual(await sanList(), ["@e2"]);
    assert.match(await page.textContent('.side-row[data-side="white"] .coins'), /19 coins, 1 purchase$/);
    await page.click('.side-row[data-side="black"] [data-shop="P"]');
    await page.click(square("d7"));
    await waitPlies(2);
    await page.click(square("e2"));
    await page.click('#actions button[data-uci="e2e2b"]');
    assert.deepEqual(await why(), { code: "upgrade-locked", reason: "upgrades are allowed only after 3 purchases; white has made 1" });
    await shot("4-mystic-purchase");
  });

  it("chooses a mutation class for a Pocket Mutation lift, after the first-move refusal", async () => {
    await pick("pocket-mutation");
    await page.click(square("a1"));
    await page.click('#actions button[data-uci="a1^r"]');
    assert.equal((await why()).code, "lift-forbidden");
    await clickMove("e2", "e4");
    await clickMove("e7", "e5");
    await page.click(square("a1"));
    await page.click('#actions button[data-uci="a1^r"]');
    await page.waitForSelector("#chooser:not([hidden])");
    const choices = await page.$$eval("#chooser-options button", (bs) => bs.map((b) => b.dataset.choice));
    assert.deepEqual(choices.sort(), ["D", "I", "R"]);
    await shot("5-pocket-lift-chooser");
    await page.click('#chooser-options button[data-choice="I"]');
    await waitPlies(3);
    assert.equal((await sanList()).at(-1), "Ra1^I");
    assert.equal(await page.locator('.side-row[data-side="white"] [data-hand="I"]').count(), 1, "the nightrider is in the pocket");
  });

  it("promotes through the chooser from a FEN and shows the result of a mate", async () => {
    await pick("chess");
    await page.fill("#fen-in", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    await page.click("#fen-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#fen-out").value.startsWith("k7/4P3"));
    await page.click(square("e7"));
    await page.click(square("e8"));
    await page.waitForSelector("#chooser:not([hidden])");
    assert.equal(await page.locator("#chooser-options button").count(), 4);
    await page.click('#chooser-options button[data-choice="Q"]');
    await waitPlies(1);
    assert.deepEqual(await sanList(), ["e8=Q+"]);

    await page.fill("#fen-in", "not a fen");
    await page.click("#fen-form button[type=submit]");
    await page.waitForSelector("#fen-error:not([hidden])");

    await page.fill("#fen-in", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    await page.click("#fen-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#fen-out").value.startsWith("rnbqkbnr/pppp1ppp"));
    await dragMove("d8", "h4");
    assert.equal(await page.textContent("#result"), "Game over: 0-1 (black wins by checkmate)");
    await shot("6-chess-mate");
  });

  it("counts perft with progress", async () => {
    await pick("chess");
    await page.fill("#perft-depth", "4");
    await page.click("#perft-run");
    await page.waitForSelector('#perft-table tr[data-depth="4"]');
    const rows = await page.$$eval("#perft-table tbody tr", (trs) => trs.map((tr) => tr.children[1].textContent));
    assert.deepEqual(rows, ["20", "400", "8902", "197281"]);
    assert.equal(await page.evaluate(() => document.querySelector("#perft-progress").value), 1);
    assert.equal((await page.textContent("#perft-divide")).split("\n").length, 20);

    // Stop ends a long count between two root moves.
    await page.fill("#perft-depth", "6");
    await page.click("#perft-run");
    await page.waitForFunction(() => document.querySelector("#perft-progress").title.startsWith("depth 6: "));
    await page.click("#perft-stop");
    await page.waitForSelector('#perft-table tr[data-depth="6"]');
    assert.match(await page.textContent('#perft-table tr[data-depth="6"]'), /stopped after \d+ of 20 root moves/);
    assert.equal(await page.isEnabled("#perft-run"), true);
  });

  it("draws boards from 4x4 to 16x16", async () => {
    for (const [files, ranks] of [[4, 4], [16, 16], [12, 5]]) {
      const rows = [`ka${files - 2}`, ...Array(ranks - 2).fill(`${files}`), `${files - 2}AK`].join("/");
      const toml = [
        `name = "size-${files}x${ranks}"`,
        `board = { files = ${files}, ranks = ${ranks} }`,
        `start = "${rows} w - - 0 1"`,
        '[pieces.king]\nletter = "K"\nbetza = "K"\nroyal = true',
        '[pieces.amazon]\nletter = "A"\nbetza = "QN"\n',
      ].join("\n");
      const before = await page.getAttribute("body", "data-game");
      await setToml(toml);
      await page.waitForFunction((g) => document.body.dataset.game !== g, before);
      assert.equal(await page.locator("#board .square").count(), files * ranks);
      const corner = `${String.fromCharCode(96 + files)}${ranks}`;
      assert.equal(await page.locator(`${square(corner)}`).count(), 1);
      assert.equal(await page.locator(`${square(`${String.fromCharCode(97 + files - 2)}1`)} .piece[data-figure="amazon"]`).count(), 1);
      if (files === 16) await shot("7-board-16x16");
    }
  });

  it("draws Chu shogi's promoted faces, written + and a letter", async () => {
    await pick("chushogi");
    assert.equal(await page.locator("#board .square").count(), 144);
    await page.fill("#fen-in", "11k/5+l6/12/12/1+P10/12/12/12/12/12/12/K11 w - - 0 1");
    await page.click("#fen-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#fen-out").value.startsWith("11k/5+l6"));
    assert.equal(await page.locator(`${square("f11")} .piece[data-piece="+l"]`).count(), 1);
    assert.equal(await page.locator(`${square("b8")} .piece[data-piece="+P"]`).count(), 1);
    assert.equal(await page.locator(`${square("g11")} .piece`).count(), 0, "no piece after the token");
    assert.match(await page.getAttribute(`${square("f11")} .piece`, "title"), /black white-horse/);
  });

  it("plays a lion's two-step moves by clicks: on through the first step, back, or stopping there", async () => {
    await pick("chushogi");
    await page.fill("#fen-in", "11k/12/12/4p7/4n7/4gp6/4N7/12/12/12/12/K11 w - - 0 1");
    await page.click("#fen-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#fen-out").value.startsWith("11k/12/12/4p7"));
    const targets = () => page.$$eval("#board .square.target", (els) => els.map((e) => e.dataset.square).sort());
    const pieceAt = (name) => page.locator(`${square(name)} .piece`).getAttribute("data-piece");
    const empty = async (name) => (await page.locator(`${square(name)} .piece`).count()) === 0;
    // The lion's first steps are targets; the gold on e7 is one, and leads on.
    await page.click(square("e6"));
    assert.ok((await targets()).includes("e7"));
    await page.click(square("e7"));
    assert.deepEqual(
      await page.$$eval("#board .square.selected", (els) => els.map((e) => e.dataset.square).sort()),
      ["e6", "e7"],
      "the lion and its first step",
    );
    // From e7: on to the neighbours (e6 is the way back), or stop on e7 itself.
    assert.deepEqual(await targets(), ["d6", "d7", "d8", "e6", "e7", "e8", "f6", "f7", "f8"]);
    await shot("7b-chu-lion-second-step");
    await page.click(square("e8"));
    await waitPlies(1);
    assert.equal(await pieceAt("e8"), "N", "the lion took the gold, then the lion on e8");
    assert.ok((await empty("e7")) && (await empty("e6")));

    // Taken back: out and back to e6 (igui), the gold taken, the lion home again.
    await page.click("#undo");
    await waitPlies(0);
    await clickMove("e6", "e7", "e6");
    assert.equal(await pieceAt("e6"), "N");
    assert.ok(await empty("e7"), "the gold on e7 is taken");
    assert.equal(await pieceAt("e8"), "n");

    // Taken back: the first step's square twice is the one-step capture there.
    await page.click("#undo");
    await waitPlies(0);
    await clickMove("e6", "e7", "e7");
    assert.equal(await pieceAt("e7"), "N");
    assert.ok(await empty("e6"));
    assert.equal(await pieceAt("e8"), "n");
  });

  it("draws Alice chess's two boards apart", async () => {
    await pick("alice");
    assert.equal(await page.locator("#board .square").count(), 128);
    const edges = await page.$$eval("#board .square.board-edge", (els) => els.map((e) => e.dataset.square));
    assert.deepEqual(edges.map((sq) => sq[0]), Array(8).fill("i"), "the second board begins at file i, on every rank");
    await shot("7c-alice-two-boards");
  });

  it("plays a bughouse match on both boards: a capture on A goes to the partner on B", async () => {
    const p = await freshPage(`${BASE_URL}match.html#bughouse`);
    const at = (board, name) => `#board-${board} [data-square="${name}"]`;
    const move = async (board, ...squares) => {
      const plies = Number(await p.getAttribute("body", "data-plies"));
      for (const s of squares) await p.click(s.includes("[") ? s : at(board, s));
      await p.waitForFunction((n) => document.body.dataset.plies === String(n), plies + 1);
    };
    const pieceOn = (board, name) => p.getAttribute(`${at(board, name)} .piece`, "data-piece");
    assert.equal(await p.locator("#board-A .square").count(), 64);
    assert.equal(await p.locator("#board-B .square").count(), 64);
    // Board B is turned round: its first square drawn is h1, where A's is a8.
    assert.equal(await p.getAttribute("#board-B .square >> nth=0", "data-square"), "h1");
    assert.equal(await p.getAttribute("#board-A .square >> nth=0", "data-square"), "a8");
    // A: 1. e4 d5 2. exd5. White on A took a black pawn: it goes to Black on B.
    await move("A", "e2", "e4");
    await move("A", "d7", "d5");
    await move("A", "e4", "d5");
    assert.equal(await p.locator('#A-top [data-hand], #A-bottom [data-hand]').count(), 0, "nothing stays on board A");
    await p.waitForSelector('#B-bottom[data-side="black"] [data-hand="P"]');
    // The boards keep their own turns: White moves first on B too, then Black drops it.
    await move("B", "e2", "e4");
    await move("B", '#B-bottom [data-hand="P"]', at("B", "d5"));
    assert.equal(await pieceOn("B", "d5"), "p");
    assert.equal(await p.locator('#B-bottom [data-hand]').count(), 0, "the hand is empty again");
    const bpgn = await p.$$eval("#bpgn .bpgn-move", (els) => els.map((e) => e.textContent));
    assert.deepEqual(bpgn.map((m) => m.split(".")[0]), ["1A", "1a", "2A", "1B", "1b"], bpgn.join(" "));
    assert.equal(bpgn[2], "2A.exd5");
    // A move no rule allows, refused with the server's reason.
    await p.click(at("A", "d8"));
    await p.click(at("A", "d1"));
    await p.waitForSelector("#why:not([hidden])");
    assert.match(await p.textContent("#why"), /board A/);
    // Take back: the drop, and the pawn is in Black's hand on B again.
    await p.click("#undo");
    await p.waitForFunction(() => document.body.dataset.plies === "4");
    await p.waitForSelector('#B-bottom [data-hand="P"]');
    // A mate on one board ends the match for both: White on A and Black on B win.
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    await p.fill("#fen-in", `rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 3 | ${start}`);
    await p.click("#fen-form button[type=submit]");
    await p.waitForFunction(() => document.body.dataset.plies === "0");
    await move("A", "d1", "h5");
    await p.waitForSelector("#result:not([hidden])");
    const result = await p.textContent("#result");
    assert.match(result, /^1-0 on board A: .*checkmate.*white on A and black on B win/, result);
    assert.match(await p.textContent("#B-status"), /White to move/);
    await p.screenshot({ path: `${ARTIFACTS}/bughouse-match.png` });
    await p.done();
  });

  it("answers the API beside the page like serve", async () => {
    const r = await page.evaluate(async () => {
      const response = await fetch("api", { method: "POST", body: '{"id":1,"op":"variants"}' });
      return response.json();
    });
    assert.equal(r.id, 1);
    assert.equal(r.ok, true);
    assert.ok(r.builtin.some((b) => b.id === "mischia"));
    const bad = await page.evaluate(async () => (await fetch("api", { method: "POST", body: '{"op":"dance"}' })).json());
    assert.equal(bad.error.code, "unknown-op");
  });

  it("opens a .toml file into the editor and saves the editor's text as one", async () => {
    const toml = [
      'name = "opened"',
      "board = { files = 5, ranks = 5 }",
      'start = "k4/5/5/5/4K w - - 0 1"',
      '[pieces.king]\nletter = "K"\nbetza = "K"\nroyal = true',
    ].join("\n");
    const before = await page.getAttribute("body", "data-game");
    await page.setInputFiles("#toml-file", { name: "opened.toml", mimeType: "text/plain", buffer: Buffer.from(toml) });
    await page.waitForFunction((g) => document.body.dataset.game !== g, before);
    assert.equal(await tomlOf(), toml);
    assert.equal(await page.textContent("#variant-name"), "opened");
    assert.equal(await page.locator("#board .square").count(), 25);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#toml-save")]);
    assert.equal(download.suggestedFilename(), "opened.toml");
    const path = `${ARTIFACTS}/saved.toml`;
    await download.saveAs(path);
    assert.equal(readFileSync(path, "utf8"), toml);
  });

  it("keeps the edit and the game across a reload", async () => {
    await pick("chess");
    const edited = (await tomlOf()).replace("rnbqkbnr/pppppppp/", "rnbqkbnr/ppppppp1/");
    const before = await page.getAttribute("body", "data-game");
    await setToml(edited);
    await page.waitForFunction((g) => document.body.dataset.game !== g, before);
    await clickMove("e2", "e4");
    await saved();
    const position = await fen();
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await waitPlies(1);
    assert.equal(await tomlOf(), edited);
    assert.equal(await fen(), position);
    assert.deepEqual(await sanList(), ["e4"]);
    assert.equal(await page.locator(`${square("h7")} .piece`).count(), 0);
    assert.equal(await page.textContent("#ruleset-file"), "chess.toml");
  });

  it("opens a share link with the ruleset, the position and the move tree", async () => {
    const toml = (await tomlOf()).replace('name = "chess"', 'name = "my-chess"');
    const before = await page.getAttribute("body", "data-game");
    await setToml(toml);
    await page.waitForFunction((g) => document.body.dataset.game !== g, before);
    assert.equal(await page.textContent("#variant-name"), "my-chess");
    await page.fill("#fen-in", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    await page.click("#fen-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#fen-out").value.startsWith("rnbqkbnr/pppppppp/8/8/4P3"));
    await clickMove("e7", "e5");
    await clickMove("g1", "f3");
    await page.keyboard.press("ArrowLeft");
    await waitPlies(1);
    await clickMove("b1", "c3");
    assert.deepEqual(await sanList(), ["e5", "Nf3", "Nc3"]);
    await page.click("#share");
    await page.waitForSelector("#share-out:not([hidden])");
    const link = await page.inputValue("#share-out");
    assert.match(link, /#s=[A-Za-z0-9_-]+$/);

    const other = await freshPage(link);
    await other.waitForFunction(() => document.body.dataset.plies === "2");
    assert.equal(await tomlOf(other), toml);
    assert.equal(await other.textContent("#variant-name"), "my-chess");
    assert.equal(await other.inputValue("#fen-out"), await fen());
    assert.deepEqual(await other.$$eval("#san .san", (els) => els.map((e) => e.textContent)), ["e5", "Nf3", "Nc3"]);
    assert.equal(await other.textContent("#san .san.current"), "Nc3");
    assert.match(await other.inputValue("#pgn-out"), /\[Variant "my-chess"\]\n\[SetUp "1"\]\n\[FEN "rnbqkbnr\/pppppppp\/8\/8\/4P3/);
    await other.screenshot({ path: `${ARTIFACTS}/8-share-link.png` });
    await other.done();
  });

  it("opens a link of a 10,000-move game, its SAN written by the engine, not the link", async () => {
    // The issue's link: the older nested tree (one array level per move), 10,000 moves of
    // a ruleset without automatic draws, the first move's SAN forged. It overflowed the
    // stack, and its SAN went into the PGN as written.
    const toml = 'extends = "chess"\nname = "endless"\n[end]\nrepetition = "none"\nmove_rule = "none"\n';
    const ucis = Array.from({ length: 10_000 }, (_, i) => ["g1f3", "g8f6", "f3g1", "f6g8"][i % 4]);
    // Written out by hand: JSON.stringify itself overflows on 10,000 levels of arrays.
    const tree = `[${ucis.map((u, i) => `["${u}","${i === 0 ? "Qxh7#" : "N"}"`).join(",")}${"]".repeat(ucis.length)}]`;
    const text = `{"builtin":"chess","toml":${JSON.stringify(toml)},"fen":null,"tree":${tree},"line":${JSON.stringify(ucis)}}`;
    const link = shareLink(text);
    assert.ok(link.length < 2000, `a short link: ${link.length} characters`);
    const other = await freshPage(`${BASE_URL}${link}`);
    await other.waitForFunction(() => document.body.dataset.plies === "10000", null, { timeout: 60_000 });
    assert.equal(await other.textContent("#variant-name"), "endless");
    const sans = await other.$$eval("#san .san", (els) => els.map((e) => e.textContent));
    assert.equal(sans.length, 10_000);
    assert.deepEqual(sans.slice(0, 4), ["Nf3", "Nf6", "Ng1", "Ng8"]);
    const pgn = await other.inputValue("#pgn-out");
    assert.match(pgn, /\n1\. Nf3 Nf6 2\. Ng1 Ng8 /);
    assert.doesNotMatch(pgn, /Qxh7/);
    // The page's own link of it is flat, and opens the same.
    await other.click("#share");
    await other.waitForSelector("#share-out:not([hidden])");
    const again = await freshPage(await other.inputValue("#share-out"));
    await again.waitForFunction(() => document.body.dataset.plies === "10000", null, { timeout: 60_000 });
    await again.done();
    await other.done();
  });

  it("refuses links it cannot open, with the reason, and opens as without them", async () => {
    const cases = [
      ["#s=" + "A".repeat(600_000), /links of at most/],
      [shareLink({ builtin: "chess", toml: "x".repeat(5 << 20) }), /unpacks to more than/],
      ["#s=@@@", /not base64url/],
    ];
    for (const [hash, reason] of cases) {
      const other = await freshPage(`${BASE_URL}${hash}`);
      assert.equal(await other.getAttribute("#why", "data-code"), "bad-link");
      assert.match(await other.textContent("#why"), reason);
      assert.equal(await other.textContent("#variant-name"), "chess");
      await other.done();
    }
  });

  it("gets the server's answer to a body over the limit, and says so in the editor", async () => {
    // Chromium used to see a reset connection: the server answered before reading the body.
    const answer = await page.evaluate(async () => {
      const r = await fetch("api", { method: "POST", body: JSON.stringify({ op: "load", toml: "x".repeat(3 << 20) }) });
      return r.json();
    });
    assert.equal(answer.error.code, "line-too-long");
    const file = { name: "huge.toml", mimeType: "text/plain", buffer: Buffer.alloc(10 << 20, "# a comment\n") };
    await page.setInputFiles("#toml-file", file);
    await page.waitForFunction(() => document.querySelector("#editor-status").textContent === "error");
    assert.match(await page.textContent("#ruleset-error"), /huge\.toml is 10485760 bytes/);
    await pick("chess");
  });

  it("exports PGN that chimera validate reads to the same position and result", async () => {
    // A built-in, mated: the result is in the PGN and in validate's verdict.
    await pick("mischia");
    await clickMove("b2", "b3");
    await clickMove("e5", "e4");
    await clickMove("f1", "e3");
    await clickMove("d5", "d4");
    await page.keyboard.press("ArrowLeft");
    await waitPlies(3);
    await clickMove("b5", "b4");
    await page.keyboard.press("ArrowUp");
    await waitCurrent("d4");
    const pgn = await page.inputValue("#pgn-out");
    assert.match(pgn, /^\[Event "Chimera workbench"\]/);
    assert.match(pgn, /\[Variant "mischia"\]/);
    assert.match(pgn, /1\. b3 e4 2\. Ne3 d4 \(2\.\.\. b4\) \*/);
    const file = `${ARTIFACTS}/mischia.pgn`;
    writeFileSync(file, pgn);
    const report = execFileSync(CHIMERA, ["validate", "mischia", file], { encoding: "utf8" });
    assert.match(report, new RegExp(`^plies: 4\nfen: ${escape(await fen())}\nresult: \\* \\(game not over\\)`, "m"));

    await pick("chess");
    await page.fill("#fen-in", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    await page.click("#fen-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#fen-out").value.startsWith("rnbqkbnr/pppp1ppp"));
    await dragMove("d8", "h4");
    const mated = await page.inputValue("#pgn-out");
    assert.match(mated, /\[Result "0-1"\]/);
    assert.match(mated, /\[Variant "chess"\]/);
    assert.match(mated, /2\.\.\. Qh4# 0-1\n$/);
    writeFileSync(`${ARTIFACTS}/mate.pgn`, mated);
    const verdict = execFileSync(CHIMERA, ["validate", "chess", `${ARTIFACTS}/mate.pgn`], { encoding: "utf8" });
    assert.match(verdict, new RegExp(`fen: ${escape(await fen())}\nresult: 0-1 \\(black wins by checkmate\\)`));

    // A custom ruleset: validate reads it from its file, the [Variant] tag names it.
    const custom = (await tomlOf()).replace('name = "chess"', 'name = "fools-chess"');
    const was = await page.getAttribute("body", "data-game");
    await setToml(custom);
    await page.waitForFunction((g) => document.body.dataset.game !== g, was);
    await clickMove("f2", "f3");
    await clickMove("e7", "e5");
    await clickMove("g2", "g4");
    await clickMove("d8", "h4");
    const pgnCustom = await page.inputValue("#pgn-out");
    assert.match(pgnCustom, /\[Variant "fools-chess"\]/);
    writeFileSync(`${ARTIFACTS}/fools-chess.toml`, custom);
    writeFileSync(`${ARTIFACTS}/fools-chess.pgn`, pgnCustom);
    const own = execFileSync(CHIMERA, ["validate", `${ARTIFACTS}/fools-chess.toml`, `${ARTIFACTS}/fools-chess.pgn`], { encoding: "utf8" });
    assert.match(own, new RegExp(`^plies: 4\nfen: ${escape(await fen())}\nresult: 0-1 \\(black wins by checkmate\\)`, "m"));
  });

  it("shows a piece card: a knight's 8 leaps, a cannon's hops, a pawn's first move", async () => {
    await pick("chess");
    await page.click('#legend .legend-row[data-letter="N"]');
    await page.waitForSelector('#card[data-piece="N"]');
    assert.equal(await page.getAttribute("#card", "data-square"), "d4");
    assert.equal(await page.locator("#card .card-board [data-ways]").count(), 8);
    assert.equal(await page.locator('#card .card-board [data-ways="move capture"]').count(), 8);
    assert.match(await page.textContent("#card .card-words"), /knight/);
    assert.equal(await page.textContent("#card .card-betza code"), "N");
    // A piece clicked on the board: its card from its square.
    await page.click(square("e2"));
    await page.waitForSelector('#card[data-piece="P"][data-square="e2"]');
    assert.equal(await page.getAttribute('#card [data-square="e4"]', "data-ways"), "initial-move");
    assert.equal(await page.getAttribute('#card [data-square="d3"]', "data-ways"), "capture");
    // Clicking a square of the card moves the piece there.
    await page.click('#card [data-square="e5"]');
    await page.waitForSelector('#card[data-square="e5"]');
    assert.equal(await page.getAttribute("#card", "data-targets"), "3");
    await page.keyboard.press("Escape");

    await pick("xiangqi");
    await page.click('#legend .legend-row[data-letter="C"]');
    await page.waitForSelector('#card[data-piece="C"]');
    const hops = await page.$$eval("#card .card-board [data-ways]", (els) => els.filter((e) => e.dataset.ways.split(" ").includes("hop-capture")).length);
    assert.ok(hops > 0, "the cannon captures by hopping");
    const plain = await page.$$eval("#card .card-board [data-ways]", (els) => els.filter((e) => e.dataset.ways.split(" ").includes("capture")).length);
    assert.equal(plain, 0, "and never captures otherwise");
    assert.match(await page.textContent("#card .card-key"), /captures there by hopping over a piece/);
    assert.equal(await page.locator("#card .card-board .way-hop-capture").count(), hops);
    await shot("9-piece-card-cannon");
  });

  it("is usable 360 px wide: no horizontal scroll", async () => {
    const narrow = await freshPage(`${BASE_URL}#mischia`, { width: 360, height: 740 });
    for (const variant of ["mischia", "chess", "xiangqi", "grand"]) {
      if (variant !== "mischia") {
        const before = await narrow.getAttribute("body", "data-game");
        await narrow.selectOption("#variant", variant);
        await narrow.waitForFunction((g) => document.body.dataset.game !== g, before);
      }
      const widths = await narrow.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(widths[0] <= widths[1], `${variant}: page ${widths[0]} px wide in a ${widths[1]} px window`);
      const board = await narrow.evaluate(() => document.querySelector("#board").getBoundingClientRect().right);
      assert.ok(board <= 360, `${variant}: the board ends at ${board} px`);
    }
    // CodeMirror measures its lines' height once it is on screen, as the reader scrolls
    // to it; until then its line numbers are spaced by an estimate.
    await narrow.locator("#editor").scrollIntoViewIfNeeded();
    await narrow.waitForFunction(() => {
      const [number, line] = [".cm-lineNumbers .cm-gutterElement:nth-child(3)", ".cm-line:nth-child(2)"].map((s) => document.querySelector(s).getBoundingClientRect());
      return Math.abs(number.top - line.top) < 2;
    });
    await narrow.screenshot({ path: `${ARTIFACTS}/10-narrow-360.png`, fullPage: true });
    await narrow.done();
  });

  it("shows a game, its perft and a refusal together (the README's picture)", async () => {
    await pick("mischia");
    // A picked ruleset is shown from its first line, wherever the last one was scrolled to.
    await page.waitForFunction(() => document.querySelector("#editor .cm-scroller").scrollTop === 0);
    await clickMove("b2", "b3");
    await clickMove("e5", "e4");
    await clickMove("f1", "e3");
    await clickMove("d5", "d4");
    await page.fill("#perft-depth", "4");
    await page.click("#perft-run");
    await page.waitForSelector('#perft-table tr[data-depth="4"]');
    await page.click(square("e3"));
    await page.click(square("e5"));
    assert.equal((await why()).code, "piece-cannot-move-there");
    await page.click(square("e3"));
    await page.screenshot({ path: `${ARTIFACTS}/workbench.png`, clip: { x: 0, y: 0, width: 1400, height: 620 } });
  });
});

/** A share link's fragment for `snapshot` (an object, or its JSON text), as the page
 *  writes one (deflate-raw, base64url). */
function shareLink(snapshot) {
  const packed = deflateRawSync(Buffer.from(typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot)));
  return `#s=${packed.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/** `text` with the characters a RegExp gives meaning to escaped. */
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
