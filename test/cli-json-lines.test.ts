// --json gives a record for every line of the input (issue 30, point 5): a
// line that is not UTF-8, or longer than --max-line-bytes, is a record too
// ("input": null, "valid": false, the code and the byte offset), so that
// joining the records to the input by line never loses a row.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runCli } from "./cli-run";

async function run(argv: string[], stdin: Buffer = Buffer.alloc(0)) {
  const { code, out, err } = await runCli(argv, { stdin: [stdin] });
  const records = out
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => (l.startsWith("{") ? (JSON.parse(l) as Record<string, unknown>) : { text: l }));
  return { code, records, err };
}

// Line 1 valid, 2 not UTF-8 (its third byte), 3 blank, 4 invalid, 5 longer than 40 bytes, 6 valid (no LF).
const INPUT = Buffer.concat([
  Buffer.from("http://a/b\nht\xfftp://x/\n\nhttp://a/b c\n", "latin1"),
  Buffer.from(`http://a/${"x".repeat(40)}\nhttp://a/last`, "latin1"),
]);
const MAX = ["--max-line-bytes", "40"];

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-json-"));
  file = path.join(dir, "uris.txt");
  fs.writeFileSync(file, INPUT);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function expectBadRecords(records: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const utf8 = records.find((r) => r.line === 2);
  expect(utf8).toMatchObject({ input: null, valid: false, ...extra });
  expect((utf8!.diagnostics as unknown[])[0]).toMatchObject({ code: "invalid-utf8", byteOffset: 2, severity: "error" });
  const long = records.find((r) => r.line === 5);
  expect(long).toMatchObject({ input: null, valid: false, ...extra });
  expect((long!.diagnostics as unknown[])[0]).toMatchObject({ code: "line-too-long", bytes: 49, severity: "error" });
}

describe("every line is a record", () => {
  test.each([
    ["parse", [] as string[], {}],
    ["normalize", [], {}],
    ["resolve", ["http://a/b/"], { base: "http://a/b/" }],
    ["parse", ["--cst"], {}],
  ])("%s %j --json: one record per line that is not blank, from stdin and from -f", async (name, args, extra) => {
    for (const input of [["-"], ["-f", file]]) {
      const r = await run([name, "--json", ...MAX, ...args, ...input], INPUT);
      expect(r.code).toBe(1);
      expect(r.records.map((x) => x.line)).toEqual([1, 2, 4, 5, 6]);
      expect(r.records.filter((x) => x.valid === false).map((x) => x.line)).toEqual([2, 4, 5]);
      if (input[0] === "-f") for (const x of r.records) expect(x.file).toBe(file);
      expectBadRecords(r.records, extra);
      // The records say it all: stderr has no line about them.
      expect(r.err).not.toContain("not UTF-8");
    }
  });

  test.each([[["-"]], [["-f", "FILE"]], [["-f", "FILE", "--jobs", "2"]]])(
    "check --json %j: a record for each line with a problem, unreadable ones included",
    async (input) => {
      const r = await run(["check", "--json", ...MAX, ...input.map((a) => (a === "FILE" ? file : a))], INPUT);
      expect(r.code).toBe(1);
      expect(r.records.map((x) => x.line)).toEqual([2, 4, 5]);
      expectBadRecords(r.records, { omitted: 0, fixed: null });
      expect(r.err).toBe("2 valid, 3 invalid\n");
    },
  );

  test("check -q --json: the summary only, as for any invalid input", async () => {
    const r = await run(["check", "-q", "--json", ...MAX], INPUT);
    expect(r).toMatchObject({ code: 1, records: [], err: "2 valid, 3 invalid\n" });
  });

  test("without --json, unreadable lines stay lines of stderr", async () => {
    const r = await run(["normalize", ...MAX], INPUT);
    expect(r.err).toContain("rfc2396 normalize: line 2: not UTF-8 (the bytes at offset 2 of the line do not decode)");
    expect(r.err).toContain("rfc2396 normalize: line 5: 49 bytes, longer than --max-line-bytes (40)");
  });

  test("extract --json: where the reading stops is the last record", async () => {
    const text = Buffer.from("see http://a/b here\n\nthen b\xffc http://x/\n", "latin1");
    const r = await run(["extract", "--json"], text);
    expect(r.code).toBe(1);
    expect(r.records.map((x) => x.input)).toEqual(["http://a/b", null]);
    expect(r.records[1]).toMatchObject({ line: 3, valid: false, start: null, end: null });
    expect((r.records[1].diagnostics as unknown[])[0]).toMatchObject({
      code: "invalid-utf8",
      byteOffset: 6,
      inputByteOffset: 27,
    });
    const long = await run(["extract", "--json", "--max-line-bytes", "10"], Buffer.from("http://a/b/c/d/e\n"));
    expect(long.records).toHaveLength(1);
    expect(long.records[0]).toMatchObject({ input: null, line: 1, valid: false });
    expect((long.records[0].diagnostics as unknown[])[0]).toMatchObject({ code: "line-too-long" });
  });
});
