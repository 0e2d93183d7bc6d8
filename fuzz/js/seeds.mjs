// Seeds the share target's corpus (node seeds.mjs DIR): snapshots as the page writes
// them and as older links held them, each as a link, as its JSON and as deflated bytes
// (the first byte of a seed says which; see share.mjs).

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { encode } from "../../web/store.js";

const dir = process.argv[2];
mkdirSync(dir, { recursive: true });
const root = new URL("../../", import.meta.url);

const snapshots = {
  start: { builtin: "chess", toml: null, fen: null, moves: [], line: [] },
  game: {
    builtin: "chess",
    toml: null,
    fen: null,
    // 1.e4 e5 (1...c5 2.Nf3) 2.Nf3 Nc6, the board after 1...c5.
    moves: [[-1, "e2e4"], [0, "e7e5"], [1, "g1f3"], [2, "b8c6"], [0, "c7c5"], [4, "g1f3"]],
    line: ["e2e4", "c7c5"],
  },
  drops: {
    builtin: "crazyhouse",
    toml: null,
    fen: null,
    moves: [[-1, "e2e4"], [0, "d7d5"], [1, "e4d5"], [2, "d8d5"], [3, "b1c3"], [4, "d5a5"], [5, "P@e5"]],
    line: ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e5"],
  },
  fen: { builtin: "chess", toml: null, fen: "4k3/8/4K3/8/8/8/8/7R w - - 0 1", moves: [[-1, "h1h8"]], line: ["h1h8"] },
  edited: {
    builtin: "chess",
    toml: 'extends = "chess"\nname = "endless"\n[end]\nrepetition = "none"\nmove_rule = "none"\n',
    fen: null,
    moves: [[-1, "g1f3"], [0, "g8f6"]],
    line: ["g1f3"],
  },
  ruleset: { builtin: "capablanca", toml: readFileSync(new URL("rulesets/capablanca.toml", root), "utf8"), fen: null, moves: [], line: [] },
};
// Links made before the flat tree: nested `[uci, san, ...children]`, the SAN forged.
const nested = [
  '{"builtin":"chess","toml":null,"fen":null,"tree":[["e2e4","Qxh7#",["e7e5","e5"],["c7c5","c5",["g1f3","Nf3"]]]],"line":["e2e4","c7c5"]}',
  `{"builtin":"chess","tree":${"[".repeat(40)}${'"g1f3","N"'}${"]".repeat(40)},"line":["g1f3"]}`,
];

const write = (name, mode, bytes) => writeFileSync(`${dir}/seed-${name}`, Buffer.concat([Buffer.from([mode]), Buffer.from(bytes)]));
const jsons = { ...Object.fromEntries(Object.entries(snapshots).map(([k, s]) => [k, JSON.stringify(s)])), nested0: nested[0], nested1: nested[1] };
for (const [name, json] of Object.entries(jsons)) {
  write(`${name}-link`, 0, await encode(JSON.parse(json)));
  write(`${name}-json`, 1, json);
  write(`${name}-deflated`, 2, deflateRawSync(Buffer.from(json)));
}
write("bad-base64", 0, "@@@");
write("bad-deflate", 0, "AAAA");
write("not-json", 1, "{");
write("not-snapshot", 1, '{"builtin":1}');
write("made", 3, Buffer.from("chess e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"));
