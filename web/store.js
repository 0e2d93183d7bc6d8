// What the page keeps of a session: a snapshot (the built-in picked, the edited ruleset
// text if any, the FEN the game started from, the move tree and the move on the board),
// autosaved in the browser's storage and carried in share links. A link holds it in
// the URL's fragment, never sent to a server: JSON, deflated (CompressionStream's
// deflate-raw) and written in base64url.

const KEY = "chimera-workbench";
/** The fragment's prefix that marks a snapshot. */
export const SHARE_PREFIX = "#s=";

export function saveLocal(snapshot) {
  try {
    localStorage.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or switched off: the page works on without it.
  }
}

export function loadLocal() {
  try {
    return valid(JSON.parse(localStorage.getItem(KEY)));
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

/** The snapshot of a link's fragment, or null if it cannot be read. */
export async function decode(text) {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json = new TextDecoder().decode(await pipe(bytes, new DecompressionStream("deflate-raw")));
    return valid(JSON.parse(json));
  } catch {
    return null;
  }
}

async function pipe(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The snapshot if its fields have the right types, else null. */
function valid(s) {
  if (!s || typeof s !== "object" || typeof s.builtin !== "string") return null;
  const ok = (v, type) => v === null || v === undefined || typeof v === type;
  if (!ok(s.toml, "string") || !ok(s.fen, "string")) return null;
  if (s.line !== undefined && !(Array.isArray(s.line) && s.line.every((m) => typeof m === "string"))) return null;
  return s;
}
