// The parts of rfc2396 lint, each against an oracle of its own: positions
// against a naive count, the JSON scanner against JSON.parse, the URI glob
// against a RegExp, each reader on what it must find and must pass over,
// and every reader on hostile nesting (no stack overflow, a precise error).
import fc from "fast-check";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { positionsOf } from "../src/lint/positions";
import { decodeReferences } from "../src/lint/found";
import { jsonUris, NotJsonError, uriKeysOfSchema } from "../src/lint/json";
import { yamlUris, NotYamlError } from "../src/lint/yaml";
import { xmlUris, anyUriNames, NotXmlError } from "../src/lint/xml";
import { markdownUris, TooDeepError } from "../src/lint/markdown";
import { htmlUris } from "../src/lint/html";
import { textUris } from "../src/lint/text";
import { matchesUriGlob, loadConfig, ConfigError } from "../src/lint/config";
import { globToRegExp, walk } from "../src/lint/walk";
import { isTemplate } from "../src/lint/check";
import { lintBytes } from "../src/lint/readers";

/** The naive count: line and columns of `offset`, walking the text from its start. */
function naive(text: string, offset: number): { line: number; utf16: number; chars: number; bytes: number } {
  const before = text.slice(0, offset);
  const breaks = [...before.matchAll(/\r\n|\r|\n/g)];
  const last =
    breaks.length === 0 ? 0 : (breaks[breaks.length - 1].index as number) + breaks[breaks.length - 1][0].length;
  // A CR LF cut in two by `offset`: the CR is on the line it ends.
  const lineText = before.slice(last);
  return {
    line: breaks.length + 1,
    utf16: lineText.length + 1,
    chars: [...lineText].length + 1,
    bytes:
      Buffer.byteLength(
        lineText.replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => {
          const hi = c.charCodeAt(0) <= 0xdbff;
          const pair = hi ? /[\udc00-\udfff]/.test(s[i + 1] ?? "") : /[\ud800-\udbff]/.test(s[i - 1] ?? "");
          return pair ? c : "\ufffd";
        }),
      ) + 1,
  };
}

describe("positionsOf", () => {
  const text = fc.string({
    unit: fc.constantFrom("a", "\u00e9", "\u20ac", "\ud83d\ude00", "\r", "\n", "\r\n", "\t", " "),
  });
  test("agrees with a naive count at every offset that does not split a pair or a CR LF", () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 8 }), (t, picks) => {
        const offsets = picks
          .map((p) => p % (t.length + 1))
          .filter((o) => !(/[\ud800-\udbff]/.test(t[o - 1] ?? "") || (t[o - 1] === "\r" && t[o] === "\n")));
        const got = positionsOf(t, offsets);
        offsets.forEach((o, k) => expect(got[k]).toEqual(naive(t, o)));
      }),
    );
  });
  test("offsets in any order, and an offset outside the text is a RangeError", () => {
    expect(positionsOf("ab\ncd", [4, 0]).map((p) => [p.line, p.utf16])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    expect(() => positionsOf("ab", [3])).toThrow(RangeError);
  });
});

describe("decodeReferences", () => {
  test("each character of the value comes from its place in the source", () => {
    const { value, map } = decodeReferences("a&amp;b&#x41;\\)c&bogus;", true);
    expect(value).toBe("a&bA)c&bogus;");
    expect(map.slice(0, 6)).toEqual([0, 1, 6, 7, 13, 15]);
    expect(map[map.length - 1]).toBe(23);
    // Object.prototype's names are no references.
    expect(decodeReferences("&constructor;").value).toBe("&constructor;");
  });
});

describe("the JSON scanner", () => {
  const keys = new Set(["$ref", "url"]);
  /** The values of `keys` in document order, read with JSON.parse. */
  function oracle(v: unknown, out: string[] = []): string[] {
    if (Array.isArray(v)) for (const x of v) oracle(x, out);
    else if (typeof v === "object" && v !== null)
      for (const [k, x] of Object.entries(v)) {
        if (keys.has(k) && typeof x === "string") out.push(x);
        else oracle(x, out);
      }
    return out;
  }
  test("finds what JSON.parse finds, each character at its place", () => {
    const key = fc.constantFrom("$ref", "url", "a", "b");
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.integer(),
        fc.constant(null),
        tie("array"),
        tie("object"),
      ),
      array: fc.array(tie("value"), { maxLength: 4 }),
      object: fc.dictionary(key, tie("value"), { maxKeys: 4 }),
    })).value;
    fc.assert(
      fc.property(json, fc.boolean(), (v, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        const found = jsonUris(text, keys);
        expect(found.map((f) => f.value)).toEqual(oracle(v));
        for (const f of found) {
          for (let i = 0; i < f.value.length; i++) {
            const at = f.map === undefined ? f.start + i : f.map[i];
            // Each character is written there, or its escape starts there.
            expect(text[at] === f.value[i] || text[at] === "\\").toBe(true);
          }
        }
      }),
    );
  });
  test("a text that is not JSON is a NotJsonError with its offset, whatever the text", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        let ok = true;
        try {
          JSON.parse(s);
        } catch {
          ok = false;
        }
        try {
          jsonUris(s, keys);
          expect(ok).toBe(true);
        } catch (e) {
          expect(e).toBeInstanceOf(NotJsonError);
          expect(ok).toBe(false);
        }
      }),
    );
    expect(() => jsonUris('{"$ref": "a"', keys)).toThrow(expect.objectContaining({ offset: 12 }));
  });
  test("any depth, without recursion", () => {
    const n = 200000;
    expect(jsonUris("[".repeat(n) + '{"$ref":"a b"}' + "]".repeat(n), keys).map((f) => f.start)).toEqual([n + 9]);
  });
});

