#!/usr/bin/env node
// @ts-check
// npm run bench: throughput of rfc2396 and its peers on the shared corpus, in
// one process, medians of finely interleaved rounds after warm-up, with ratios to
// fast-uri and to Appendix B's regular expression. Not a test: nothing fails
// on a timing.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const zlib = require("node:zlib");
const rfc2396 = require("..");
/** The RFC 2732 profile: the same modules over the amended grammar's tables (rfc2396/rfc2732). */
const rfc2732 = require("../dist/rfc2732");
const fastUri = require("fast-uri");
const uriJs = require("uri-js");
const UrlParse = require("url-parse");
const { measureCstMemory } = require("./cst-memory.js");
const { measureCheck } = require("./check.js");
const { measureBusy } = require("./busy.js");

const corpus = path.join(__dirname, "..", "data", "corpus");
/** @param {string} file */
const corpusText = (file) => zlib.gunzipSync(fs.readFileSync(path.join(corpus, `${file}.gz`))).toString("utf8");
const uris = corpusText("uris.txt").split("\n").filter(Boolean);
const pairs = corpusText("refs.tsv")
  .split("\n")
  .filter(Boolean)
  .map((l) => l.split("\t"));
const uriBytes = uris.reduce((n, s) => n + s.length, 0);
const refBytes = pairs.reduce((n, [, r]) => n + r.length, 0);

// The valid URIs, and each with a space in the middle (an invalid input of the same shape).
const valid = uris.filter((s) => rfc2396.isValid(s));
const validBytes = valid.reduce((n, s) => n + s.length, 0);
const invalid = valid.map((s) => `${s.slice(0, s.length >> 1)} ${s.slice(s.length >> 1)}`);
// Each distinct base parsed once, as a document's base is: the pairs with a base from parse.
/** @type {Map<string, string | import("..").UriComponents>} */
const parsedBases = new Map();
for (const [b] of pairs) if (!parsedBases.has(b)) parsedBases.set(b, rfc2396.tryParse(b).ok ? rfc2396.parse(b) : b);
const parsedPairs = pairs.map(([b, r]) => [parsedBases.get(b), r]);

const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

const rounds = Number(process.env.BENCH_ROUNDS || 9);
/** Each case's items are cut into this many slices, timed one at a time (see below). */
const slices = Number(process.env.BENCH_SLICES || 8);
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));

/**
 * A pass of a case's function over items[from, to), returning the seconds it
 * took: compiled anew for each case (new Function), so that each case's
 * loop has call sites of its own. A loop shared by every case would see
 * them all, and the engine would optimize it for whichever came first.
 * @returns {(items: unknown[], fn: (item: any) => unknown, from: number, to: number) => number}
 */
function makeOnce() {
  return /** @type {any} */ (
    new Function(
      "items",
      "fn",
      "from",
      "to",
      "let sink = 0; const t0 = process.hrtime.bigint();" +
        "for (let i = from; i < to; i++) if (fn(items[i])) sink++;" +
        "const seconds = Number(process.hrtime.bigint() - t0) / 1e9; if (sink < 0) console.log(sink); return seconds;",
    )
  );
}

/**
 * fn as a predicate: whether it returns something without throwing (a
 * wrapper of its own for each case, for the reason above).
 * @template T
 * @param {(x: T) => unknown} fn
 * @returns {(x: T) => boolean}
 */
const safe = (fn) =>
  /** @type {any} */ (
    new Function("fn", "return (x) => { try { return fn(x) !== undefined; } catch { return false; } };")(fn)
  );

/**
 * A case: [group, name, items, bytes, fn]; fn takes one of the items, a URI or
 * a [base, reference] pair (a tuple type cannot tie the two, hence any).
 * @typedef {[string, string, unknown[], number, (item: any) => unknown]} Case
 */

