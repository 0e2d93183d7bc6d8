// Bundles src/index.js and the CodeMirror packages it imports (versions from
// package-lock.json) into one minified ES module, web/vendor/codemirror.js, and writes
// web/vendor/LICENSE: the name, version and licence text of each package in the bundle,
// read from what esbuild put in it, so the two cannot disagree. With a directory as the
// first argument both go there instead: web/tests/run.sh builds a second copy and checks
// that it equals the committed one byte for byte.
import { build } from "esbuild";
import { readFileSync, writeFileSync, readdirSync } from "node:fs";

const out = process.argv[2] ?? "../vendor";
const result = await build({
  entryPoints: ["src/index.js"],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  // The packages carry no license comments to keep; the LICENSE file beside has their texts.
  legalComments: "none",
  banner: { js: "// CodeMirror 6 and its dependencies (MIT), bundled for Chimera's workbench by web/editor/: see vendor/LICENSE." },
  outfile: `${out}/codemirror.js`,
  metafile: true,
  logLevel: "warning",
});

// The packages whose code is in the bundle (a package imported but shaken out is not).
const [output] = Object.values(result.metafile.outputs);
const packages = new Set();
for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
  const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (match && bytesInOutput > 0) packages.add(match[1]);
}
const sections = [...packages].sort().map((name) => {
  const dir = `node_modules/${name}`;
  const { version, license } = JSON.parse(readFileSync(`${dir}/package.json`, "utf8"));
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  if (!file) throw new Error(`${name} has no licence file`);
  return `## ${name} ${version} (${license})\n\n${readFileSync(`${dir}/${file}`, "utf8").trim()}\n`;
});
writeFileSync(
  `${out}/LICENSE`,
  "The packages bundled in codemirror.js (built by web/editor/build.mjs from web/editor/package-lock.json)\n" +
    `and their licences.\n\n${sections.join("\n")}`,
);
