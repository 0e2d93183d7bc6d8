#!/usr/bin/env python3
"""Load test of `chimera web`: a low file limit, fairness between sessions, and memory.

1. Starts `chimera web` under `ulimit -n` (default 256), opens IDLE sockets that send
   nothing (default 2,000), then runs CLIENTS threads (default 200) that each POST a few
   `/api` requests. The server must keep answering and never exit. Prints the
   connections the server held (its open descriptors), the latency percentiles, and its
   peak RSS.
2. Fairness: one session keeps perfts running (as many as it may queue, each of a 20 s
   budget) while another session asks for its `moves` again and again: every answer
   must come within 1 s. Then the same with searches (`go` of 5 million nodes) running.
3. Memory: 65 clients each name a session with a cookie of their own choosing and load
   rulesets of about 12 MB of tables into it; the server's RSS (from /proc) must stay
   within its memory budget (--max-memory-bytes, 512 MiB by default) and a fixed
   allowance, and a real page's session, used before them, must still hold its game.

    python3 scripts/web_load.py [--binary target/release/chimera] [--ulimit 256] [--idle 2000] [--clients 200]
"""

import argparse
import http.client
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/chimera")
    ap.add_argument("--ulimit", type=int, default=256)
    ap.add_argument("--idle", type=int, default=2000)
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--requests", type=int, default=5)
    args = ap.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = args.idle + args.clients + 64
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard), hard))
    server = subprocess.Popen(
        ["bash", "-c", f'ulimit -n {args.ulimit} && exec "$0" web --port 0', args.binary],
        stdout=subprocess.PIPE,
    )
    line = server.stdout.readline().decode()
    host, port = line.split("http://")[1].split("/")[0].rsplit(":", 1)
    addr = (host, int(port))

    def rss_kb() -> int:
        with open(f"/proc/{server.pid}/status") as f:
            return max([int(l.split()[1]) for l in f if l.startswith("VmHWM:")] or [0])

    idle = []
    for _ in range(args.idle):
        try:
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(addr)
            idle.append(s)
        except OSError:
            break
    time.sleep(0.5)

    latencies, failures = [], []
    lock = threading.Lock()
    body = json.dumps({"op": "variants"}).encode()
    request = f"POST /api HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body

    retries = []

    def attempt() -> str:
        try:
            with socket.create_connection(addr, timeout=20) as s:
                s.sendall(request)
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
            return data.split(b" ", 2)[1].decode() if data else "none"
        except OSError as e:
            return type(e).__name__

    def client() -> None:
        # A busy answer (429, 503: Retry-After) or a connection pushed out is retried,
        # as a client should; the latency runs until the answer.
        for _ in range(args.requests):
            started = time.monotonic()
            for tries in range(50):
                outcome = attempt()
                if outcome == "200":
                    break
                with lock:
                    retries.append(outcome)
                time.sleep(0.02 * (tries + 1))
            with lock:
                if outcome == "200":
                    latencies.append(time.monotonic() - started)
                else:
                    failures.append(outcome)

    threads = [threading.Thread(target=client) for _ in range(args.clients)]
    started = time.monotonic()
    for t in threads:
        t.start()
    held = len(os.listdir(f"/proc/{server.pid}/fd"))
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    alive = server.poll() is None
    peak = rss_kb()
    for s in idle:
        s.close()
    server.kill()
    server.wait()

    latencies.sort()
    pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")
    total = args.clients * args.requests
    kinds = {k: failures.count(k) for k in sorted(set(failures))}
    retried = {k: retries.count(k) for k in sorted(set(retries))}
    print(f"web load: ulimit -n {args.ulimit}, {len(idle)} idle sockets, {args.clients} clients x {args.requests} requests in {elapsed:.1f} s")
    print(f"  answered {len(latencies)}/{total}; unanswered {kinds or 'none'}; retried after {retried or 'nothing'}")
    print(f"  latency p50 {pct(0.5) * 1000:.1f} ms, p99 {pct(0.99) * 1000:.1f} ms, max {pct(1.0) * 1000:.1f} ms")
    print(f"  server: descriptors open under load {held}, peak RSS {peak / 1024:.1f} MiB, running at the end: {alive}")
    ok = alive and len(latencies) == total
    if not ok:
        print("web load: FAILED (the server must keep answering and never exit)")
    fair = fairness(args.binary, {"op": "perft", "game": "g1", "depth": 8}, "perfts")
    fair = fairness(args.binary, {"op": "go", "game": "g1", "nodes": 5_000_000}, "searches") and fair
    bounded = memory(args.binary)
    return 0 if ok and fair and bounded else 1


def start(binary: str, *flags: str):
    """`chimera web` on a free port: the process and its address."""
    server = subprocess.Popen([binary, "web", "--port", "0", *flags], stdout=subprocess.PIPE)
    line = server.stdout.readline().decode()
    host, port = line.split("http://")[1].split("/")[0].rsplit(":", 1)
    return server, (host, int(port))


