// @ts-check
// The CommonJS build's source maps, one mapping a line (issue 40). tsc maps every token of the
// JavaScript to its place in src/: about as many bytes as the JavaScript itself. A trace needs
// the line: Node's --enable-source-maps names the TypeScript file and line of each frame from
// the first mapping of the JavaScript line (its column is then that of the line's first token,
// not the token that threw). The maps keep their JSON form and every other field; only
// `mappings` loses the segments after each line's first.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/**
 * The numbers of one segment of `mappings` (Base64 VLQ, the source map format's).
 * @param {string} segment
 * @returns {number[]}
 */
function decodeSegment(segment) {
  /** @type {number[]} */
  const out = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`rfc2396: not a source map digit: ${JSON.stringify(c)}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
      value = 0;
      shift = 0;
    }
  }
  if (shift !== 0) throw new Error(`rfc2396: a source map segment ends inside a number: ${segment}`);
  return out;
}

/** @param {number} n */
function encodeNumber(n) {
  let value = n < 0 ? -n * 2 + 1 : n * 2;
  let out = "";
  do {
    let digit = value % 32;
    value = Math.floor(value / 32);
    if (value > 0) digit |= 32;
    out += BASE64[digit];
  } while (value > 0);
  return out;
}

/**
 * `mappings` with each generated line's first segment that names a source, and no other.
 * (Fields: generated column, relative to the line; then source, line and column, and name,
 * each relative to the previous segment's in the whole map.)
 * @param {string} mappings
 */
function firstOfEachLine(mappings) {
  const state = [0, 0, 0, 0]; // (state[0] unused: the column restarts each line)
  const kept = [0, 0, 0, 0];
  return mappings
    .split(";")
    .map((line) => {
      /** @type {number[] | undefined} */
      let first;
      let column = 0;
      for (const segment of line === "" ? [] : line.split(",")) {
        const v = decodeSegment(segment);
        column += v[0];
        if (v.length < 4) continue;
        for (let i = 1; i < 4; i++) state[i] += v[i];
        first ??= [column, state[1], state[2], state[3]];
      }
      if (first === undefined) return "";
      const out = encodeNumber(first[0]) + [1, 2, 3].map((i) => encodeNumber(first[i] - kept[i])).join("");
      for (let i = 1; i < 4; i++) kept[i] = first[i];
      return out;
    })
    .join(";");
}

/**
 * Every `.js.map` under `dir` (not under the folders of `skip`) with one mapping a line; its
 * `names` go (no segment names one any more).
 * @param {string} dir
 * @param {ReadonlySet<string>} [skip] absolute folders left as they are
 * @returns {{ files: number, before: number, after: number }}
 */
function lineMaps(dir, skip = new Set()) {
  const total = { files: 0, before: 0, after: 0 };
  /** @param {string} at */
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(file)) walk(file);
      } else if (entry.name.endsWith(".js.map")) {
        const text = fs.readFileSync(file, "utf8");
        const map = JSON.parse(text);
        const out = JSON.stringify({ ...map, names: [], mappings: firstOfEachLine(map.mappings) });
        fs.writeFileSync(file, out);
        total.files++;
        total.before += text.length;
        total.after += out.length;
      }
    }
  };
  walk(dir);
  return total;
}

module.exports = { lineMaps, firstOfEachLine, decodeSegment };
