#!/usr/bin/env node
// @ts-check
// npm run bench:cst-memory: the heap that parseCst's tree holds, in bytes per
// input byte, on inputs of 8 MB of the shapes that make the longest lists of
// nodes (segments, parameters, domain labels) and two that make none (a
// query, escapes). Each shape runs in a child `node --expose-gc`, alone in
// its heap: the heap in use after a full collection with the tree alive,
// less the heap in use before the parse (the input already there, flat, so
// that only the tree is counted). The target of the performance issue: at
// most 16 bytes per input byte on every shape. Not a test: nothing fails
// here (test/cst-lazy.test.ts holds a limit that fails).
//
// measureCstMemory() is what the main benchmark calls; `--module <path>`
// measures another build of the library (an older dist/, to compare).
"use strict";

const { spawnSync } = require("node:child_process");
const path = require("node:path");

const MB = 1024 * 1024;
/** The target: bytes of heap per input byte. */
const TARGET = 16;
const DEFAULT_SIZE = 8 * MB;
const DEFAULT_MODULE = path.join(__dirname, "..", "dist", "index.js");

/** @typedef {{ name: string, prefix: string, unit: string, suffix: string }} Shape */

/** @type {Shape[]} */
const SHAPES = [
  { name: "long path of 'seg/'", prefix: "http://a/", unit: "seg/", suffix: "" },
  { name: "host of 'a.' labels", prefix: "http://", unit: "a.", suffix: "com/" },
  { name: "path of '/' (empty segments)", prefix: "http://a/", unit: "/", suffix: "" },
  { name: "segment of ';p' params", prefix: "http://a/x", unit: ";p", suffix: "" },
  { name: "query of 'a'", prefix: "http://a/?", unit: "a", suffix: "" },
  { name: "path of '%41' escapes", prefix: "http://a/", unit: "%41", suffix: "" },
];

/**
 * The input of `shape`, about `size` characters, as one flat string.
 * @param {Shape} shape @param {number} size
 */
function inputOf(shape, size) {
  const count = Math.ceil((size - shape.prefix.length - shape.suffix.length) / shape.unit.length);
  const s = shape.prefix + shape.unit.repeat(count) + shape.suffix;
  // repeat and + give a tree of ropes, which the parser's first read would
  // flatten into a new string of the input's size: flatten it here instead.
  return Buffer.from(s, "latin1").toString("latin1");
}

/**
 * In the child: parses the shape and writes `{ bytes, length, ms }` as JSON.
 * @param {number} index @param {number} size @param {string} modulePath
 */
function child(index, size, modulePath) {
  const gc = /** @type {() => void} */ (globalThis.gc);
  if (typeof gc !== "function") throw new Error("cst-memory: the child needs node --expose-gc");
  const { parseCst } = require(modulePath);
  const input = inputOf(SHAPES[index], size);
  // Load and compile the parser on another input first, so that none of it is counted.
  parseCst("http://a.b/c;d/e?f#g");
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const t0 = process.hrtime.bigint();
  const tree = parseCst(input);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  // The tree is alive up to here.
  if (tree.end !== input.length) throw new Error("cst-memory: the tree does not span the input");
  process.stdout.write(JSON.stringify({ bytes: after - before, length: input.length, ms }) + "\n");
}

/**
 * @typedef {{ shape: string, bytesPerByte: number, parseMs: number }} ShapeMemory
 */

/**
 * Bytes of heap per input byte that parseCst's tree holds on each shape,
 * each measured in a child process of its own, and the worst shape.
 * @param {{ size?: number, module?: string }} [options] the input size (8 MB) and the library to load (dist/index.js)
 * @returns {{ worst: ShapeMemory, perShape: ShapeMemory[], target: number, size: number }}
 */
function measureCstMemory(options = {}) {
  const size = options.size ?? DEFAULT_SIZE;
  const modulePath = path.resolve(options.module ?? DEFAULT_MODULE);
  /** @type {ShapeMemory[]} */
  const perShape = SHAPES.map((shape, index) => {
    const result = spawnSync(
      process.execPath,
      [
        "--expose-gc",
        path.join(__dirname, "cst-memory.js"),
        "--child",
        String(index),
        "--size",
        String(size),
        "--module",
        modulePath,
      ],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    if (result.status !== 0) throw new Error(`cst-memory: ${shape.name}: ${result.stderr || result.error}`);
    const { bytes, length, ms } = JSON.parse(result.stdout);
    return { shape: shape.name, bytesPerByte: bytes / length, parseMs: ms };
  });
  const worst = perShape.reduce((a, b) => (b.bytesPerByte > a.bytesPerByte ? b : a));
  return { worst, perShape, target: TARGET, size };
}

module.exports = { measureCstMemory, SHAPES, TARGET };

if (require.main === module) {
  const args = process.argv.slice(2);
  /** @param {string} name */
  const option = (name) => {
    const at = args.indexOf(name);
    return at < 0 ? undefined : args[at + 1];
  };
  const size = Number(option("--size") ?? DEFAULT_SIZE);
  const modulePath = option("--module");
  const childIndex = option("--child");
  if (childIndex !== undefined) {
    child(Number(childIndex), size, modulePath ?? DEFAULT_MODULE);
  } else {
    const { worst, perShape } = measureCstMemory({ size, module: modulePath });
    console.log(`parseCst: heap held by the tree, ${(size / MB).toFixed(0)} MB inputs`);
    console.log("");
    console.log("| shape | bytes per input byte | parse ms |");
    console.log("| --- | ---: | ---: |");
    // (A few bytes below zero are the collector's noise: shown as 0.)
    for (const s of perShape)
      console.log(`| ${s.shape} | ${Math.max(0, s.bytesPerByte).toFixed(2)} | ${s.parseMs.toFixed(0)} |`);
    console.log("");
    console.log(
      `parseCst at most ${TARGET} bytes of heap per input byte on ${(size / MB).toFixed(0)} MB: worst ${Math.max(0, worst.bytesPerByte).toFixed(2)} (${worst.shape}): ${worst.bytesPerByte <= TARGET ? "met" : "NOT met"}`,
    );
  }
}
