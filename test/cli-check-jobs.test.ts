// rfc2396 check on a file: blocks of whole lines read with bulk reads, checked on one thread
// or on several (--jobs). Whatever the threads, the output is the same bytes: the same reports
// with the same line numbers, in input order, the same counts and the same exit status, under
// both profiles. Nothing here is timed (bench/check.js measures the speed).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BLOCK_BYTES } from "../src/cli/blocks";
import { acceptsAsIsValid, blocksAgreeWithLines, shortLinesCounted } from "./check-blocks";
import { corpusLines } from "./helpers";

const ROOT = path.join(__dirname, "..");
const ESC = "\u001b";
const DIM = `${ESC}\\[2m`;
const UNDIM = `${ESC}\\[22m`;
const BIN = path.join(ROOT, "dist", "cli", "main.js");

describe("blocks of lines give what lines one at a time gave", () => {
  test("random inputs, cut anywhere, in buffers of a few bytes", async () => {
    await blocksAgreeWithLines(150, 2396);
  });
});

test("a line's validity is isValid's, without the parser's module", () => {
  acceptsAsIsValid(2396);
});

/**
 * A file of about 5 MB (five blocks and more): corpus lines with invalid ones among them,
 * bytes that are not UTF-8, NUL, CRLF and blank lines, a byte order mark first; a line of
 * 1.1 MB (longer than a block) and one of 2.5 MB (over the cap the runs below set); a UTF-8
 * sequence cut by the end of the first read, and a CRLF cut by the end of the second; and a
 * last line without a line feed.
 */
function makeFile(file: string): void {
  const uris = corpusLines("uris.txt");
  const parts: Buffer[] = [Buffer.from("\ufeff")];
  let size = 3;
  let n = 0;
  const add = (b: Buffer): void => {
    parts.push(b);
    size += b.length;
  };
  /** Corpus lines (one in 40 made invalid, and the odd line that cannot be read) until `until` bytes. */
  const fill = (until: number): void => {
    while (size < until) {
      const uri = uris[n++ % uris.length];
      let line: Buffer;
      if (n % 40 === 0) line = Buffer.from(`${uri} x`);
      else if (n % 97 === 0)
        line = Buffer.concat([Buffer.from(uri.slice(0, 4)), Buffer.from([0xff]), Buffer.from(uri)]);
      else if (n % 89 === 0) line = Buffer.from("a\u0000b");
      else if (n % 83 === 0) line = Buffer.from("");
      else line = Buffer.from(uri);
      add(Buffer.concat([line, Buffer.from(n % 7 === 0 ? "\r\n" : "\n")]));
    }
  };
  fill(BLOCK_BYTES - 2000);
  // A line whose "é" (C3 A9) is cut by the end of the first read (BLOCK_BYTES bytes).
  const head = "http://a/caf";
  add(Buffer.from("x".repeat(BLOCK_BYTES - 2 - head.length - size) + "\n"));
  const lineStart = size;
  add(Buffer.from(`${head}\u00e9 x\n`));
  // The second read ends where the first block's unfinished line started, a block further on:
  // a CRLF cut there.
  const crAt = BLOCK_BYTES + lineStart - 1;
  fill(crAt - 2000);
  add(Buffer.from(`http://b/${"y".repeat(crAt - size - "http://b/".length)}\r\nhttp://c/ d\n`));
  fill(2.5 * BLOCK_BYTES);
  add(Buffer.from(`http://a/${"l".repeat(Math.floor(1.1 * BLOCK_BYTES))}\n`));
  fill(3 * BLOCK_BYTES);
  add(Buffer.from(`http://a/${"o".repeat(2.5 * BLOCK_BYTES)}\r\n`));
  fill(5 * BLOCK_BYTES);
  add(Buffer.from("http://a/last c"));
  fs.writeFileSync(file, Buffer.concat(parts));
}

let dir: string;
let file: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-jobs-"));
  file = path.join(dir, "uris.txt");
  makeFile(file);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The binary (or another copy of it) with `args`, standard input from `stdin`: a file, or bytes through a pipe. */
