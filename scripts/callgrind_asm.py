#!/usr/bin/env python3
"""Instructions per machine instruction of one function, beside its disassembly.

callgrind_annotate shows costs per source line, which LTO and inlining blur; this joins
callgrind's per-instruction costs with `objdump -d`, to see which loop or check of a hot
function the instructions go to.

    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=cg.out \\
        target/release/chimera perft chess 4 --threads 1 --no-progress
    scripts/callgrind_asm.py cg.out target/release/chimera 'Pos<B>>::safety' [MIN]

Prints the total of the functions whose name contains the pattern, then each instruction
of their address range with its own cost (calls' inclusive costs left out), costs under
MIN (default 1) blank. Self cost only: a callee's instructions are its own function's.
"""

import collections
import re
import subprocess
import sys


def costs(path, pattern):
    names, cost = {}, collections.Counter()
    current, addr, after_call = "", 0, False
    for line in open(path):
        if line.startswith(("fn=", "cfn=")):
            m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
            if m.group(2):
                names[m.group(1)] = m.group(2)
            if line.startswith("fn="):
                current = names.get(m.group(1), "")
            continue
        if line.startswith("calls="):
            after_call = True
            continue
        if not line or line[0] not in "+-*0123456789":
            continue
        parts = line.split()
        a = parts[0]
        if a.startswith("0x"):
            addr = int(a, 16)
        elif a[0] in "+-":
            step = int(a[1:], 16) if a[1:].startswith("0x") else int(a[1:])
            addr += step if a[0] == "+" else -step
        if after_call:
            after_call = False
            continue
        if pattern in current and len(parts) >= 3:
            cost[addr] += int(parts[2])
    return cost


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, binary, pattern = sys.argv[1:4]
    least = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    cost = costs(out, pattern)
    if not cost:
        sys.exit(f"no instructions of a function matching {pattern!r}")
    lo, hi = min(cost), max(cost)
    dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", f"--start-address={lo:#x}", f"--stop-address={hi + 16:#x}", binary],
                          capture_output=True, text=True, check=True).stdout
    print("total", sum(cost.values()))
    for line in dump.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s*(.*)", line)
        if m:
            c = cost.get(int(m.group(1), 16), 0)
            print(f"{c if c >= least else '':>10}  {m.group(1)}  {m.group(2)[:110]}")


if __name__ == "__main__":
    main()
