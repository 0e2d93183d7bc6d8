// What the page keeps of a session: a snapshot (the built-in picked, the edited ruleset
// text if any, the FEN the game started from, the move tree and the move on the board),
// autosaved in the browser's storage and carried in share links. A link holds it in
// the URL's fragment, never sent to a server: JSON, deflated (CompressionStream's
// deflate-raw) and written in base64url.
//
// The tree is a flat list of moves, `moves: [[parent, uci], ...]` (`parent` the index of
// the move it follows, -1 at the start), read without recursion however long the game;
// links made before it carry `tree`, nested `[uci, san, ...children]`, still read (their
// SAN is never used: the engine writes every move's SAN again). A link is refused, with
// the reason, before it is unpacked when its text is too long, and while it is unpacked
// once it grows too large or holds too many moves.

const KEY = "chimera-workbench";
/** The fragment's prefix that marks a snapshot. */
export const SHARE_PREFIX = "#s=";
/** The longest link fragment read: a game of 10,000 moves with a 64 KiB ruleset fits. */
export const MAX_LINK_CHARS = 512 << 10;
/** The most bytes a link's snapshot may unpack to. */
export const MAX_SNAPSHOT_BYTES = 4 << 20;
/** The most moves a snapshot's tree may hold, its variations included. */
export const MAX_TREE_MOVES = 10_000;

/** Why a link or a saved snapshot is refused. */
export class Refused extends Error {}

export function saveLocal(snapshot) {
  try {
    localStorage.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or switched off: the page works on without it.
  }
}

export function loadLocal() {
  try {
    const text = localStorage.getItem(KEY);
    return text && text.length <= MAX_SNAPSHOT_BYTES ? valid(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** The snapshot written into a link's fragment (without the prefix). */
export async function encode(snapshot) {
  const bytes = new TextEncoder().encode(JSON.stringify(snapshot));
  const packed = await pipe(bytes, new CompressionStream("deflate-raw"));
  let text = "";
  for (let i = 0; i < packed.length; i += 0x8000) text += String.fromCharCode(...packed.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The snapshot of a link's fragment; throws `Refused` with the reason if it cannot be read. */
export async function decode(text) {
  if (text.length > MAX_LINK_CHARS) {
    throw new Refused(`the link holds ${text.length} characters; links of at most ${MAX_LINK_CHARS} are read`);
  }
  let bytes;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    throw new Refused("the link is not base64url");
  }
  let json;
  try {
    json = new TextDecoder().decode(await pipe(bytes, new DecompressionStream("deflate-raw"), MAX_SNAPSHOT_BYTES));
  } catch (e) {
    throw e instanceof Refused ? e : new Refused("the link's data is not deflated (the link is cut short or altered)");
  }
  let snapshot;
  try {
    snapshot = JSON.parse(json);
  } catch {
    throw new Refused("the link's data is not JSON");
  }
  const checked = valid(snapshot);
  if (!checked) throw new Refused("the link's data is not a workbench snapshot");
  return checked;
}

/** `bytes` through `transform`, refused once the output passes `limit` bytes. */
async function pipe(bytes, transform, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new Refused(`the link unpacks to more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The snapshot if its fields have the right types and its tree is within bounds, else null. */
function valid(s) {
  if (!s || typeof s !== "object" || typeof s.builtin !== "string") return null;
  const ok = (v, type) => v === null || v === undefined || typeof v === type;
  if (!ok(s.toml, "string") || !ok(s.fen, "string")) return null;
  if (s.line !== undefined && !(Array.isArray(s.line) && s.line.length <= MAX_TREE_MOVES && s.line.every((m) => typeof m === "string"))) {
    return null;
  }
  if (s.moves !== undefined && !(Array.isArray(s.moves) && s.moves.length <= MAX_TREE_MOVES)) return null;
  return s;
}