describe("JSON Schema's format uri", () => {
  test("the properties a schema types uri or uri-reference, at any depth", () => {
    const schema = {
      properties: {
        home: { type: "string", format: "uri" },
        n: { type: "integer", format: "uri" },
        nested: { type: "object", properties: { ref: { format: "uri-reference" }, email: { format: "email" } } },
      },
      $defs: { x: { properties: { iri: { type: "string", format: "iri" } } } },
    };
    expect([...uriKeysOfSchema(JSON.stringify(schema))].sort()).toEqual(["home", "iri", "ref"]);
    expect(() => uriKeysOfSchema("{")).toThrow(SyntaxError);
  });
});

describe("the YAML reader", () => {
  const keys = new Set(["$ref"]);
  test("plain and quoted scalars placed exactly; folded ones at their start", () => {
    const text = '$ref: a b\nx:\n  - $ref: "c d"\n  - $ref: >\n      e\n      f\n';
    const found = yamlUris(text, keys);
    expect(found.map((f) => [f.value, f.start, f.approximate === true])).toEqual([
      ["a b", 6, false],
      ["c d", 24, false],
      ["e f\n", 39, true],
    ]);
  });
  test("an error is a NotYamlError with its offset", () => {
    expect(() => yamlUris("a: [b\n", keys)).toThrow(NotYamlError);
  });
  test("deep nesting: flow collections up to 256 deep, then a NotYamlError where they go deeper", () => {
    expect(() => yamlUris("a: " + "[".repeat(256) + "{$ref: 'x y'}" + "]".repeat(256), keys)).toThrow(NotYamlError);
    expect(yamlUris("a: " + "[".repeat(255) + "{$ref: 'x y'}" + "]".repeat(255), keys).map((f) => f.value)).toEqual([
      "x y",
    ]);
    expect(() => yamlUris("a: " + "[".repeat(100000) + "]".repeat(100000), keys)).toThrow(
      expect.objectContaining({ name: "NotYamlError", offset: 259 }),
    );
    // Brackets in quotes and comments do not count.
    expect(yamlUris("# " + "[".repeat(300) + "\n$ref: '" + "{".repeat(300) + "'\n", keys)).toHaveLength(1);
  });
});

describe("the XML reader", () => {
  test("xml:base, xlink:href, namespace names, schemaLocation pairs; not comments, CDATA or other attributes", () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a xmlns="u:1" xmlns:l="http://www.w3.org/1999/xlink" ' +
      'l:href="h" href="no" xsi:schemaLocation=" n1 s1  n2 s2 "><!-- <b xml:base="c"/> --><![CDATA[<b xml:base="d"/>]]>' +
      '<b xml:base="e&amp;f"/></a>';
    expect(xmlUris(text).map((f) => f.value)).toEqual([
      "u:1",
      "http://www.w3.org/1999/xlink",
      "h",
      "n1",
      "s1",
      "n2",
      "s2",
      "e&f",
    ]);
  });
  test("what a schema types xs:anyURI, by local name", () => {
    const names = anyUriNames(
      '<xs:schema><xs:attribute name="home" type="xs:anyURI"/><xs:element name="u" type="anyURI"/><xs:element name="v" type="xs:string"/></xs:schema>',
    );
    expect(xmlUris('<r home=" a b "><u>\n c </u><v>d</v></r>', names).map((f) => [f.value, f.start])).toEqual([
      ["a b", 10],
      ["c", 21],
    ]);
  });
  test("markup that cannot be read is a NotXmlError with its offset", () => {
    expect(() => xmlUris("<a><!-- x")).toThrow(NotXmlError);
    expect(() => xmlUris('<a b="c>')).toThrow(expect.objectContaining({ offset: 5 }));
  });
});

