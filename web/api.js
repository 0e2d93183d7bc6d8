// The page's only way to the engine: the `serve` protocol over HTTP (POST /api), so the
// page exercises exactly what other programs use.

let nextId = 1;
/** The server's `max_request_bytes` (GET /api/limits): a larger request is not sent. */
let maxRequestBytes = Infinity;

export function setMaxRequestBytes(n) {
  if (Number.isInteger(n) && n > 0) maxRequestBytes = n;
}

/** Sends one request and returns its response object (`ok` says whether it worked);
 *  a request over the server's limit, or a failed connection, is an error answer too. */
export async function call(op, args = {}) {
  const request = { id: nextId++, op, ...args };
  const body = JSON.stringify(request);
  const bytes = new Blob([body]).size;
  if (bytes > maxRequestBytes) {
    const message = `a request of ${bytes} bytes is over the limit of ${maxRequestBytes} bytes; not sent`;
    return { id: request.id, ok: false, error: { code: "line-too-long", message } };
  }
  let response;
  try {
    response = await fetch("api", { method: "POST", headers: { "Content-Type": "application/json" }, body });
  } catch (e) {
    return { id: request.id, ok: false, error: { code: "network", message: `the server did not answer: ${e.message}` } };
  }
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
