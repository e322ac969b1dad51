// rfc2396 compare: each input read by every spec, its differences and the
// verdict, as text or one JSON record per input; exit 1 when the specs
// disagree. In-process through main() with fake streams (the rfc2732
// column reads the built profile: npm run build).
import { jsonRecords, runCli } from "./cli-run";
import { compare } from "../src/compare";

const run = (argv: string[], stdin: (string | Uint8Array)[] = []) => runCli(argv, { stdin });

const records = jsonRecords;

describe("rfc2396 compare", () => {
  test("exit 0 when the specs agree, 1 when they do not", async () => {
    expect((await run(["compare", "http://example.com/a"])).code).toBe(0);
    expect((await run(["compare", "http://example.com/a", "http://evil.example\\@good.example/"])).code).toBe(1);
    // Only normalizations: they agree.
    expect((await run(["compare", "HTTP://EXAMPLE.COM:80"])).code).toBe(0);
  });

  test("--json: one record per input, the library's comparison with the input's place", async () => {
    const inputs = ["http://%31%32%37.0.0.1/", "?y", "mailto:a@b?x"];
    const r = await run(["compare", "--json", "--base", "http://a/b/c/d;p?q", ...inputs]);
    const got = records(r.out);
    expect(got).toHaveLength(3);
    for (const [i, record] of got.entries()) {
      const expected = JSON.parse(JSON.stringify(compare(inputs[i], { base: "http://a/b/c/d;p?q" })));
      expect(record).toEqual({ ...expected, line: null });
    }
  });

  test("without a base, the JSON record says base: null", async () => {
    const [record] = records((await run(["compare", "--json", "g"])).out);
    expect(record.base).toBeNull();
    expect(record.agree).toBe(false);
  });

  test("--specs: only those, in the order of the specs", async () => {
    const r = await run(["compare", "--json", "--specs", "whatwg,rfc3986", "http://a/"]);
    expect(Object.keys(records(r.out)[0].specs as object)).toEqual(["rfc3986", "whatwg"]);
    const text = await run(["compare", "--specs", "whatwg", "http://a/"]);
    expect(text.out).toMatch(/^ {2}whatwg {8}valid/m);
    expect(text.out).not.toMatch(/rfc2396/);
  });

  test("the text shows verdicts, components, the differences with their citations, and the verdict", async () => {
    const r = await run(["compare", "http://evil.example\\@good.example/"]);
    expect(r.out).toMatch(/^ {2}rfc2396 {7}invalid at 19 \(userinfo\)/m);
    expect(r.out).toMatch(
      /^ {2}whatwg {8}valid {4}scheme "http", authority "evil.example", host "evil.example" \(domain\), path "\/@good.example\/"$/m,
    );
    expect(r.out).toMatch(/^ {2}backslash {2}userinfo: whatwg \/ rfc2396, rfc2732, rfc3986, rfc3986\+6874, rfc3987$/m);
    expect(r.out).toContain("RFC 2396 2.4.3");
    expect(r.out).toMatch(/the specs disagree\n$/);
  });

  test("reads lines from standard input, as check does, with their line numbers", async () => {
    const r = await run(["compare", "--json"], ["http://a/\n\n", "http://[::1]/\n"]);
    const got = records(r.out);
    expect(got.map((x) => [x.input, x.line, x.agree])).toEqual([
      ["http://a/", 1, true],
      ["http://[::1]/", 3, false],
    ]);
    expect(r.code).toBe(1);
  });

  test("a line that is not UTF-8 is a record of its own, and exit 1", async () => {
    const r = await run(["compare", "--json"], [new Uint8Array([0x68, 0xff, 0x0a]), "http://a/\n"]);
    const got = records(r.out);
    expect(got[0]).toMatchObject({ input: null, line: 1, base: null, valid: false });
    expect(got[1]).toMatchObject({ input: "http://a/", agree: true });
    expect(r.code).toBe(1);
  });

  test("usage errors: an unknown spec, no spec, --rfc2732", async () => {
    for (const argv of [
      ["compare", "--specs", "rfc1738", "x"],
      ["compare", "--specs", ",", "x"],
      ["compare", "--rfc2732", "x"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(/^rfc2396 compare: /);
    }
  });

  test("a long input is shown cut, and still compared whole", async () => {
    const input = "http://a/" + "b".repeat(100_000);
    const r = await run(["compare", "--specs", "rfc3986,whatwg", input]);
    expect(r.code).toBe(0);
    expect(r.out.split("\n").every((l) => l.length < 1000)).toBe(true);
  });
});
