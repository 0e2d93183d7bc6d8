#!/usr/bin/env python3
"""Load test of `chimera web` at a low file limit: idle sockets plus concurrent clients.

Starts `chimera web` under `ulimit -n` (default 256), opens IDLE sockets that send
nothing (default 2,000), then runs CLIENTS threads (default 200) that each POST a few
`/api` requests. The server must keep answering and never exit. Prints the connections
the server held (its open descriptors), the latency percentiles, and its peak RSS.

    python3 scripts/web_load.py [--binary target/release/chimera] [--ulimit 256] [--idle 2000] [--clients 200]
"""

import argparse
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
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
