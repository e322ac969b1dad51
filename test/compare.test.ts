// rfc2396/compare: each spec's reading of an input, the differences and
// their causes, and whether the specs agree. The rfc2732 column reads the
// built profile (jest.config.js maps it to dist/rfc2732/): run `npm run build`.
import fc from "fast-check";
import * as fs from "node:fs";
import * as path from "node:path";
import { CATALOGUE, COMPONENT_NAMES, SPECS, compare, type Comparison, type SpecName } from "../src/compare";
import { tryParse } from "../src";

const codes = (c: Comparison): string[] => c.differences.map((d) => d.code);
const find = (c: Comparison, code: string) => c.differences.find((d) => d.code === code);

describe("compare: the shape of the result", () => {
  test("every spec, keyed by its name, with components under RFC 3986's names", () => {
    const c = compare("http://user@example.com:8080/a/b?q#f");
    expect(Object.keys(c.specs)).toEqual([...SPECS]);
    expect(c.input).toBe("http://user@example.com:8080/a/b?q#f");
    expect(c.base).toBeUndefined();
    for (const spec of SPECS) {
      const r = c.specs[spec]!;
      expect(r.valid).toBe(true);
      expect(Object.keys(r.components!).every((k) => (COMPONENT_NAMES as readonly string[]).includes(k))).toBe(true);
      expect(r.components).toMatchObject({
        scheme: "http",
        userinfo: "user",
        host: "example.com",
        port: "8080",
        path: "/a/b",
        query: "q",
        fragment: "f",
      });
    }
    expect(c.specs.rfc2396!.hostKind).toBe("hostname");
    expect(c.specs.rfc3986!.hostKind).toBe("reg-name");
    expect(c.specs.whatwg!.hostKind).toBe("domain");
    expect(c.differences).toEqual([]);
    expect(c.agree).toBe(true);
  });

  test("undefined and empty are kept apart, in every spec", () => {
    const empty = compare("http://a/b?#");
    const none = compare("http://a/b");
    for (const spec of SPECS) {
      expect(empty.specs[spec]!.components!.query).toBe("");
      expect(empty.specs[spec]!.components!.fragment).toBe("");
      expect("query" in none.specs[spec]!.components!).toBe(false);
      expect("fragment" in none.specs[spec]!.components!).toBe(false);
    }
  });

  test("the kind of host in each spec's words", () => {
    const c = compare("http://[::1]/");
    expect(c.specs.rfc2396!.valid).toBe(false);
    expect(c.specs.rfc2732!.hostKind).toBe("IPv6reference");
    expect(c.specs.rfc3986!.hostKind).toBe("IPv6address");
    expect(c.specs.whatwg!.hostKind).toBe("IPv6");
    expect(compare("http://1.2.3.4/").specs.rfc2396!.hostKind).toBe("IPv4address");
    expect(compare("http://a_b/").specs.rfc2396!.hostKind).toBe("reg_name");
    expect(compare("http://[fe80::1%25eth0]/").specs["rfc3986+6874"]!.hostKind).toBe("IPv6addrz");
  });

  test("a spec that refuses says where: the rule and the offset", () => {
    const c = compare("http://a/b c");
    for (const spec of ["rfc2396", "rfc2732", "rfc3986", "rfc3986+6874", "rfc3987"] as SpecName[]) {
      expect(c.specs[spec]).toMatchObject({ valid: false, offset: 10 });
      expect(typeof c.specs[spec]!.rule).toBe("string");
    }
    expect(c.specs.rfc2396!.rule).toBe("path");
    expect(c.specs.whatwg!.valid).toBe(true);
  });

  test("--specs: only the specs asked for, in SPECS' order", () => {
    const c = compare("http://a/", { specs: ["whatwg", "rfc3986"] });
    expect(Object.keys(c.specs)).toEqual(["rfc3986", "whatwg"]);
  });
});

describe("compare: the WHATWG column is new URL()", () => {
  test("the input as WHATWG sees it, when it differs", () => {
    const c = compare(" http://a/\tb ");
    expect(c.specs.whatwg!.seen).toBe("http://a/b");
    expect(c.specs.whatwg!.href).toBe(new URL(" http://a/\tb ").href);
    expect(compare("http://a/").specs.whatwg!.seen).toBeUndefined();
  });

  test("verdict and href equal new URL()'s on every input, with or without a base (property)", () => {
    const unit = fc.constantFrom(..."ab09:/?#[]@%.\\ \t-_~!$&'()*+,;=\u00e9");
    const input = fc.oneof(
      fc.string({ unit, maxLength: 24 }),
      fc
        .tuple(fc.constantFrom("http:", "HTTP://", "foo:", "file:", "http://"), fc.string({ unit, maxLength: 20 }))
        .map(([a, b]) => a + b),
    );
    const base = fc.option(fc.constantFrom("http://a/b/c/d;p?q", "foo://h/x", "mailto:x@y"), { nil: undefined });
    fc.assert(
      fc.property(input, base, (s, b) => {
        let url: URL | undefined;
        try {
          url = b === undefined ? new URL(s) : new URL(s, b);
        } catch {
          url = undefined;
        }
        const w = compare(s, { base: b, specs: ["whatwg"] }).specs.whatwg!;
        expect(w.valid).toBe(url !== undefined);
        expect(w.href).toBe(url?.href);
        if (b !== undefined) expect(w.resolved).toBe(url?.href);
      }),
      { numRuns: 1500 },
    );
  });
});

