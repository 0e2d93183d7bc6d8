// The page's only way to the engine: the `serve` protocol over HTTP (POST /api), so the
// page exercises exactly what other programs use.

let nextId = 1;

/** Sends one request and returns its response object (`ok` says whether it worked). */
export async function call(op, args = {}) {
  const request = { id: nextId++, op, ...args };
  const response = await fetch("api", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  if (!response.ok) {
    return { ok: false, error: { code: "http", message: `HTTP ${response.status}: ${await response.text()}` } };
  }
  return response.json();
}

export async function getJson(path) {
  const response = await fetch(path);
  return response.json();
}

export async function getText(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}
