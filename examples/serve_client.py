#!/usr/bin/env python3
"""Drives `chimera serve` from Python, as a game server in another language would.

    cargo build --release && python3 examples/serve_client.py [path/to/chimera]

Standard library only. One request per line, one response per line, in order.
"""

import json
import subprocess
import sys


class Chimera:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.next_id = 1

    def call(self, op, **fields):
        request = {"id": self.next_id, "op": op, **fields}
        self.next_id += 1
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        response = json.loads(self.proc.stdout.readline())
        assert response["id"] == request["id"]
        return response

    def close(self):
        self.call("quit")
        self.proc.wait()


def main():
    engine = Chimera(sys.argv[1] if len(sys.argv) > 1 else "target/release/chimera")

    # Crazyhouse: captured pieces go to the captor's hand and can be dropped.
    game = engine.call("open", variant="crazyhouse", moves=["e4", "d5", "exd5", "Qxd5", "Nc3"])["game"]
    for move in ["Qxg2", "Bxg2", "P@h3", "Q@e8", "N@f3"]:
        r = engine.call("play", game=game, move=move)
        if r["legal"]:
            print(f"{move:6} -> {r['san']:6} {r['kind']:8} hands: {r['hands']}")
        else:
            print(f"{move:6} refused [{r['code']}]: {r['reason']}")

    # Mystic: coins buy pawns; the position reports the purses.
    game = engine.call("open", variant="mystic")["game"]
    engine.call("play", game=game, move="@e2")
    position = engine.call("position", game=game)
    print("mystic after @e2:", position["fen"], "coins:", position["coins"])

    # Errors are responses too.
    print(engine.call("validate", game="g42", move="e4")["error"])
    engine.proc.stdin.write("this is not json\n")
    engine.proc.stdin.flush()
    print(json.loads(engine.proc.stdout.readline())["error"])
    engine.close()


if __name__ == "__main__":
    main()
