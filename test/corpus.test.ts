// The real URIs of data/corpus: components against Appendix B's split,
// and every messy string rejected at a bad character.
import { parse, tryParse, UriSyntaxError } from "../src";
import { APPENDIX_B, corpusLines } from "./helpers";

describe("uris.txt: components agree with Appendix B's regular expression", () => {
  const lines = corpusLines("uris.txt");
  const valid: string[] = [];
  const invalid: UriSyntaxError[] = [];
  for (const line of lines) {
    const r = tryParse(line);
    if (r.ok) valid.push(line);
    else invalid.push(r.error);
  }

  test("the corpus is read and nearly all of it is valid", () => {
    expect(lines.length).toBeGreaterThan(50000);
    expect(valid.length).toBeGreaterThan(lines.length - 100);
  });

  test("every valid line splits as Appendix B splits it (the opaque part holds its '?')", () => {
    const mismatches: string[] = [];
    for (const line of valid) {
      const c = parse(line);
      const m = APPENDIX_B.exec(line) as RegExpExecArray;
      const expected = {
        scheme: m[2],
        authority: m[4],
        // 3: for an opaque URI the grammar's path is the whole opaque_part;
        // Appendix B, a generic splitter, cuts a query out of it.
        path: c.opaque ? m[5] + (m[6] ?? "") : m[5],
        query: c.opaque ? undefined : m[7],
        fragment: m[9],
      };
      const got = { scheme: c.scheme, authority: c.authority, path: c.path, query: c.query, fragment: c.fragment };
      if (JSON.stringify(got) !== JSON.stringify(expected))
        mismatches.push(`${line}: ${JSON.stringify(got)} vs ${JSON.stringify(expected)}`);
    }
    expect(mismatches).toEqual([]);
  });

  test("a URI is opaque exactly when no '/' follows its scheme's colon; only absolute URIs have a scheme", () => {
    let absolute = 0;
    for (const line of valid) {
      const c = parse(line);
      if ((c.kind === "absolute") !== (c.scheme !== undefined)) throw new Error(`${line} is ${c.kind}`);
      if (c.scheme === undefined) continue;
      absolute++;
      if (c.opaque !== (line[c.scheme.length + 1] !== "/")) throw new Error(`${line}: opaque ${c.opaque}`);
    }
    expect(absolute).toBeGreaterThan(valid.length * 0.99);
  });

  test("each invalid line is rejected at a character that cannot stand there", () => {
    for (const e of invalid) {
      const at = e.input[e.offset];
      const ok =
        (e.code === "invalid-escape" && at === "%" && !/^%[0-9A-Fa-f]{2}/.test(e.input.slice(e.offset))) ||
        (e.code === "second-fragment" && at === "#" && e.input.indexOf("#") < e.offset) ||
        (e.code === "missing-scheme-specific-part" &&
          e.input[e.offset - 1] === ":" &&
          (at === undefined || at === "#"));
      if (!ok) throw new Error(`${JSON.stringify(e.input)}: ${e.code} at ${e.offset}`);
    }
  });
});

describe("messy.jsonl: every string is rejected at a bad character", () => {
  const strings = corpusLines("messy.jsonl").map((line) => JSON.parse(line) as string);

  test("the file is read", () => {
    expect(strings.length).toBeGreaterThan(200);
  });

  test("none is a URI reference, and each error points into the input at a character RFC 2396 excludes there", () => {
    const excluded = /[^A-Za-z0-9\-_.!~*'();/?:@&=+$,%#]/;
    for (const s of strings) {
      const r = tryParse(s);
      if (r.ok) throw new Error(`${JSON.stringify(s)} was accepted`);
      const e = r.error;
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(e.offset).toBeLessThanOrEqual(s.length);
      const at = s[e.offset];
      const bad =
        (at !== undefined && excluded.test(at)) ||
        (at === "%" && !/^%[0-9A-Fa-f]{2}/.test(s.slice(e.offset))) ||
        (at === "#" && s.indexOf("#") < e.offset) ||
        (s[e.offset - 1] === ":" && e.code === "missing-scheme-specific-part");
      if (!bad)
        throw new Error(`${JSON.stringify(s)}: offset ${e.offset} (${JSON.stringify(at)}) is not at a bad character`);
      // Nothing before the offset is an excluded character: it is the first problem.
      expect(excluded.test(s.slice(0, e.offset))).toBe(false);
    }
  });
});