/** @type {Case[]} */
const cases = [
  // [group, name, items, bytes, fn]
  ["parse", "Appendix B regex exec", uris, uriBytes, (/** @type {string} */ s) => APPENDIX_B.exec(s) !== null],
  ["parse", "rfc2396 isValid", uris, uriBytes, (/** @type {string} */ s) => rfc2396.isValid(s)],
  ["parse", "rfc2732 isValid", uris, uriBytes, (/** @type {string} */ s) => rfc2732.isValid(s)],
  ["parse", "rfc2396 parse", uris, uriBytes, safe((/** @type {string} */ s) => rfc2396.parse(s))],
  ["parse", "rfc2732 parse", uris, uriBytes, safe((/** @type {string} */ s) => rfc2732.parse(s))],
  ["parse", "rfc2396 parseCst", uris, uriBytes, safe((/** @type {string} */ s) => rfc2396.parseCst(s))],
  ["parse", "rfc2732 parseCst", uris, uriBytes, safe((/** @type {string} */ s) => rfc2732.parseCst(s))],
  ["parse", "fast-uri parse", uris, uriBytes, (/** @type {string} */ s) => fastUri.parse(s)],
  ["parse", "uri-js parse", uris, uriBytes, (/** @type {string} */ s) => uriJs.parse(s)],
  ["parse", "url-parse", uris, uriBytes, (/** @type {string} */ s) => new UrlParse(s, {})],
  ["parse", "native URL", uris, uriBytes, safe((/** @type {string} */ s) => new URL(s))],
  ["errors", "rfc2396 tryParse (valid)", valid, validBytes, (/** @type {string} */ s) => rfc2396.tryParse(s).ok],
  [
    "errors",
    "rfc2396 tryParse (invalid)",
    invalid,
    validBytes + invalid.length,
    (/** @type {string} */ s) => !rfc2396.tryParse(s).ok,
  ],
  ["errors", "rfc2396 isValid (valid)", valid, validBytes, (/** @type {string} */ s) => rfc2396.isValid(s)],
  ["errors", "rfc2396 diagnose (valid)", valid, validBytes, (/** @type {string} */ s) => rfc2396.diagnose(s).ok],
  ["normalize", "rfc2396 normalize", valid, validBytes, safe((/** @type {string} */ s) => rfc2396.normalize(s))],
  ["normalize", "native new URL(s).href", valid, validBytes, safe((/** @type {string} */ s) => new URL(s).href)],
  ["resolve", "rfc2396 resolve", pairs, refBytes, safe((/** @type {string[]} */ [b, r]) => rfc2396.resolve(b, r))],
  [
    "resolve",
    "rfc2396 resolve (base from parse)",
    parsedPairs,
    refBytes,
    safe((/** @type {any[]} */ [b, r]) => rfc2396.resolve(b, r)),
  ],
  ["resolve", "rfc2732 resolve", pairs, refBytes, safe((/** @type {string[]} */ [b, r]) => rfc2732.resolve(b, r))],
  ["resolve", "native new URL(ref, base)", pairs, refBytes, safe((/** @type {string[]} */ [b, r]) => new URL(r, b))],
  ["resolve", "fast-uri resolve", pairs, refBytes, safe((/** @type {string[]} */ [b, r]) => fastUri.resolve(b, r))],
  ["resolve", "uri-js resolve", pairs, refBytes, safe((/** @type {string[]} */ [b, r]) => uriJs.resolve(b, r))],
];

