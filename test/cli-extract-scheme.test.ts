// rfc2396 extract --scheme LIST (issue 30, point 7): only the URIs of the
// schemes listed, in any case; relative references, which have none, left out.
import { Readable } from "node:stream";
import { type CliIo, main } from "../src/cli/main";

async function run(argv: string[], text: string) {
  const chunks = { out: [] as string[], err: [] as string[] };
  const stream = (to: string[]): CliIo["stdout"] => ({
    write: (c: string) => (to.push(c), true),
    once: () => undefined,
  });
  const code = await main(argv, {
    stdin: Readable.from([Buffer.from(text)]),
    stdout: stream(chunks.out),
    stderr: stream(chunks.err),
    isTTY: { stdin: false, stdout: false, stderr: false },
    env: {},
  });
  return { code, out: chunks.out.join(""), err: chunks.err.join("") };
}

const uris = (out: string): string[] =>
  out
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.split("\t")[2]);

const TEXT = `See http://a/b, <HTTPS://c/d>, ftp://e/f and <mailto:g@h>; also "../rel" and <news:x>.
Bad: http://a/b|c and ftp://x/y|z.
`;

describe("extract --scheme", () => {
  test("keeps the URIs of the schemes listed, whatever their case", async () => {
    expect(uris((await run(["extract"], TEXT)).out)).toEqual([
      "http://a/b",
      "HTTPS://c/d",
      "ftp://e/f",
      "mailto:g@h",
      "news:x",
    ]);
    expect(uris((await run(["extract", "--scheme", "http,https"], TEXT)).out)).toEqual(["http://a/b", "HTTPS://c/d"]);
    expect(uris((await run(["extract", "--scheme", "MAILTO", "--scheme", "news"], TEXT)).out)).toEqual([
      "mailto:g@h",
      "news:x",
    ]);
  });

  test("a relative reference has no scheme; --invalid candidates are filtered too", async () => {
    const rel = await run(["extract", "--relative", "--scheme", "http"], TEXT);
    expect(uris(rel.out)).toEqual(["http://a/b"]);
    const all = await run(["extract", "--relative"], TEXT);
    expect(uris(all.out)).toContain("../rel");
    const bad = await run(["extract", "--invalid", "--json", "--scheme", "ftp"], TEXT);
    expect(bad.code).toBe(1);
    const records = bad.out
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { input: string; valid: boolean });
    expect(records.map((r) => [r.input, r.valid])).toEqual([
      ["ftp://e/f", true],
      ["ftp://x/y|z", false],
    ]);
    // No ftp candidate is invalid in the first line alone: exit 0.
    expect((await run(["extract", "--invalid", "--scheme", "ftp"], TEXT.split("\n")[0])).code).toBe(0);
  });

  test.each([["h p"], [""], ["http,"], ["1http"]])("--scheme %j is a usage error", async (value) => {
    const r = await run(["extract", "--scheme", value], TEXT);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not a scheme");
  });
});
