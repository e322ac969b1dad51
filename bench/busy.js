#!/usr/bin/env node
// @ts-check
// npm run bench:busy: the library measured the way an application uses it.
// One process calls sixteen functions of the library and its peers, keeps
// what they return alive (60,000 parsed bases, and each function's results),
// and only then times `parse` against native `URL` and `resolve` with a base
// from `parse` against `resolve` with a string base, in interleaved rounds.
// bench/bench.js times each function alone on a small live heap, where a
// function that allocates on the JavaScript heap pays little for it; here
// every collection has a large live heap to walk, as in a server.
//
// It also counts the bytes each call allocates (a child process with a young
// generation large enough that no collection runs while it counts): what a
// `parse`, a `resolve` or an `isValid` costs the collector, and how much of
// it the result itself is (what is still alive after a full collection).
//
// Not a test: nothing fails on a timing. bench/bench.js calls measureBusy.
//
//   node bench/busy.js            the table, in a child process of its own
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

/** How many parsed bases the busy process keeps alive, as an application keeps its documents' bases. */
const BASES = 60_000;

function corpus() {
  const dir = path.join(__dirname, "..", "data", "corpus");
  /** @param {string} f */
  const text = (f) => zlib.gunzipSync(fs.readFileSync(path.join(dir, `${f}.gz`))).toString("utf8");
  const uris = text("uris.txt").split("\n").filter(Boolean);
  const pairs = text("refs.tsv")
    .split("\n")
    .filter(Boolean)
    .map((l) => /** @type {[string, string]} */ (l.split("\t")));
  return { uris, pairs };
}

/**
 * A timed pass over items[from, to) compiled anew per case (its own call
 * sites; see bench/bench.js), storing each result into `keep`, so that
 * results stay alive as an application's do.
 * @returns {(items: any[], fn: (x: any) => unknown, keep: unknown[], from: number, to: number) => number}
 */
function makePass() {
  return /** @type {any} */ (
    new Function(
      "items",
      "fn",
      "keep",
      "from",
      "to",
      "const t0 = process.hrtime.bigint();" +
        "for (let i = from; i < to; i++) keep[i] = fn(items[i]);" +
        "return Number(process.hrtime.bigint() - t0) / 1e9;",
    )
  );
}

/** The busy process: warms sixteen functions, keeps their results, then times the pairs. */
function busy() {
  const rfc2396 = require("..");
  const fastUri = require("fast-uri");
  const uriJs = require("uri-js");
  const UrlParse = require("url-parse");
  const { uris, pairs } = corpus();
  const valid = uris.filter((s) => rfc2396.isValid(s));
  /** @param {(x: any) => unknown} fn */
  const safe = (fn) => (/** @type {any} */ x) => {
    try {
      return fn(x);
    } catch {
      return undefined;
    }
  };
  // The application's state: 60,000 parsed bases, each distinct, kept alive.
  const validBases = [...new Set(pairs.map(([b]) => b))].filter((b) => rfc2396.isValid(b));
  const bases = Array.from({ length: BASES }, (_, i) =>
    rfc2396.parse(`${validBases[i % validBases.length]}${i < validBases.length ? "" : `?k=${i}`}`),
  );
  void bases;
  // Each distinct base of the pairs parsed once, as a document's base is (as in bench/bench.js).
  /** @type {Map<string, unknown>} */
  const parsedBases = new Map();
  for (const [b] of pairs) if (!parsedBases.has(b)) parsedBases.set(b, rfc2396.tryParse(b).ok ? rfc2396.parse(b) : b);
  const withParsed = pairs.map(([b, r]) => [parsedBases.get(b), r]);
  /** Sixteen functions of the library and its peers, run and kept as an application runs them. @type {[string, any[], (x: any) => unknown][]} */
  const functions = [
    ["parse", uris, safe((s) => rfc2396.parse(s))],
    ["tryParse", uris, (s) => rfc2396.tryParse(s)],
    ["isValid", uris, (s) => rfc2396.isValid(s)],
    ["parseCst", valid, safe((s) => rfc2396.parseCst(s))],
    ["diagnose", uris, (s) => rfc2396.diagnose(s)],
    ["normalize", valid, safe((s) => rfc2396.normalize(s))],
    ["equivalent", valid, safe((s) => rfc2396.equivalent(s, s))],
    ["escape", uris, safe((s) => rfc2396.escape(s, "query"))],
    ["unescape", valid, safe((s) => rfc2396.unescape(s))],
    ["recompose", valid, (s) => rfc2396.recompose(rfc2396.parse(s))],
    ["resolve", pairs, safe(([b, r]) => rfc2396.resolve(b, r))],
    ["resolve (base from parse)", withParsed, safe(([b, r]) => rfc2396.resolve(b, r))],
    ["native URL", uris, safe((s) => new URL(s))],
    ["native URL(ref, base)", pairs, safe(([b, r]) => new URL(r, b))],
    ["fast-uri parse", uris, (s) => fastUri.parse(s)],
    ["uri-js parse", uris, (s) => uriJs.parse(s)],
    ["url-parse", uris, (s) => new UrlParse(s, {})],
  ];
  /** What each function returned on its last pass, kept alive. */
  const kept = functions.map(([, items]) => new Array(items.length));
  for (let warm = 0; warm < 2; warm++) {
    functions.forEach(([, items, fn], k) => {
      for (let i = 0; i < items.length; i++) kept[k][i] = fn(items[i]);
    });
  }
  /** @type {[string, string][]} */
  const timed = [
    ["parse", "native URL"],
    ["resolve (base from parse)", "resolve"],
  ];
  // Interleaved finely, as in bench/bench.js: each case's items cut into
  // slices, every case timed on a slice before any on the next. A case's
  // figure is its total time over every round and slice, not a median: the
  // collections a function's garbage causes are part of its cost here, and
  // a median would leave out the slices they fall in.
  const rounds = Number(process.env.BENCH_ROUNDS || 9);
  const slices = Number(process.env.BENCH_SLICES || 8);
  const names = [...new Set(timed.flat())];
  const index = names.map((name) => functions.findIndex(([n]) => n === name));
  const passes = names.map(() => makePass());
  /** times[j][s]: the seconds of case j on slice s, one per round. */
  const times = names.map(() => Array.from({ length: slices }, () => /** @type {number[]} */ ([])));
  for (let r = 0; r < rounds; r++) {
    for (let s = 0; s < slices; s++) {
      const order = (r + s) % 2 === 0 ? names.map((_, j) => j) : names.map((_, j) => names.length - 1 - j);
      for (const j of order) {
        const [, items, fn] = functions[index[j]];
        const from = Math.floor((items.length * s) / slices);
        const to = Math.floor((items.length * (s + 1)) / slices);
        times[j][s].push(passes[j](items, fn, kept[index[j]], from, to));
      }
    }
  }
  const rate = (/** @type {string} */ name) => {
    const j = names.indexOf(name);
    const seconds = times[j].reduce((sum, slice) => sum + slice.reduce((a, b) => a + b, 0), 0);
    return (functions[index[j]][1].length * rounds) / seconds;
  };
  const heapMB = process.memoryUsage().heapUsed / 1e6;
  return {
    heapMB,
    ratios: timed.map(([a, b]) => ({ a, b, ratio: rate(a) / rate(b) })),
  };
}