// Rounds are interleaved, and finely: each case's items are cut into
// slices, and a round times every case on its first slice, then every case
// on the next, and so on, so that the passes set side by side in a ratio
// run within a few milliseconds of each other. (A machine shared with
// others has slow moments of tens to hundreds of milliseconds; a round of
// whole passes, some seconds long, let one case meet them and another not.)
// A case's figure is the sum over its slices of the median of that slice's
// rounds, after two warm-up passes over all of its items.
const selected = cases.filter(([, name]) => only.length === 0 || only.some((o) => name.includes(o)));
const passes = selected.map(() => makeOnce());
selected.forEach(([, , items, , fn], k) => {
  passes[k](items, fn, 0, items.length);
  passes[k](items, fn, 0, items.length);
});
/** times[k][s]: the seconds of case k on slice s, one per round. @type {number[][][]} */
const times = selected.map(() => Array.from({ length: slices }, () => /** @type {number[]} */ ([])));
const order = selected.map((_, k) => k);
for (let r = 0; r < rounds; r++) {
  for (let s = 0; s < slices; s++) {
    // Every other sweep runs the cases in reverse, so that no case always
    // follows the same one (and pays for the garbage it left).
    order.reverse();
    for (const k of order) {
      const items = selected[k][2];
      const from = Math.floor((items.length * s) / slices);
      const to = Math.floor((items.length * (s + 1)) / slices);
      times[k][s].push(passes[k](items, selected[k][4], from, to));
    }
  }
}
/** @param {number[]} xs */
const median = (xs) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const m = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
};
const results = selected.map(([group, name, items, bytes], k) => {
  const seconds = times[k].reduce((sum, slice) => sum + median(slice), 0);
  const perSecond = items.length / seconds;
  return { group, name, perSecond, mbPerSecond: (perSecond * bytes) / items.length / 1e6 };
});

/** @typedef {(typeof results)[number]} Result */
const by = (/** @type {string} */ name) => results.find((r) => r.name === name);
/** @type {(r: Result, ref: Result | undefined) => string} */
const ratio = (r, ref) => (ref ? (r.perSecond / ref.perSecond).toFixed(2) + "x" : "-");
/** What this run prints, kept to be written into docs/performance.md with --write. */
/** @type {string[]} */
const lines = [];
/** @param {string} line */
const report = (line) => {
  console.log(line);
  lines.push(line);
};
report(
  `rfc2396 benchmark: ${uris.length} URIs (${(uriBytes / 1e6).toFixed(2)} MB), ${pairs.length} base/reference pairs; ${rounds} interleaved rounds of ${slices} slices, median per slice`,
);
report(`node ${process.version}, ${os.cpus()[0].model}, ${os.cpus().length} cores`);
report("");
report("| operation | URIs/s | MB/s | vs fast-uri parse | vs Appendix B regex | vs native |");
report("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const r of results) {
  const native = r.group === "resolve" ? by("native new URL(ref, base)") : by("native URL");
  report(
    `| ${r.name} | ${Math.round(r.perSecond).toLocaleString("en-US")} | ${r.mbPerSecond.toFixed(1)} | ${ratio(r, by("fast-uri parse"))} | ${ratio(r, by("Appendix B regex exec"))} | ${ratio(r, native)} |`,
  );
}