describe("the Markdown reader", () => {
  test("links, images, definitions and autolinks; not code spans, code blocks or HTML", () => {
    const text = "[a](x) ![b](y) <zz:w> `[c](no)`\n\n    [d](no)\n\n```\n[e](no)\n```\n\n[f]: v\n<a href='no'>\n";
    expect(markdownUris(text).map((f) => f.value)).toEqual(["x", "y", "zz:w", "v"]);
  });
  test("deep nesting of quotes and lists: up to 100 containers a line, then a TooDeepError at the line", () => {
    expect(markdownUris(">".repeat(100) + " [a](b)").map((f) => f.value)).toEqual(["b"]);
    expect(markdownUris("- ".repeat(100) + "[a](c)").map((f) => f.value)).toEqual(["c"]);
    expect(() => markdownUris("x\n" + "> 1. ".repeat(51))).toThrow(
      expect.objectContaining({ name: "TooDeepError", offset: 2 }),
    );
    expect(() => markdownUris("- ".repeat(200000))).toThrow(TooDeepError);
    // A run of blocks longer than MAX_BLOCK without a cut is refused at its start; cut, it is read.
    const para = "[a](b) ".repeat(40000);
    expect(() => markdownUris("# T\n\n" + para)).toThrow(expect.objectContaining({ name: "TooDeepError", offset: 5 }));
    expect(markdownUris((para.slice(0, 7 * 20000) + "\n\n").repeat(3))).toHaveLength(60000);
    // Indentation nests without a bound (a line k deep is k bytes long).
    const lines = Array.from({ length: 60 }, (_, k) => " ".repeat(2 * k) + "- [a](d)").join("\n");
    expect(markdownUris(lines)).toHaveLength(60);
  });
});