describe("compare: resolution against a base", () => {
  test("?y: RFC 2396 5.2 step 6 against RFC 3986 5.2.2", () => {
    const c = compare("?y", { base: "http://a/b/c/d;p?q" });
    expect(c.base).toBe("http://a/b/c/d;p?q");
    expect(c.specs.rfc2396!.valid).toBe(false);
    expect(c.specs.rfc2396!.resolved).toBe("http://a/b/c/?y");
    expect(c.specs.rfc3986!.resolved).toBe("http://a/b/c/d;p?y");
    expect(c.specs.whatwg!.resolved).toBe("http://a/b/c/d;p?y");
    expect(codes(c)).toContain("empty-path-query");
    expect(c.agree).toBe(false);
  });

  test("the same resolution everywhere: the specs agree", () => {
    const c = compare("../g", { base: "http://a/b/c/d;p?q" });
    for (const spec of SPECS) expect(c.specs[spec]!.resolved).toBe("http://a/b/g");
    expect(c.agree).toBe(true);
  });
});

describe("compare: the differences the issue names", () => {
  test("backslash: WHATWG reads \\ as / in a special URL, RFC 2396 2.4.3 excludes it", () => {
    const c = compare("http://evil.example\\@good.example/");
    const d = find(c, "backslash")!;
    expect(d.specs[0]).toEqual(["whatwg"]);
    expect(d.specs[1]).toEqual(["rfc2396", "rfc2732", "rfc3986", "rfc3986+6874", "rfc3987"]);
    expect(d.cites[1]).toMatch(/RFC 2396 2\.4\.3/);
    expect(c.specs.whatwg!.components!.host).toBe("evil.example");
    expect(c.agree).toBe(false);
  });

  test("percent-in-host: a reg_name in the RFCs, decoded to 127.0.0.1 by WHATWG", () => {
    const c = compare("http://%31%32%37.0.0.1/");
    expect(c.specs.rfc2396!.hostKind).toBe("reg_name");
    expect(c.specs.rfc3986!.hostKind).toBe("reg-name");
    expect(c.specs.whatwg!.components!.host).toBe("127.0.0.1");
    const d = find(c, "percent-in-host")!;
    expect(d.component).toBe("host");
    expect(d.specs[0]).toEqual(["whatwg"]);
    expect(d.values![0]).toBe("127.0.0.1");
  });

  test("empty-path-query: ?y is a relative reference in RFC 3986 4.2, not in RFC 2396 Appendix A", () => {
    const d = find(compare("?y"), "empty-path-query")!;
    expect(d.specs[0]).toEqual(expect.arrayContaining(["rfc3986", "rfc3987"]));
    expect(d.specs[1]).toEqual(["rfc2396", "rfc2732"]);
    expect(d.cites).toEqual([expect.stringMatching(/RFC 3986 4\.2/), expect.stringMatching(/RFC 2396 Appendix A/)]);
  });

  test("a normalization is a difference, but the specs still agree", () => {
    for (const input of ["HTTP://EXAMPLE.COM/", "http://a:80/", "http://example.com", "http://a/b/../c"]) {
      const c = compare(input);
      expect(c.differences.length).toBeGreaterThan(0);
      expect(c.differences.every((d) => d.equivalent)).toBe(true);
      expect(c.agree).toBe(true);
    }
  });
});

