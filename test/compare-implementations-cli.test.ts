// rfc2396 compare --implementations and --validator/--fetcher: the library
// columns beside the specs, and the pair's check with its exit status (0 when
// the pair agrees, 1 when it does not, 2 on a usage error). In-process through
// main() with fake streams, as test/cli-compare.test.ts does.
import { jsonRecords, runCli } from "./cli-run";
import { IMPLEMENTATION_NAMES, compare } from "../src/compare";

const run = (argv: string[], stdin: string[] = []) => runCli(argv, { stdin });

const records = jsonRecords;

const BACKSLASH = "http://example.com\\@evil.com";

describe("rfc2396 compare --implementations", () => {
  test("--json: the library's comparison, implementations and all", async () => {
    const r = await run([
      "compare",
      "--json",
      "--specs",
      "rfc2396,rfc2732",
      "--implementations",
      "java.net.URI",
      "s://123",
    ]);
    const [record] = records(r.out);
    const expected = JSON.parse(
      JSON.stringify(compare("s://123", { specs: ["rfc2396", "rfc2732"], implementations: ["java.net.URI"] })),
    );
    expect(record).toEqual({ ...expected, base: null, line: null });
    expect((record.differences as { code: string }[]).map((d) => d.code)).toEqual(["java-numeric-label"]);
    expect(r.code).toBe(1);
  });

  test("all: every row of the implementations table; --specs none: no spec", async () => {
    const r = await run(["compare", "--json", "--specs", "none", "--implementations", "all", "http://a/"]);
    const [record] = records(r.out);
    expect(Object.keys(record.implementations as object)).toEqual([...IMPLEMENTATION_NAMES]);
    expect(record.specs).toEqual({});
    expect(record.agree).toBe(true);
    expect(r.code).toBe(0);
  });

  test("the text: a line per library, with the host it connects to, and the readers' verdict", async () => {
    const r = await run([
      "compare",
      "--specs",
      "rfc3986",
      "--implementations",
      "python.urlsplit,node.url.parse",
      BACKSLASH,
    ]);
    expect(r.out).toMatch(
      /^ {2}python\.urlsplit {2}valid {4}scheme "http", .*host "evil\.com".*; connects to "evil\.com"$/m,
    );
    expect(r.out).toMatch(/^ {2}node\.url\.parse {3}valid {4}.*; connects to "example\.com"$/m);
    expect(r.out).toMatch(/^ {2}rfc3986 {10}invalid at 18/m);
    expect(r.out).toMatch(/^ {2}backslash {2}.*node\.url\.parse \/ rfc3986$/m);
    expect(r.out).toContain("nodejs/node lib/url.js");
    expect(r.out).toMatch(/the readers disagree\n$/);
    expect(r.code).toBe(1);
  });

  test("usage errors: an unknown implementation, none, an unknown reader, half a pair", async () => {
    for (const argv of [
      ["compare", "--implementations", "java.net.uri", "x"],
      ["compare", "--implementations", ",", "x"],
      ["compare", "--specs", "none", "x"],
      ["compare", "--validator", "python.urlsplit", "x"],
      ["compare", "--fetcher", "curl.x", "x"],
      ["compare", "--validator", "python.urlsplit", "--fetcher", "wget", "x"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(/^rfc2396 compare: /);
    }
    expect((await run(["compare", "--implementations", "java.net.uri", "x"])).err).toContain("java.net.URI");
  });
});

describe("rfc2396 compare --validator --fetcher", () => {
  test("exit 1 when they disagree, with the attacker's host; 0 when they agree", async () => {
    const bad = await run(["compare", "--validator", "python.urlsplit", "--fetcher", "node.url.parse", BACKSLASH]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^ {2}validator python\.urlsplit {2}scheme "http", host "evil\.com", port \(none\)$/m);
    expect(bad.out).toMatch(/^ {2}fetcher {3}node\.url\.parse {3}scheme "http", host "example\.com", port \(none\)$/m);
    expect(bad.out).toMatch(/the validator and the fetcher disagree: the fetcher connects to "example\.com"\n$/);
    const good = await run([
      "compare",
      "--validator",
      "python.urlsplit",
      "--fetcher",
      "go.net/url",
      "HTTP://Example.COM:80/",
    ]);
    expect(good.code).toBe(0);
    expect(good.out).toMatch(/the validator and the fetcher agree\n$/);
  });

  test("the exit status is the pair's, whatever the other columns say", async () => {
    // RFC 2396 reads no host in "http://a_b/"; the pair reads a_b alike.
    const r = await run([
      "compare",
      "--specs",
      "rfc2396",
      "--validator",
      "whatwg",
      "--fetcher",
      "python.urlsplit",
      "http://a_b/",
    ]);
    expect(r.code).toBe(0);
    const c = compare("http://a_b/", { specs: ["rfc2396"], validator: "whatwg", fetcher: "python.urlsplit" });
    expect(c.agree).toBe(false);
    expect(c.pair!.agree).toBe(true);
  });

  test("--json: the record has the pair; one input of several that disagrees makes the exit 1", async () => {
    const r = await run(
      ["compare", "--json", "--validator", "java.net.URI", "--fetcher", "go.net/url"],
      ["http://a/\n", "http://[::1]:80@evil/\n", "http://1.2.3.256/\n"],
    );
    const got = records(r.out);
    expect(got.map((x) => (x.pair as { agree: boolean }).agree)).toEqual([true, true, false]);
    expect(got[2].pair).toMatchObject({ validator: "java.net.URI", fetcher: "go.net/url", attackerHost: "1.2.3.256" });
    expect(Object.keys(got[2].implementations as object)).toEqual(["java.net.URI", "go.net/url"]);
    expect(r.code).toBe(1);
  });
});
