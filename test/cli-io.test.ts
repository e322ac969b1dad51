// The command line's input and output faults (issue: hostile input at every door):
// bytes that are not UTF-8 are an error on their line, never replaced or "fixed";
// a line over the cap is an error for that line; a directory or an unreadable
// standard input is exit 2; a write error is exit 2 with one line on stderr;
// a closed stdout (| head) stays quiet.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { firstInvalidUtf8, readLines, StrictUtf8, type LineProblem } from "../src/cli/io";

const BIN = path.join(__dirname, "..", "dist", "cli", "main.js");

function run(args: string[], input: Buffer | string | undefined, opts: { stdio?: "dir" } = {}) {
  if (opts.stdio === "dir") {
    const fd = fs.openSync(os.tmpdir(), "r");
    try {
      return spawnSync(process.execPath, [BIN, ...args], { stdio: [fd, "pipe", "pipe"], encoding: "utf8" });
    } finally {
      fs.closeSync(fd);
    }
  }
  return spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8" });
}

/** Feeds `chunks` to readLines and returns what it reported, in order. */
async function lines(chunks: (string | Uint8Array)[], max?: number): Promise<(string | LineProblem)[]> {
  const out: (string | LineProblem)[] = [];
  async function* source() {
    for (const c of chunks) yield c;
  }
  await readLines(
    source(),
    (line) => out.push(line),
    () => {},
    (problem) => out.push(problem),
    max,
  );
  return out;
}

describe("readLines", () => {
  test("lines, CRLF, a last line without LF, a BOM at the start", async () => {
    expect(await lines(["\ufeffa\r\nb\n", "c"])).toEqual(["a", "b", "c"]);
  });

  test("a UTF-8 sequence split across chunks is one character", async () => {
    const bytes = Buffer.from("x\u00e9\u20ac\u{1f600}y\n", "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await lines([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(["x\u00e9\u20ac\u{1f600}y"]);
    }
  });

  test("a line that is not UTF-8 is reported with the offset of its first bad byte, and the others read", async () => {
    const latin1 = Buffer.from("http://a/\xe9t\xe9\nhttp://b/\n", "latin1");
    expect(await lines([latin1])).toEqual([{ kind: "invalid-utf8", byteOffset: 9 }, "http://b/"]);
    // Overlong forms, surrogates, a truncated sequence at the end of a line.
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0xff]]) {
      expect(await lines([Buffer.from([0x61, ...bad, 0x0a])])).toEqual([{ kind: "invalid-utf8", byteOffset: 1 }]);
    }
  });

  test("a line over the cap is reported with its length, split across chunks or not, and not kept", async () => {
    expect(await lines(["ab\n", "x".repeat(20) + "\ncd\n"], 10)).toEqual(["ab", { kind: "too-long", bytes: 20 }, "cd"]);
    expect(await lines(["ab\nxxxxxx", "xxxxxx", "xxxxx\ncd"], 10)).toEqual([
      "ab",
      { kind: "too-long", bytes: 17 },
      "cd",
    ]);
    expect(await lines(["x".repeat(11)], 10)).toEqual([{ kind: "too-long", bytes: 11 }]);
    expect(await lines(["x".repeat(10)], 10)).toEqual(["x".repeat(10)]);
  });

  test("firstInvalidUtf8 agrees with a strict decoder on random bytes", () => {
    const strict = new TextDecoder("utf-8", { fatal: true });
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pool = [0x41, 0x80, 0xbf, 0xc2, 0xc0, 0xdf, 0xe0, 0xa0, 0xed, 0x9f, 0xef, 0xf0, 0x90, 0xf4, 0x8f, 0xf5, 0xff];
    for (let k = 0; k < 5000; k++) {
      const bytes = Uint8Array.from(
        { length: 1 + Math.floor(rand() * 6) },
        () => pool[Math.floor(rand() * pool.length)],
      );
      let valid = true;
      try {
        strict.decode(bytes);
      } catch {
        valid = false;
      }
      expect([Array.from(bytes), firstInvalidUtf8(bytes) < 0]).toEqual([Array.from(bytes), valid]);
    }
  });
});