function bin(args: string[], stdin?: { file: string } | { bytes: Buffer }, binary = BIN): Result {
  const env = { ...process.env, NO_COLOR: "", FORCE_COLOR: "1" };
  let fd: number | undefined;
  try {
    if (stdin !== undefined && "file" in stdin) fd = fs.openSync(stdin.file, "r");
    const r = spawnSync(process.execPath, [binary, ...args], {
      stdio: [fd ?? "pipe", "pipe", "pipe"],
      input: stdin !== undefined && "bytes" in stdin ? stdin.bytes : undefined,
      env,
      maxBuffer: 1 << 28,
    });
    return { status: r.status, stdout: r.stdout.toString("latin1"), stderr: r.stderr.toString("latin1") };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Every run below caps lines at 1.2 MB: the 1.1 MB line is read, the 2.5 MB one is not. */
const CAP = ["--max-line-bytes", String(Math.floor(1.2 * BLOCK_BYTES))];

describe("--jobs: the same output on one thread and on several", () => {
  test("the file is what the tests need", () => {
    const bytes = fs.readFileSync(file);
    // "é" cut by the end of the first read; a CRLF by the end of the second (13 bytes short of a block).
    expect([bytes[BLOCK_BYTES - 1], bytes[BLOCK_BYTES]]).toEqual([0xc3, 0xa9]);
    expect(bytes.toString("latin1", 2 * BLOCK_BYTES - 14, 2 * BLOCK_BYTES - 12)).toBe("\r\n");
    const one = bin(["check", ...CAP, "--jobs", "1", "-f", file]);
    expect(one.status).toBe(1);
    // Colour is on (FORCE_COLOR), so that the dim labels around the line numbers are compared too.
    expect(one.stdout).toMatch(new RegExp(`^${DIM}[^\\n]*uris\\.txt:\\d+: ${UNDIM}`, "m"));
    expect(one.stdout).toContain("http://a/caf\u00c3\u00a9 x\n"); // é, in the latin1 of the comparison
    expect(one.stdout).toMatch(/http:\/\/c\/ d\n/);
    expect(one.stdout).toContain("http://a/last c\n");
    expect(one.stdout).toContain("error[control-character]");
    expect(one.stderr).toMatch(/uris\.txt:\d+: not UTF-8 \(the bytes at offset 4 of the line do not decode\)/);
    expect(one.stderr).toMatch(/uris\.txt:\d+: 2621450 bytes, longer than --max-line-bytes \(1258291\)/);
    expect(one.stdout).toMatch(new RegExp(`\\n${ESC}\\[31m\\d+ valid, \\d+ invalid${ESC}\\[39m\\n$`));
  });

  test.each([
    [[] as string[]],
    [["--json", "--fix"]],
    [["--warnings", "--error", "uppercase-host"]],
    [["-q", "--max-line-bytes", "60"]],
    [["--rfc2732"]],
    [["--rfc2732", "--json"]],
  ])("check %j -f FILE: --jobs 2 and --jobs 1 agree", (options) => {
    const args = ["check", ...CAP, ...options];
    const one = bin([...args, "--jobs", "1", "-f", file]);
    const two = bin([...args, "--jobs", "2", "-f", file]);
    expect(one.stdout.length).toBeGreaterThan(0);
    expect(two).toEqual(one);
  });

  test("standard input from the file, on three threads, and through a pipe", () => {
    const args = ["check", ...CAP];
    const one = bin([...args, "--jobs", "1"], { file });
    expect(bin([...args, "--jobs", "3"], { file })).toEqual(one);
    // A pipe is read as a stream, on one thread: the same again.
    expect(bin(args, { bytes: fs.readFileSync(file) })).toEqual(one);
    expect(one.stdout).toMatch(new RegExp(`^${DIM}line \\d+: ${UNDIM}`, "m"));
  });

  test("a worker that fails to start leaves its share to the main thread", () => {
    // A copy of the build whose worker throws as it loads.
    const copy = path.join(dir, "dist");
    fs.cpSync(path.join(ROOT, "dist"), copy, {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}esm`),
    });
    fs.writeFileSync(path.join(copy, "cli", "check-worker.js"), 'throw new Error("no worker here");\n');
    const args = ["check", ...CAP, "-f", file];
    const want = bin([...args, "--jobs", "1"]);
    expect(bin([...args, "--jobs", "2"], undefined, path.join(copy, "cli", "main.js"))).toEqual(want);
  });

  test("--jobs takes a whole number from 1; the help says what it does", () => {
    for (const bad of ["0", "x", "-1", "1.5", "65"]) {
      const r = bin(["check", `--jobs=${bad}`, "http://a/"]);
      expect([bad, r.status, r.stderr.split("\n")[0]]).toEqual([
        bad,
        2,
        `rfc2396 check: --jobs takes a whole number of threads, from 1 to 64; got '${bad}'`,
      ]);
    }
    expect(bin(["check", "--jobs", "4", "http://a/"]).stdout).toBe("1 valid, 0 invalid\n");
    expect(bin(["check", "--help"]).stdout).toMatch(/--jobs N {8}check a regular file/);
  });
});

test("stretches of short lines among longer ones are counted as lines checked alone", () => {
  shortLinesCounted(2396);
});