def call(addr, method: str, path: str, body=None, cookie=None, timeout=60):
    """One request on a connection of its own: status, the cookie set (if any), the body."""
    conn = http.client.HTTPConnection(*addr, timeout=timeout)
    headers = {"Cookie": cookie} if cookie else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    set_cookie = response.getheader("Set-Cookie")
    return response.status, set_cookie.split(";")[0] if set_cookie else None, data


def page_session(addr) -> str:
    """The cookie a page gets with index.html."""
    return call(addr, "GET", "/")[1]


def fairness(binary: str, work: dict, many: str) -> bool:
    """One session keeps four requests of `work` running, another asks for its moves."""
    server, addr = start(binary, "--request-millis", "20000")
    busy, other = page_session(addr), page_session(addr)
    call(addr, "POST", "/api", {"op": "open", "variant": "chess"}, busy)
    call(addr, "POST", "/api", {"op": "open", "variant": "chess"}, other)
    perfts = []
    for _ in range(4):
        s = socket.create_connection(addr)
        body = json.dumps(work).encode()
        s.sendall(f"POST /api HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nCookie: {busy}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        perfts.append(s)
    time.sleep(0.5)
    # A 5th of the busy session's while its four run (a search of 5 million nodes lasts a
    # few seconds: asked at the end, it could find the four done).
    extra, _, _ = call(addr, "POST", "/api", work, busy)
    waits, statuses = [], []
    for _ in range(20):
        started = time.monotonic()
        status, _, _ = call(addr, "POST", "/api", {"op": "moves", "game": "g1"}, other)
        waits.append(time.monotonic() - started)
        statuses.append(status)
        time.sleep(0.1)
    for s in perfts:
        s.close()
    server.kill()
    server.wait()
    ok = max(waits) < 1.0 and statuses == [200] * len(statuses) and extra == 429
    print(f"web fairness: 4 {many} running in one session; another session's 20 `moves` answered in at most "
          f"{max(waits) * 1000:.1f} ms (median {sorted(waits)[len(waits) // 2] * 1000:.1f} ms); a 5th of the busy session: HTTP {extra}")
    if not ok:
        print(f"web fairness: FAILED (another session's answers must come within 1 s, the busy session's 5th get 429)")
    return ok


def big_ruleset(name: str) -> str:
    """A ruleset of about 12 MB of tables: 25 pieces of ranged riders on 16x16."""
    letters = "ABCDEFGHIJLMNOPQRSTUVWXYZ"
    pieces = "".join(
        f'[pieces.p{i}]\nletter = "{letters[i]}"\nbetza = "W{2 + i}F{2 + i}N{2 + i}C{2 + i}Z{2 + i}D{2 + i}A{2 + i}H{2 + i}G{2 + i}"\n'
        for i in range(25)
    )
    start = "k15/" + "16/" * 14 + "15K w - - 0 1"
    return f'name = "{name}"\nboard = {{ files = 16, ranks = 16 }}\nstart = "{start}"\n[pieces.king]\nletter = "K"\nbetza = "K"\nroyal = true\n{pieces}'


def memory(binary: str) -> bool:
    server, addr = start(binary)
    budget = json.loads(call(addr, "GET", "/api/limits")[2])["max_memory_bytes"]
    real = page_session(addr)
    call(addr, "POST", "/api", {"op": "open", "variant": "chess", "moves": ["e4"]}, real)
    call(addr, "POST", "/api", {"op": "moves", "game": "g1"}, real)
    refused = 0
    for i in range(65):
        cookie = f"chimera-session={i:032x}"
        for name in ("big-a", "big-b"):
            answer = json.loads(call(addr, "POST", "/api", {"op": "load", "toml": big_ruleset(name)}, cookie)[2])
            refused += not answer["ok"]
    with open(f"/proc/{server.pid}/status") as f:
        fields = {l.split(":")[0]: int(l.split()[1]) * 1024 for l in f if l.startswith(("VmRSS:", "VmHWM:"))}
    stats = json.loads(call(addr, "GET", "/api/stats")[2])
    kept = json.loads(call(addr, "POST", "/api", {"op": "position", "game": "g1"}, real)[2])
    server.kill()
    server.wait()
    allowance = 64 << 20
    mib = lambda n: f"{n / (1 << 20):.0f} MiB"
    ok = fields["VmHWM"] <= budget + allowance and kept.get("plies") == 1 and stats["memory_bytes"] <= budget
    print(f"web memory: 65 cookie-named sessions x 2 rulesets of ~12 MB: RSS {mib(fields['VmRSS'])}, peak {mib(fields['VmHWM'])} "
          f"(budget {mib(budget)}, counted {mib(stats['memory_bytes'])}); {stats['sessions']} sessions held, "
          f"{stats['on_probation']} on probation; loads refused {refused}; the real session's game: {'kept' if kept.get('ok') else 'LOST'}")
    if not ok:
        print(f"web memory: FAILED (peak RSS within the budget + {mib(allowance)}, the real session kept)")
    return ok


if __name__ == "__main__":
    sys.exit(main())
