// Shared by test/cli-check-jobs.test.ts and test/rfc2732/cli-check-blocks.test.ts: check's
// block path (src/cli/blocks.ts cutting bytes into blocks, src/cli/check-lines.ts checking a
// block at a time) against the line path (readLines, then each line checked alone), on random
// inputs cut at random places, with buffers of a few bytes, so that every boundary is met:
// a line, a CRLF, a UTF-8 sequence, a byte order mark or a line over the cap split anywhere.
import { BufferPool, LineBlocks } from "../src/cli/blocks";
import { checkOptions } from "../src/cli/check";
import { type BlockResult, LineChecker, linedText } from "../src/cli/check-lines";
import type { Values } from "../src/cli/command";
import { makeStyle, readLines } from "../src/cli/io";
import type { RuleName } from "../src/syntax/cst";
import { isValid } from "../src/syntax/parser";
import { corpusLines } from "./helpers";

/** A small deterministic generator (tests repeat). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES: (string | number[])[] = [
  "http://a/b",
  "http://www.ietf.org/rfc/rfc2396.txt",
  "mailto:John.Doe@example.com",
  "HTTP://A:80/%7e",
  "http://a/b c",
  "http://a/%zz",
  "http://[::1]/",
  "http://[1::2::3]/",
  "http://h/a[b]",
  "a\u0000b",
  "\r",
  "",
  "http://a/caf\u00e9\u20ac\u{1F600}",
  "\ufeffhttp://a/",
  "x".repeat(45),
  "http://a/" + "%41".repeat(20),
  "a:b:c",
  "a",
  "b/",
  "?q",
  "//a b/%",
  [0x68, 0xff, 0x69],
  [0xc3],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
];

/** Pieces of short lines, and the odd one among them (invalid, blank, a CR). */
const SHORT_PIECES = ["a", "b", "/"];
const ODD_SHORT_PIECES = ["?", "%", "", "\r", "x".repeat(45)];

/** Random input: lines of the pieces above, sometimes a BOM first, sometimes no LF last, some CRLF. */
export function randomInput(rand: () => number): Buffer {
  const parts: Buffer[] = [];
  if (rand() < 0.2) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
  // (Sometimes many lines, so that bulk reads meet runs of short lines, stop, and start again.)
  const many = rand() < 0.15;
  const lines = Math.floor(rand() * (many ? 300 : 12));
  for (let i = 0; i < lines; i++) {
    const pieces = 1 + Math.floor(rand() * 2);
    // In a long input, stretches of short lines only.
    const short = many && i % 100 < 60;
    for (let k = 0; k < pieces; k++) {
      const p = short
        ? rand() < 0.03
          ? ODD_SHORT_PIECES[Math.floor(rand() * ODD_SHORT_PIECES.length)]
          : SHORT_PIECES[Math.floor(rand() * SHORT_PIECES.length)]
        : PIECES[Math.floor(rand() * PIECES.length)];
      parts.push(typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p));
    }
    const last = i === lines - 1 && rand() < 0.3;
    if (!last) parts.push(Buffer.from(rand() < 0.3 ? "\r\n" : "\n"));
  }
  return Buffer.concat(parts);
}

/** `bytes` cut into pieces of 1 to `most` bytes. */
export function cut(bytes: Buffer, rand: () => number, most: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const n = 1 + Math.floor(rand() * most);
    chunks.push(bytes.subarray(at, at + n));
    at += n;
  }
  return chunks;
}

interface Run {
  out: string;
  err: string;
  lines: number;
  counts: [number, number, number, number];
}

function checker(values: Values, maxLineBytes: number): LineChecker {
  return new LineChecker(checkOptions(values), {
    outStyle: makeStyle(true),
    errStyle: makeStyle(false),
    prog: "rfc2396 check",
    maxLineBytes,
  });
}

/** What check made of the lines before: readLines, and each line alone. */
export async function byLines(chunks: Buffer[], values: Values, cap: number, file?: string): Promise<Run> {
  const c = checker(values, cap);
  let lines = 0;
  async function* source() {
    for (const chunk of chunks) yield chunk;
  }
  await readLines(
    source(),
    (line, lineNo) => {
      lines++;
      if (line !== "") c.checkInput(line, lineNo, file);
    },
    () => {},
    (problem, lineNo) => {
      lines++;
      c.badLine(problem, lineNo, file);
    },
    cap,
  );
  const r = c.result(lines);
  return {
    out: linedText(r.out, 0),
    err: linedText(r.err, 0),
    lines,
    counts: [r.valid, r.invalid, r.warned, r.bad],
  };
}

