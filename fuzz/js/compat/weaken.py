"""Marks a shared object's need of a symbol version weak (VER_FLG_WEAK), in place:
   python3 weaken.py FILE.node VERSION...
The dynamic loader then loads it where the C library lacks that version; the symbols
of it the object calls must come from elsewhere (compat/shim.c, through LD_PRELOAD).
See shim.c for why the share target needs it."""
import struct
import sys

path, wanted = sys.argv[1], {v.encode() for v in sys.argv[2:]}
data = bytearray(open(path, "rb").read())
assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "a 64-bit little-endian ELF file"
(shoff,) = struct.unpack_from("<Q", data, 0x28)
shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
weakened = []
for _, kind, _, _, offset, _, link, count, _, _ in sections:
    if kind != 0x6FFFFFFE:  # SHT_GNU_verneed
        continue
    strings = sections[link][4]
    at = offset
    for _ in range(count):
        _, aux_count, _, aux, following = struct.unpack_from("<HHIII", data, at)
        aux += at
        for _ in range(aux_count):
            _, flags, _, name, next_aux = struct.unpack_from("<IHHII", data, aux)
            text = bytes(data[strings + name : data.index(b"\0", strings + name)])
            if text in wanted:
                struct.pack_into("<H", data, aux + 4, flags | 2)
                weakened.append(text.decode())
            aux += next_aux
        at += following
open(path, "wb").write(data)
print("weakened:", " ".join(weakened) or "none")
