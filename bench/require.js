#!/usr/bin/env node
// @ts-check
// npm run bench:require: what loading the library costs a program, as the
// median over interleaved runs of `node -e "require('rfc2396')"` (and of an
// ES import) minus the median of a bare `node -e 0`. The goal: at most 10 ms.
"use strict";

const { execFileSync } = require("node:child_process");
const path = require("node:path");

const root = path.join(__dirname, "..");
const ROUNDS = Number(process.env.ROUNDS ?? 21);

/** @type {[string, string[]][]} */
const CASES = [
  ["bare node", ["-e", "0"]],
  ["require('rfc2396')", ["-e", "require('rfc2396')"]],
  ["import 'rfc2396'", ["--input-type=module", "-e", "import 'rfc2396'"]],
  ["require('rfc2396/html')", ["-e", "require('rfc2396/html')"]],
  // What the areas read on first use cost (each is a chunk of the bundle).
  [
    "require, a call in each area",
    [
      "-e",
      "const r = require('rfc2396'); r.parse('http://a/b'); r.resolve('http://a/b', 'c'); r.normalize('http://a/%7e'); r.diagnose('a b'); r.extract('see http://a/')",
    ],
  ],
];

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** @type {number[][]} */
const times = CASES.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  CASES.forEach(([, args], k) => {
    const t = process.hrtime.bigint();
    execFileSync(process.execPath, args, { cwd: root, stdio: "ignore" });
    times[k].push(Number(process.hrtime.bigint() - t) / 1e6);
  });
}
const bare = median(times[0]);
process.stdout.write(`medians of ${ROUNDS} interleaved runs (Node ${process.version})\n`);
CASES.forEach(([name], k) => {
  const m = median(times[k]);
  const over = k === 0 ? "" : `  (+${(m - bare).toFixed(1)} ms over bare node)`;
  process.stdout.write(`${name.padEnd(26)} ${m.toFixed(1).padStart(7)} ms${over}\n`);
});
const cost = median(times[1]) - bare;
process.stdout.write(
  `require('rfc2396') costs ${cost.toFixed(1)} ms over a bare node: ${cost <= 10 ? "met" : "NOT met"} (goal <= 10 ms)\n`,
);