// The targets of the performance issue, as ratios in this run (nothing fails on them).
const TARGETS_HEADER = "| target | in this run | goal |";
/** @type {[label: string, a: string, b: string, least: number][]} */
const targets = [
  ["parse vs fast-uri parse", "rfc2396 parse", "fast-uri parse", 3],
  ["parse vs native URL", "rfc2396 parse", "native URL", 1.3],
  ["isValid vs Appendix B regex", "rfc2396 isValid", "Appendix B regex exec", 0.5],
  ["parseCst vs uri-js parse", "rfc2396 parseCst", "uri-js parse", 1],
  ["resolve vs native new URL(ref, base)", "rfc2396 resolve", "native new URL(ref, base)", 1],
  ["tryParse on invalid input vs on valid input", "rfc2396 tryParse (invalid)", "rfc2396 tryParse (valid)", 1 / 3],
  ["diagnose on valid input vs isValid", "rfc2396 diagnose (valid)", "rfc2396 isValid (valid)", 0.25],
  ["normalize vs native new URL(s).href", "rfc2396 normalize", "native new URL(s).href", 1.2],
  ["resolve with a base from parse vs with strings", "rfc2396 resolve (base from parse)", "rfc2396 resolve", 0.9],
  // The RFC 2732 profile costs at most 10% over the strict entry.
  ["rfc2732 isValid vs strict isValid", "rfc2732 isValid", "rfc2396 isValid", 0.9],
  ["rfc2732 parse vs strict parse", "rfc2732 parse", "rfc2396 parse", 0.9],
  ["rfc2732 parseCst vs strict parseCst", "rfc2732 parseCst", "rfc2396 parseCst", 0.9],
  ["rfc2732 resolve vs strict resolve", "rfc2732 resolve", "rfc2396 resolve", 0.9],
];
const shown = targets.filter(([, a, b]) => by(a) && by(b));
/** Targets measured apart from the rounds above: [label, figure, goal]. @type {[string, string, string][]} */
const apart = [];
if (only.length === 0 || only.includes("cst-memory")) {
  // Heap, not speed: each shape in a process of its own (bench/cst-memory.js).
  const { worst, target } = measureCstMemory();
  apart.push([
    `parseCst heap per input byte on 8 MB (worst: ${worst.shape})`,
    `${worst.bytesPerByte.toFixed(2)} B`,
    `at most ${target} B`,
  ]);
}
if (only.length === 0 || only.includes("check")) {
  // The command line as a user runs it, against the cost of reading the file (bench/check.js).
  const { ratio } = measureCheck();
  apart.push(["rfc2396 check -q vs the floor (bench/check-floor.js)", `${ratio.toFixed(2)}x`, "at least 0.8x"]);
}
if (only.length === 0 || only.includes("busy")) {
  // As applications use it: sixteen functions in one process, their results and 60,000 parsed bases alive (bench/busy.js).
  const { ratios, bytes } = measureBusy();
  /** @type {Record<string, number>} */
  const goals = { "native URL": 1, resolve: 0.9 };
  for (const { a, b, ratio } of ratios) {
    apart.push([`in a busy process: ${a} vs ${b}`, `${ratio.toFixed(2)}x`, `at least ${goals[b]}x`]);
  }
  const of = ["parse", "resolve", "isValid"].map((name) => bytes.find((x) => x.name === name));
  apart.push([
    "bytes a parse, resolve, isValid allocates (its result's)",
    of.map((b) => `${Math.round(b?.perCall ?? NaN)} (${Math.round(b?.retainedPerCall ?? NaN)})`).join(", "),
    "the result's",
  ]);
}
if (shown.length + apart.length > 0) {
  report("");
  report(TARGETS_HEADER);
  report("| --- | ---: | ---: |");
  for (const [label, a, b, least] of shown) {
    // shown holds the targets whose two cases ran.
    const r = /** @type {Result} */ (by(a)).perSecond / /** @type {Result} */ (by(b)).perSecond;
    report(`| ${label} | ${r.toFixed(2)}x | at least ${least.toFixed(2).replace(/\.?0+$/, "")}x |`);
  }
  for (const [label, figure, goal] of apart) report(`| ${label} | ${figure} | ${goal} |`);
}

// npm run bench writes this run into docs/performance.md, between its markers,
// so that the figures there are the benchmark's own, never copied by hand.
if (process.argv.includes("--write")) {
  const doc = path.join(__dirname, "..", "docs", "performance.md");
  const text = fs.readFileSync(doc, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench: ${doc} has no ${start} ... ${end} section`);
  const body = ["", "```text", lines[0], lines[1], "```", "", ...lines.slice(3), ""].join("\n");
  fs.writeFileSync(doc, text.slice(0, from + start.length) + "\n" + body + text.slice(to));
  console.log(`\nbench: wrote this run into ${path.relative(process.cwd(), doc)}`);
  // The README's figures: the targets of this run.
  const readme = path.join(__dirname, "..", "README.md");
  const front = fs.readFileSync(readme, "utf8");
  const tStart = "<!-- bench:targets:start -->";
  const tEnd = "<!-- bench:end -->".replace("bench:", "bench:targets:");
  const tFrom = front.indexOf(tStart);
  const tTo = front.indexOf(tEnd);
  if (tFrom < 0 || tTo < tFrom) throw new Error(`bench: ${readme} has no ${tStart} ... ${tEnd} section`);
  const targetLines = lines.slice(lines.indexOf(TARGETS_HEADER));
  fs.writeFileSync(
    readme,
    front.slice(0, tFrom + tStart.length) + "\n" + targetLines.join("\n") + "\n" + front.slice(tTo),
  );
  console.log(`bench: wrote its targets into ${path.relative(process.cwd(), readme)}`);
}