describe("the Markdown reader's cuts between blocks", () => {
  test("the document read in blocks gives what it gives read whole", () => {
    const line = fc.constantFrom(
      "",
      "   ",
      "[a](x y)",
      "[b](http://a/%zz)",
      "- [c](c%)",
      "  - [d](d d)",
      "> [e](e e)",
      "```",
      "~~~",
      "    [f](f f)",
      "<!--",
      "-->",
      "<script>",
      "</script>",
      "<div>",
      "text <http://g/%zz>",
      "1. [h](h h)",
      "[i]: <i i>",
      "`[j](j j)`",
      "```js",
      "para",
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.boolean(), (lines, crlf) => {
        const text = lines.join(crlf ? "\r\n" : "\n");
        const key = (f: { value: string; start: number }) => `${f.start}:${f.value}`;
        expect(markdownUris(text).map(key)).toEqual(markdownUris(text, false).map(key));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the HTML reader", () => {
  test("URL attributes of HTML 4.01 and HTML5, lists and srcset split", () => {
    const text =
      '<object data="d" archive="a1 a2" classid="c"></object><a ping=" p1  p2 " itemtype="t"></a><img srcset="s1 1x,s2,, s3 (x, y) 2x">';
    expect(htmlUris(text).map((f) => f.value)).toEqual(["d", "a1", "a2", "c", "p1", "p2", "t", "s1", "s2", "s3"]);
  });
});

describe("HTML's BASE applied to relative references (5.2)", () => {
  const settings = {
    diagnose: undefined,
    ignore: () => false,
    keys: new Set<string>(),
    anyUri: undefined,
    maxDepth: 512,
  };
  test("a relative reference against an opaque BASE is an opaque-base error at the reference", () => {
    const html =
      '<head><base href="mailto:a@b"></head><a href="x y">1</a><a href="page.html">2</a><a href="http://a/">3</a>';
    const r = lintBytes("p.html", Buffer.from(html), "html", settings);
    expect(r.problems.map((p) => [p.code, p.section, p.start, p.end])).toEqual([
      ["space", "2.4.3", 47, 48],
      ["opaque-base", "5.2", 65, 74],
    ]);
  });
  test("a hierarchical BASE resolves them all; a relative or invalid BASE is applied to nothing", () => {
    for (const base of ["http://a/b/", "../rel/", "http://a/b c"]) {
      const html = `<head><base href="${base}"></head><a href="../../../x">1</a><a href="#f">2</a>`;
      const codes = lintBytes("p.html", Buffer.from(html), "html", settings).problems.map((p) => p.code);
      expect(codes).toEqual(base.includes(" ") ? ["space"] : []);
    }
  });
});

describe("the text reader", () => {
  test("Appendix E candidates, valid or not", () => {
    expect(textUris('see http://a/%zz and <http://b/ c> and "rel%zz"').map((f) => f.value)).toEqual([
      "http://a/%zz",
      "http://b/c",
      "rel%zz",
    ]);
  });
});

describe("templates, globs and configuration", () => {
  test("a {...} pair is a template placeholder", () => {
    for (const t of ["{{x}}", "http://{host}/", "${BASE}/a", "a{b}"]) expect(isTemplate(t)).toBe(true);
    for (const t of ["http://a/", "a}b{", "a{b"]) expect(isTemplate(t)).toBe(false);
  });
  test("the URI glob agrees with a RegExp", () => {
    const s = fc.string({ unit: fc.constantFrom("a", "b", "*", "?"), maxLength: 8 });
    fc.assert(
      fc.property(s, fc.string({ unit: fc.constantFrom("a", "b", "*", "?"), maxLength: 10 }), (g, u) => {
        const re = new RegExp("^" + g.replace(/[*]/g, ".*").replace(/[?]/g, ".") + "$", "s");
        expect(matchesUriGlob(g, u)).toBe(re.test(u));
      }),
    );
    // Bounded time on a URI of a megabyte.
    const t0 = Date.now();
    expect(matchesUriGlob("*a*a*a*a*b", "a".repeat(1 << 20))).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2000);
  });
  test("file globs", () => {
    expect(globToRegExp("**/*.md").test("a/b/c.md")).toBe(true);
    expect(globToRegExp("**/*.md").test("c.md")).toBe(true);
    expect(globToRegExp("*.md").test("a/b.md")).toBe(true);
    expect(globToRegExp("docs/*.md").test("docs/a/b.md")).toBe(false);
    expect(globToRegExp("*.{md,html}").test("x.html")).toBe(true);
    expect(() => globToRegExp("a[b")).toThrow(SyntaxError);
  });
  test("a mistake in the configuration is an error with its place", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-lint-"));
    try {
      fs.writeFileSync(
        path.join(dir, "rfc2396.config.json"),
        '{\n  "keys": ["url"],\n  "severity": {"spce": "off"}\n}\n',
      );
      expect(() => loadConfig(dir, undefined)).toThrow(
        new ConfigError("rfc2396.config.json:3:16: spce is not a warning code"),
      );
      fs.writeFileSync(path.join(dir, "rfc2396.config.json"), '{\n  "profile": "rfc3986"\n}\n');
      expect(() => loadConfig(dir, undefined)).toThrow(
        /^rfc2396\.config\.json:2:3: profile must be "strict" or "rfc2732"$/,
      );
      fs.writeFileSync(path.join(dir, "rfc2396.config.json"), '{\n  "keys": [1,\n}\n');
      expect(() => loadConfig(dir, undefined)).toThrow(/^rfc2396\.config\.json:3:1: not JSON/);
      fs.rmSync(path.join(dir, "rfc2396.config.json"));
      fs.writeFileSync(path.join(dir, "package.json"), '{"name": "x", "rfc2396": {"warnings": "yes"}}');
      expect(() => loadConfig(dir, undefined)).toThrow(/^package\.json:1:27: rfc2396\.warnings must be true or false$/);
      fs.writeFileSync(path.join(dir, "package.json"), '{"name": "x", "rfc2396": {"profile": "rfc2732"}}');
      expect(loadConfig(dir, undefined)).toEqual({ config: { profile: "rfc2732" }, file: "package.json" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  test("the walk honours nested .gitignore files and passes over .git", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-walk-"));
    try {
      const put = (p: string, text = "x") => {
        fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
        fs.writeFileSync(path.join(dir, p), text);
      };
      put(".git/config");
      put(".gitignore", "*.log\n");
      put("a.md");
      put("b.log");
      put("sub/.gitignore", "c.md\n!keep.log\n");
      put("sub/c.md");
      put("sub/d.md");
      const rel = (files: Iterable<string>) => [...files].map((f) => path.relative(dir, f).split(path.sep).join("/"));
      expect(rel(walk([dir], { include: [], exclude: [], gitignore: true }))).toEqual([
        ".gitignore",
        "a.md",
        "sub/.gitignore",
        "sub/d.md",
      ]);
      expect(rel(walk([dir], { include: ["*.md"], exclude: [], gitignore: false }))).toEqual([
        "a.md",
        "sub/c.md",
        "sub/d.md",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  test("a file that is not UTF-8, or not JSON, is a problem of the file", () => {
    const settings = {
      diagnose: undefined,
      ignore: () => false,
      keys: new Set(["$ref"]),
      anyUri: undefined,
      maxDepth: 512,
    };
    const bad = lintBytes("x.md", Buffer.from([0x61, 0xff]), "markdown", settings);
    expect(bad.problems.map((p) => [p.code, p.start])).toEqual([["file-not-utf8", 0]]);
    const notJson = lintBytes("x.json", Buffer.from('{"$ref": }'), "json", settings);
    expect(notJson.problems.map((p) => [p.code, p.start])).toEqual([["file-not-read", 9]]);
  });
});
