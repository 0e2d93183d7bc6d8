#!/usr/bin/env bash
# The browser test of `chimera web`, after tree.test.mjs (in Node): builds the release
# binary, starts it on a free port, and runs workbench.test.mjs in Debian's headless
# Chromium through playwright-core. Screenshots go to $CARGO_TARGET_DIR/web-artifacts
# (target/ by default). Installs what it needs: Chromium with apt-get when missing (as
# root), the npm locks' packages with `npm ci` (playwright-core here, esbuild and
# CodeMirror in web/editor).
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-target}"
artifacts="${WEB_ARTIFACTS:-$target/web-artifacts}"
# The page's modules that need no browser, in Node.
node --test web/tests/tree.test.mjs

chromium="${CHROMIUM:-$(command -v chromium || true)}"
if [ -z "$chromium" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "the browser test needs Debian's chromium (apt-get install chromium), or CHROMIUM=/path/to/it" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  chromium="$(command -v chromium)"
fi
(cd web/tests && npm ci --no-audit --no-fund --loglevel=error)
# The committed CodeMirror bundle (and its licence file) is what web/editor's lock builds,
# byte for byte: rebuilt into a scratch directory and compared, so it cannot drift.
rebuilt="$(mktemp -d)"
(cd web/editor && npm ci --no-audit --no-fund --loglevel=error && node build.mjs "$rebuilt")
diff -rq web/vendor "$rebuilt" >&2 || { echo "web/vendor differs from its build: cd web/editor && npm ci && npm run build" >&2; exit 1; }
rm -r "$rebuilt"
cargo build --release --quiet

mkdir -p "$artifacts"
log="$artifacts/server.log"
"$target/release/chimera" web --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 100); do
  url="$(grep -o 'http://[^ ]*' "$log" || true)"
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "chimera web did not start:" >&2
  cat "$log" >&2
  exit 1
fi

started=$(date +%s)
BASE_URL="$url" CHROMIUM="$chromium" ARTIFACTS="$artifacts" CHIMERA="$target/release/chimera" node --test web/tests/workbench.test.mjs
echo "browser test: $(( $(date +%s) - started )) s; screenshots in $artifacts"
# A `quit` request stops the server as it stops `chimera serve`.
node -e 'fetch(process.argv[1] + "api", { method: "POST", body: "{\"op\":\"quit\"}" }).catch(() => {})' "$url"
wait "$server" || true
trap - EXIT
