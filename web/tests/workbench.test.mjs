// The workbench in a real browser: Debian's headless Chromium, driven by playwright-core.
// run.sh starts `chimera web` and passes its address in BASE_URL; screenshots go to
// ARTIFACTS. Every scenario plays through the page as a person would: clicks, drags,
// the editor, the chooser; the assertions read what the page shows.

import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const BASE_URL = process.env.BASE_URL;
const ARTIFACTS = process.env.ARTIFACTS || "web-artifacts";
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

const square = (name) => `#board [data-square="${name}"]`;
const shot = (name) => page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
const sanList = () => page.$$eval("#san .san", (els) => els.map((e) => e.textContent));
const fen = () => page.inputValue("#fen-out");

async function pick(variant) {
  const before = await page.getAttribute("body", "data-game");
  await page.selectOption("#variant", variant);
  await page.waitForFunction((g) => document.body.dataset.game && document.body.dataset.game !== g, before);
}

async function waitPlies(n) {
  await page.waitForFunction((n) => document.body.dataset.plies === String(n), n);
}

/** Clicks `from`, then `to`, and waits for the move to be drawn. */
async function clickMove(from, to) {
  const plies = Number(await page.getAttribute("body", "data-plies"));
  await page.click(square(from));
  await page.click(square(to));
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

    await page.click("#undo");
    await waitPlies(4);
    assert.deepEqual(await sanList(), ["b3", "e4", "Ne3", "d4"]);
    // Clicking a move of the list takes back the moves after it.
    await page.click('#san .san:text-is("e4")');
    await waitPlies(2);
    assert.deepEqual(await sanList(), ["b3", "e4"]);
    assert.equal(await fen(), "rbqkbn/pppp1p/4p1/1P4/P1PPPP/RBQKBN w Qq - 0 2");
  });

  it("marks a broken ruleset at its line and redraws the board from a valid edit", async () => {
    const original = await page.inputValue("#toml");
    const lines = original.split("\n");
    const line = lines.findIndex((l) => l.trim() === 'betza = "K"') + 1;
    assert.ok(line > 0);
    lines[line - 1] = 'betza = "Kx"';
    await page.fill("#toml", lines.join("\n"));
    await page.waitForSelector("#ruleset-error:not([hidden])");
    assert.equal(await page.getAttribute("#gutter .error-marker", "data-line"), String(line));
    const message = await page.textContent("#ruleset-error");
    assert.match(message, new RegExp(`^rulesets/mischia.toml:${line}:\\d+: pieces.king.betza: bad Betza "Kx"`));
    // Clicking the message puts the cursor on the error's line and column.
    await page.click("#ruleset-error");
    const caret = await page.evaluate(() => {
      const t = document.querySelector("#toml");
      const before = t.value.slice(0, t.selectionStart).split("\n");
      return [before.length, before.at(-1).length + 1];
    });
    assert.deepEqual(caret, [line, Number(message.split(":")[2])]);
    assert.equal(await page.locator("#error-band").isVisible(), true);
    await shot("2-ruleset-error");

    // A valid edit: one black pawn fewer in the start position, drawn at once.
    const before = await page.getAttribute("body", "data-game");
    await page.fill("#toml", original.replace("rbqkbn/pppppp/", "rbqkbn/ppppp1/"));
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
      await page.fill("#toml", toml);
      await page.waitForFunction((g) => document.body.dataset.game !== g, before);
      assert.equal(await page.locator("#board .square").count(), files * ranks);
      const corner = `${String.fromCharCode(96 + files)}${ranks}`;
      assert.equal(await page.locator(`${square(corner)}`).count(), 1);
      assert.equal(await page.locator(`${square(`${String.fromCharCode(97 + files - 2)}1`)} .piece.fairy`).count(), 1);
      if (files === 16) await shot("7-board-16x16");
    }
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

  it("shows a game, its perft and a refusal together (the README's picture)", async () => {
    await pick("mischia");
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