describe("the binary's input and output", () => {
  test("check: a line that is not UTF-8 is an error with its byte offset; nothing is replaced or fixed", () => {
    const r = run(["check", "--fix"], Buffer.from("http://a/\xe9t\xe9\nhttp://b/\n", "latin1"));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "rfc2396 check: line 1: not UTF-8 (the bytes at offset 9 of the line do not decode); the line is not read, and not repaired\n",
    );
    expect(r.stdout).toBe("1 valid, 1 invalid\n");
    expect(r.stdout + r.stderr).not.toMatch(/%EF%BF%BD|\ufffd/);
  });

  test("parse and normalize report such a line too, and exit 1", () => {
    for (const command of ["parse", "normalize", "resolve"]) {
      const args = command === "resolve" ? [command, "http://a/b"] : [command];
      const r = run(args, Buffer.from("\xff\n", "latin1"));
      expect([command, r.status, r.stderr]).toEqual([
        command,
        1,
        `rfc2396 ${command}: line 1: not UTF-8 (the bytes at offset 0 of the line do not decode); the line is not read, and not repaired\n`,
      ]);
    }
  });

  test("a line over --max-line-bytes is an error for that line; the next lines are read", () => {
    const r = run(["check", "--max-line-bytes", "100"], "x".repeat(101) + "\nhttp://a/\n");
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "rfc2396 check: line 1: 101 bytes, longer than --max-line-bytes (100); the line is not read\n",
    );
    expect(r.stdout).toBe("1 valid, 1 invalid\n");
    const bad = run(["check", "--max-line-bytes", "0"], "");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^rfc2396 check: --max-line-bytes takes a whole number of bytes, at least 1; got '0'\n/);
  });

  test("NUL is a control character like any other", () => {
    const r = run(["check", "-q"], "a\u0000b\n");
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("0 valid, 1 invalid\n");
    const shown = run(["check"], "a\u0000b\n");
    expect(shown.stdout).toMatch(/error\[control-character\] at offset 1 .*U\+0000 \(NUL\)/);
  });

  test("a directory as standard input is exit 2 with one line on stderr", () => {
    for (const command of ["check", "parse", "normalize"]) {
      const r = run([command], undefined, { stdio: "dir" });
      expect([command, r.status, r.stdout, r.stderr]).toEqual([
        command,
        2,
        "",
        `rfc2396 ${command}: cannot read standard input: EISDIR: standard input is a directory\n`,
      ]);
    }
    const file = run(["check", "-f", os.tmpdir()], undefined);
    expect(file.status).toBe(2);
    expect(file.stderr).toMatch(/^rfc2396 check: cannot read .*EISDIR/);
  });

  test("a write error on stdout (a full disk) is exit 2 with one line on stderr", () => {
    if (!fs.existsSync("/dev/full")) throw new Error("this test needs /dev/full (Linux)");
    const fd = fs.openSync("/dev/full", "w");
    try {
      const r = spawnSync(process.execPath, [BIN, "parse", "http://a/b"], {
        stdio: ["pipe", fd, "pipe"],
        encoding: "utf8",
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe("rfc2396: cannot write to standard output: ENOSPC\n");
    } finally {
      fs.closeSync(fd);
    }
  });

  test("a reader that goes away (| head) ends the run quietly", () => {
    const r = spawnSync(
      "sh",
      ["-c", `yes http://a/b | head -n 200000 | "${process.execPath}" "${BIN}" parse | head -n 1`],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("input          http://a/b\n");
    expect(r.stderr).toBe("");
  });
});

describe("StrictUtf8 (extract and links)", () => {
  /** Decodes `bytes` fed in pieces cut at `cuts`: the text, and the failure's fields. */
  function decode(bytes: Uint8Array, cuts: number[]) {
    const d = new StrictUtf8();
    let text = "";
    let from = 0;
    for (const c of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
      text += d.write(bytes.subarray(from, c));
      from = c;
    }
    text += d.end();
    const f = d.failure;
    if (f === undefined) return { text, failure: undefined };
    // What was given is all well-formed text before the bad byte (a first byte order mark aside).
    const before = Buffer.from(bytes.subarray(0, f.byteOffset))
      .toString("utf8")
      .replace(/^\ufeff/, "");
    expect(before.startsWith(text)).toBe(true);
    return { text: text.slice(0, text.lastIndexOf("\n") + 1), failure: [f.byteOffset, f.line, f.column] };
  }

  /** What a whole-input reading gives: the text of the lines before the bad one, and where it is. */
  function expected(bytes: Buffer) {
    const bad = firstInvalidUtf8(bytes);
    if (bad < 0) return { text: bytes.toString("utf8").replace(/^\ufeff/, ""), failure: undefined };
    // A byte order mark at the start is no text, and starts no line.
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const lineStart = Math.max(bom, bad === 0 ? 0 : bytes.lastIndexOf(0x0a, bad - 1) + 1);
    const line = bytes.subarray(0, bad).filter((b) => b === 0x0a).length + 1;
    return { text: bytes.subarray(bom, lineStart).toString("utf8"), failure: [bad, line, bad - lineStart] };
  }

  test("gives the same text and failure however the bytes are cut", () => {
    // Characters, as UTF-8; and bytes that are not UTF-8, as written (latin1 keeps them).
    const good = ["a", "\n", "\u00e9", "\u20ac", "\u{1f600}", "\ufeff"].map((c) => Buffer.from(c, "utf8"));
    const bad = ["\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf"].map((b) => Buffer.from(b, "latin1"));
    const parts = [...good, ...good, ...bad];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...parts), { maxLength: 30 }),
        fc.array(fc.nat(120), { maxLength: 8 }),
        (pieces, cuts) => {
          const bytes = Buffer.concat(pieces);
          expect(decode(bytes, cuts)).toEqual(expected(bytes));
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("extract reports the URIs before the paragraph of a line that is not UTF-8, then the line, and exits 1", () => {
    const r = run(
      ["extract"],
      Buffer.from("see http://a/ok\n\nsee http://a/n\nthen http://a/\xe9t\xe9 and http://b/\nhttp://c/\n", "latin1"),
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("4\t15\thttp://a/ok\n");
    expect(r.stderr).toBe(
      "rfc2396 extract: line 4: not UTF-8 (the bytes at offset 14 of the line, 46 of the input, do not decode); the URIs before its paragraph are above; the paragraph and the rest are not read, and not repaired\n",
    );
    expect(r.stdout + r.stderr).not.toMatch(/%EF%BF%BD|\ufffd/);
  });

  test("a URI that continues onto a line that is not UTF-8 is not reported cut short", () => {
    for (const text of ["<http://a/b-\n\xffc>\n", "see http://a/b-\n  \xffc\n", "<http://a/b\n\xffc>\n"]) {
      const r = run(["extract"], Buffer.from(text, "latin1"));
      expect([text, r.status, r.stdout]).toEqual([text, 1, ""]);
    }
  });

  test("a byte order mark is no text: offsets and columns count from after it, as check's do", () => {
    const ok = run(["extract"], Buffer.from("\xef\xbb\xbfhttp://a/x\n", "latin1"));
    expect([ok.status, ok.stdout]).toEqual([0, "0\t10\thttp://a/x\n"]);
    const input = Buffer.from("\xef\xbb\xbfhttp://a/\xff\n", "latin1");
    expect(run(["extract"], input).stderr).toMatch(
      /^rfc2396 extract: line 1: not UTF-8 \(the bytes at offset 9 of the line, 12 of the input,/,
    );
    expect(run(["check"], input).stderr).toMatch(
      /^rfc2396 check: line 1: not UTF-8 \(the bytes at offset 9 of the line/,
    );
  });

  test("links refuses a document that is not UTF-8, with the offset", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-utf8-"));
    const file = path.join(dir, "page.html");
    fs.writeFileSync(file, Buffer.from('<p>\n<a href="http://a/\xe9">x</a>', "latin1"));
    const r = run(["links", "--base", "http://a/", file], undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "rfc2396 links: line 2: not UTF-8 (the bytes at offset 18 of the line, 22 of the input, do not decode); the document is not read, and not repaired\n",
    );
  });
});