/**
 * Bytes allocated per call, and how many of them are still alive after a
 * full collection (the results, kept): run with a young generation large
 * enough that no collection runs while a function is counted.
 */
function allocations() {
  const rfc2396 = require("..");
  const { uris, pairs } = corpus();
  const valid = uris.filter((s) => rfc2396.isValid(s) && URL.canParse(s)).slice(0, 20_000);
  const few = pairs.filter(([b, r]) => rfc2396.isValid(b) && rfc2396.isValid(r)).slice(0, 20_000);
  const parsed = few.map(([b, r]) => [rfc2396.parse(b), r]);
  const gc = /** @type {() => void} */ (globalThis.gc);
  /** @type {[string, any[], (x: any) => unknown][]} */
  const cases = [
    ["parse", valid, (s) => rfc2396.parse(s)],
    ["tryParse", valid, (s) => rfc2396.tryParse(s)],
    ["isValid", valid, (s) => rfc2396.isValid(s)],
    ["resolve", few, ([b, r]) => rfc2396.resolve(b, r)],
    ["resolve (base from parse)", parsed, ([b, r]) => rfc2396.resolve(b, r)],
    ["native URL", valid, (s) => new URL(s)],
  ];
  return cases.map(([name, items, fn]) => {
    const keep = new Array(items.length).fill(0);
    for (let i = 0; i < items.length; i++) keep[i] = fn(items[i]); // warm
    keep.fill(0);
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < items.length; i++) keep[i] = fn(items[i]);
    const allocated = process.memoryUsage().heapUsed - before;
    // What the results hold: the heap with them, then without them, each after full collections.
    gc();
    gc();
    const withResults = process.memoryUsage().heapUsed;
    keep.fill(0);
    gc();
    gc();
    const retained = withResults - process.memoryUsage().heapUsed;
    // (Native URL keeps its state in C++: the JavaScript heap sees only its wrapper.)
    return { name, perCall: allocated / items.length, retainedPerCall: retained / items.length };
  });
}

/**
 * Runs both measures in child processes of their own and returns them.
 * @returns {{ heapMB: number, ratios: { a: string, b: string, ratio: number }[], bytes: { name: string, perCall: number, retainedPerCall: number }[] }}
 */
function measureBusy() {
  /** @param {string[]} flags @param {string} what */
  const child = (flags, what) => {
    const r = spawnSync(process.execPath, [...flags, path.join(__dirname, "busy.js"), `--child=${what}`], {
      encoding: "utf8",
      maxBuffer: 1 << 24,
    });
    if (r.status !== 0) throw new Error(`bench/busy.js --child=${what} failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const run = child([], "busy");
  const bytes = child(["--expose-gc", "--min-semi-space-size=256", "--max-semi-space-size=256"], "allocations");
  return { ...run, bytes };
}

module.exports = { measureBusy };

if (require.main === module) {
  const childArg = process.argv.find((a) => a.startsWith("--child="));
  if (childArg === "--child=busy") process.stdout.write(JSON.stringify(busy()));
  else if (childArg === "--child=allocations") process.stdout.write(JSON.stringify(allocations()));
  else {
    const { heapMB, ratios, bytes } = measureBusy();
    console.log(
      `a busy process: sixteen functions run, their results and ${BASES} parsed bases alive (${heapMB.toFixed(0)} MB of heap)`,
    );
    console.log("");
    console.log("| in a busy process | ratio |");
    console.log("| --- | ---: |");
    for (const { a, b, ratio } of ratios) console.log(`| ${a} vs ${b} | ${ratio.toFixed(2)}x |`);
    console.log("");
    console.log("| bytes a call | allocated | of which the result |");
    console.log("| --- | ---: | ---: |");
    for (const b of bytes) console.log(`| ${b.name} | ${Math.round(b.perCall)} | ${Math.round(b.retainedPerCall)} |`);
  }
}