/** What check makes of them now: blocks of whole lines in buffers of `size` bytes, each block checked at once. */
export function byBlocks(chunks: Buffer[], values: Values, cap: number, size: number, file?: string): Run {
  const c = checker(values, cap);
  const pool = new BufferPool(size);
  const run: Run = { out: "", err: "", lines: 0, counts: [0, 0, 0, 0] };
  const take = (r: BlockResult): void => {
    run.out += linedText(r.out, run.lines);
    run.err += linedText(r.err, run.lines);
    run.lines += r.lines;
    const n = [r.valid, r.invalid, r.warned, r.bad];
    for (let k = 0; k < 4; k++) run.counts[k] += n[k];
  };
  const blocks = new LineBlocks(pool, cap, (item) => {
    if (item.kind === "too-long") {
      c.badLine({ kind: "too-long", bytes: item.bytes }, 1, file);
      take(c.result(1));
    } else {
      take(c.checkBlock(item.buffer, item.start, item.end, file));
      pool.release(item.buffer);
    }
  });
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length;) {
      const n = Math.min(blocks.target.length - blocks.offset, chunk.length - at);
      chunk.copy(blocks.target, blocks.offset, at, at + n);
      blocks.commit(n);
      at += n;
    }
  }
  blocks.finish();
  return run;
}

/** The option sets the differential runs with. */
export const OPTION_SETS: Values[] = [
  {},
  { quiet: true },
  { json: true },
  { fix: true },
  { warnings: true },
  { json: true, warnings: true, fix: true },
  { rule: "absoluteURI" },
];

/** Runs `runs` random inputs through both paths, with every option set, and expects the same of each. */
export async function blocksAgreeWithLines(runs: number, seed: number): Promise<void> {
  const rand = random(seed);
  for (let k = 0; k < runs; k++) {
    const input = randomInput(rand);
    const chunks = cut(input, rand, 1 + Math.floor(rand() * 40));
    // A small cap meets lines over it; a large one lets check-lines read lines in bulk (linesOf).
    const cap = rand() < 0.5 ? 8 + Math.floor(rand() * 60) : 1 << 20;
    const size = 4 + Math.floor(rand() * 60);
    const file = rand() < 0.5 ? "u.txt" : undefined;
    for (const values of OPTION_SETS) {
      const want = await byLines(chunks, values, cap, file);
      const got = byBlocks(chunks, values, cap, size, file);
      // The input leads each comparison, so that a failure shows it.
      expect({ input: input.toString("latin1"), values, cap, size, ...got }).toEqual({
        input: input.toString("latin1"),
        values,
        cap,
        size,
        ...want,
      });
    }
  }
}

/**
 * LineChecker.accepts (validity without the parser's module) against isValid,
 * for the default rule and a few others: on corpus lines, the pieces above,
 * and every one of them cut short and with a character changed. Both
 * answers must occur, or the comparison proves nothing.
 */
export function acceptsAsIsValid(seed: number): void {
  const rand = random(seed);
  const strings = PIECES.filter((p): p is string => typeof p === "string");
  const inputs = [...corpusLines("uris.txt").slice(0, 4000), ...strings];
  const odd = ["[", "]", "%", " ", "#", "?", ":", "@", "/", "A", "é", "\u0000"];
  for (const s of [...inputs]) {
    inputs.push(s.slice(0, Math.floor(rand() * (s.length + 1))));
    const at = Math.floor(rand() * s.length);
    inputs.push(s.slice(0, at) + odd[Math.floor(rand() * odd.length)] + s.slice(at + 1));
  }
  const rules: RuleName[] = ["URI-reference", "absoluteURI", "relativeURI", "hostport", "path_segments"];
  for (const rule of rules) {
    const c = checker(rule === "URI-reference" ? {} : { rule }, 1 << 20);
    const wrong = inputs.filter((s) => c.accepts(s) !== isValid(s, rule));
    const valid = inputs.filter((s) => isValid(s, rule)).length;
    expect({ rule, wrong: wrong.slice(0, 5), someValid: valid > 0, someInvalid: valid < inputs.length }).toEqual({
      rule,
      wrong: [],
      someValid: true,
      someInvalid: true,
    });
  }
}

/**
 * One block of stretches of one- and two-character lines (which turn bulk
 * reads off), of corpus lines (which turn them on again) and the odd invalid
 * or blank line, checked at once with bulk reads allowed: the counts are
 * those of each line checked alone by isValid.
 */
export function shortLinesCounted(seed: number): void {
  const rand = random(seed);
  const uris = corpusLines("uris.txt");
  const lines: string[] = [];
  for (let k = 0; k < 300; k++) {
    const kind = rand();
    const count = 1 + Math.floor(rand() * 120);
    for (let i = 0; i < count; i++) {
      if (kind < 0.45) lines.push(SHORT_PIECES[Math.floor(rand() * SHORT_PIECES.length)]);
      else if (kind < 0.9) lines.push(uris[Math.floor(rand() * uris.length)]);
      else lines.push(ODD_SHORT_PIECES[Math.floor(rand() * ODD_SHORT_PIECES.length)]);
    }
  }
  const buf = Buffer.from(lines.join("\n") + "\n", "latin1");
  const r = checker({ quiet: true }, 1 << 20).checkBlock(buf, 0, buf.length, undefined);
  const inputs = lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l)).filter((l) => l !== "");
  const valid = inputs.filter((l) => isValid(l)).length;
  expect({ lines: r.lines, valid: r.valid, invalid: r.invalid }).toEqual({
    lines: lines.length,
    valid,
    invalid: inputs.length - valid,
  });
}