describe("the catalogue", () => {
  test("codes are unique, and each entry cites both sides", () => {
    const all = CATALOGUE.map((e) => e.code);
    expect(new Set(all).size).toBe(all.length);
    for (const e of CATALOGUE) {
      expect(e.cites[0].length).toBeGreaterThan(0);
      expect(e.cites[1].length).toBeGreaterThan(0);
    }
  });

  test("every entry has an example but the last of each list, which explains what the others do not", () => {
    const without = CATALOGUE.filter((e) => e.example === undefined).map((e) => e.code);
    expect(without).toEqual(["grammar-differs"]);
    expect(CATALOGUE.filter((e) => e.on === "verdict").at(-1)!.code).toBe("grammar-differs");
    expect(CATALOGUE.at(-1)!.code).toBe("component-differs");
  });

  const withExamples = CATALOGUE.filter((e) => e.example !== undefined);
  test.each(withExamples.map((e) => [e.code, e.example!] as const))("%s: its example reports it", (code, example) => {
    const c = compare(example.input, {
      ...(example.base === undefined ? {} : { base: example.base }),
      ...(example.implementations === undefined ? {} : { implementations: example.implementations }),
    });
    expect(codes(c)).toContain(code);
    const entry = CATALOGUE.find((e) => e.code === code)!;
    for (const d of c.differences.filter((x) => x.code === code)) {
      expect(d.equivalent).toBe(entry.equivalent);
      expect(d.specs[0].length).toBeGreaterThan(0);
      expect(d.specs[1].length).toBeGreaterThan(0);
      expect(d.specs[0].some((s) => d.specs[1].includes(s))).toBe(false);
    }
  });

  test("docs/compare.md's table lists every code of the catalogue, with its example", () => {
    const doc = fs.readFileSync(path.join(__dirname, "..", "docs", "compare.md"), "utf8");
    // | `code` | `"input"` | ..., or `"input"` against `"base"`, or by `implementation`, or none
    // (the entry without one); the input written as a JSON string, so that a tab or a backslash
    // reads as it is.
    const rows = [
      ...doc.matchAll(
        /^\| `([a-z0-9-]+)` \| (?:`("(?:[^"\\]|\\.)*")`(?: against `("(?:[^"\\]|\\.)*")`)?(?: by ((?:`[^`]+`(?:, )?)+))?|none) \|/gm,
      ),
    ];
    expect(rows.map((r) => r[1])).toEqual(CATALOGUE.map((e) => e.code));
    for (const [, code, input, base, by] of rows) {
      const entry = CATALOGUE.find((e) => e.code === code)!;
      expect(input === undefined ? undefined : JSON.parse(input)).toBe(entry.example?.input);
      expect(base === undefined ? undefined : JSON.parse(base)).toBe(entry.example?.base);
      const names = by === undefined ? undefined : [...by.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      expect(names).toEqual(entry.example?.implementations);
    }
  });
});

describe("compare: the differences are found from the readings", () => {
  test("two specs that read the same never make a difference; two that do not always do (property)", () => {
    const unit = fc.constantFrom(..."aB09:/?#[]@%.\\ -_~!$&'()*+,;=\u00e9");
    fc.assert(
      fc.property(
        fc.tuple(
          fc.constantFrom("http://", "http:", "foo://", "mailto:", "", "//", "?"),
          fc.string({ unit, maxLength: 16 }),
        ),
        ([head, tail]) => {
          const c = compare(head + tail);
          const readings = SPECS.map((s) => c.specs[s]!);
          const allValid = readings.every((r) => r.valid);
          const noneValid = readings.every((r) => !r.valid);
          // Validity differs between specs exactly when a verdict difference is reported.
          expect(c.differences.some((d) => d.on === "verdict")).toBe(!allValid && !noneValid);
          // Each component difference has two sides whose values differ.
          for (const d of c.differences.filter((x) => x.on === "component")) {
            expect(d.values![0]).not.toBe(d.values![1]);
            for (const s of d.specs[0]) expect(c.specs[s as SpecName]!.components![d.component!]).toBe(d.values![0]);
            for (const s of d.specs[1]) expect(c.specs[s as SpecName]!.components![d.component!]).toBe(d.values![1]);
          }
          // agree: every spec accepts and no difference on scheme, host, port or path but normalizations.
          if (c.agree) expect(allValid).toBe(true);
          // The rfc2396 column is the library's own reading.
          expect(c.specs.rfc2396!.valid).toBe(tryParse(head + tail).ok);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe("compare: bad input gets what check gives it", () => {
  test("a non-string is a TypeError; a wrong option a TypeError or RangeError", () => {
    expect(() => compare(42 as unknown as string)).toThrow(TypeError);
    expect(() => compare(null as unknown as string)).toThrow(/compare/);
    expect(() => compare("a", { base: 1 as unknown as string })).toThrow(TypeError);
    expect(() => compare("a", { specs: ["rfc1738" as SpecName] })).toThrow(RangeError);
    expect(() => compare("a", { specs: [] })).toThrow(RangeError);
    expect(() => compare("a", { specs: "whatwg" as unknown as SpecName[] })).toThrow(TypeError);
    expect(() => compare("a", { other: 1 } as never)).toThrow(TypeError);
  });

  test("never throws on any string, lone surrogates and controls included (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 24 }),
        fc.option(fc.string({ unit: "binary", maxLength: 12 }), { nil: undefined }),
        (s, b) => {
          const c = compare(s, { base: b });
          expect(typeof c.agree).toBe("boolean");
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("the input is not modified and is given back as it was", () => {
    const input = "\u0000 HTTP://A/\t";
    expect(compare(input).input).toBe(input);
  });

  test("linear time: 4 times the input takes about 4 times as long", () => {
    // (bench/hostile.js measures every shape at 1 and 4 MB; this is a quick guard on one.)
    const best = (n: number): number => {
      const s = "http://a/" + "a%2e./\\".repeat(n);
      let min = Infinity;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        compare(s);
        min = Math.min(min, performance.now() - t);
      }
      return min;
    };
    best(1000);
    expect(best(200_000) / best(50_000)).toBeLessThan(8);
  });
});
