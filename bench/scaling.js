#!/usr/bin/env node
// @ts-check
// npm run bench:scaling: time per MB of parse, isValid, parseCst, tryParse of
// an invalid input, and resolve, on inputs of 1, 2, 4 and 8 MB, so that any
// growth faster than linear shows as a rising ms/MB column. Not a test.
"use strict";

const r = require("..");

const MB = 1024 * 1024;
/** @type {(size: number, prefix: string, unit: string, suffix?: string) => string} */
const fill = (size, prefix, unit, suffix = "") =>
  prefix + unit.repeat(Math.ceil((size - prefix.length - suffix.length) / unit.length)) + suffix;

/** @type {[name: string, make: (n: number) => string][]} */
const shapes = [
  ["long path", (n) => fill(n, "http://a/", "seg/")],
  ["dense escapes", (n) => fill(n, "http://a/", "%41")],
  ["host with many dots", (n) => fill(n, "http://", "a.", "com/")],
  ["registry fallback", (n) => fill(n, "http://", "a.", "1b/")],
];

/** @type {[name: string, op: (s: string) => unknown][]} */
const ops = [
  ["isValid", (s) => r.isValid(s)],
  ["parse", (s) => r.parse(s)],
  ["tryParse (invalid at the end)", (s) => r.tryParse(s + " ")],
  ["parseCst", (s) => r.parseCst(s)],
];

/**
 * @param {() => unknown} fn
 * @returns {number} the milliseconds fn took
 */
function time(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const sizes = [1, 2, 4, 8];
console.log(`| input | operation | ${sizes.map((m) => `${m} MB (ms/MB)`).join(" | ")} |`);
console.log(`| --- | --- | ${sizes.map(() => "---:").join(" | ")} |`);
for (const [shape, make] of shapes) {
  for (const [name, op] of ops) {
    const cells = sizes.map((m) => {
      const input = make(m * MB);
      op(make(1000)); // warm up
      const ms = Math.min(
        time(() => op(input)),
        time(() => op(input)),
      );
      return (ms / m).toFixed(1);
    });
    console.log(`| ${shape} | ${name} | ${cells.join(" | ")} |`);
  }
}
for (const [name, make] of /** @type {[name: string, make: (n: number) => [string, string]][]} */ ([
  ["resolve: ../ chain", (n) => ["http://a/b/c/d", "../".repeat(Math.floor(n / 3)) + "g"]],
  ["resolve: x/./ chain", (n) => ["http://a/b", "x/./".repeat(Math.floor(n / 4)) + "y"]],
])) {
  const cells = sizes.map((m) => {
    const [base, ref] = make(m * MB);
    const ms = Math.min(
      time(() => r.resolve(base, ref)),
      time(() => r.resolve(base, ref)),
    );
    return (ms / m).toFixed(1);
  });
  console.log(`| ${name} | resolve | ${cells.join(" | ")} |`);
}
