// compare() with implementations (issues 41 and 42): a column per library of
// src/implementations/'s table beside the specs, differences between them
// named by cause, and the validator/fetcher check. The columns are the
// libraries' own readings (rfc2396/implementations' read and resolve), each
// proven against the real library in test/implementations/.
import { IMPLEMENTATION_NAMES, compare, type Comparison } from "../src/compare";
import { CATALOGUE } from "../src/compare/differences";
import { IMPLEMENTATION_ROWS } from "../src/implementations/table";
import type { Implementation } from "../src/implementations/types";
import { read, resolve } from "../src/implementations";
import * as fs from "node:fs";
import * as path from "node:path";
import { SEED, strings } from "./implementations/generate";
import { STUDIES } from "./implementations/studies";

const ALL = [...IMPLEMENTATION_NAMES];
const codes = (c: Comparison): string[] => c.differences.map((d) => d.code);

describe("the implementation columns", () => {
  test("none by default: the specs alone, as before", () => {
    const c = compare("http://example.com\\@evil.com");
    expect(c.implementations).toEqual({});
    expect(codes(c)).toEqual(["backslash"]);
    expect(c.pair).toBeUndefined();
  });

  test("the names are the implementations table's rows, in its order", () => {
    // (But "whatwg", the platform's URL, which compare reads once, as its spec column: R163.)
    expect(ALL).toEqual(IMPLEMENTATION_ROWS.map((r) => r.name).filter((n) => n !== "whatwg"));
    const c = compare("http://a/", { implementations: [...ALL].reverse() });
    expect(Object.keys(c.implementations)).toEqual(ALL);
  });

  test.each([
    "http://user@Example.COM:8080/a/b?q#f",
    "http://example.com\\@evil.com",
    "https://",
    "http://[::1]/",
    "a b",
  ])("each column is the library's own reading of %j", (input) => {
    const c = compare(input, { specs: [], implementations: ALL });
    expect(c.specs).toEqual({});
    for (const name of ALL) {
      const column = c.implementations[name]!;
      const r = read(name, input);
      expect(column.valid).toBe(r.ok);
      if (r.ok) {
        expect(column.components).toEqual({ ...r.components, path: r.components.path ?? "" });
        expect(column.host).toBe(r.host);
      } else {
        expect(column.message).toBe(r.error.message);
        expect(column.offset).toBe(r.error.index !== undefined && r.error.index >= 0 ? r.error.index : undefined);
      }
    }
  });

  test("with a base: the library's resolution, and the host it reports for it", () => {
    const c = compare("//evil.example/x", { base: "http://a/b", specs: [], implementations: ["java.net.URI"] });
    const column = c.implementations["java.net.URI"]!;
    expect(column.resolved).toBe(
      (resolve("java.net.URI", "http://a/b", "//evil.example/x") as { resolved: string }).resolved,
    );
    expect(column.resolved).toBe("http://evil.example/x");
    expect(column.host).toBe("evil.example");
  });

  test("agree covers the implementation columns", () => {
    expect(compare("http://example.com/a", { implementations: ALL }).agree).toBe(true);
    // RFC 3986 refuses it; Python takes all before the last "@" for the userinfo, so not every reader accepts.
    const c = compare("http://example.com\\@evil.com", { specs: ["rfc3986"], implementations: ["python.urlsplit"] });
    expect(c.agree).toBe(false);
    expect(codes(c)).toEqual(["userinfo-split"]);
    expect(c.differences[0].specs).toEqual([["python.urlsplit"], ["rfc3986"]]);
  });

  test("a spec code names a library's difference where the library declares the trait", () => {
    const c = compare("http://evil.example\\@good.example/", {
      specs: ["rfc3986"],
      implementations: ["node.url.parse"],
    });
    expect(c.differences.map((d) => [d.code, d.specs])).toEqual([["backslash", [["node.url.parse"], ["rfc3986"]]]]);
  });

  test("the fallbacks cite each side's own source: the row's cites", () => {
    const c = compare("a.com:80", { specs: ["rfc3986"], implementations: ["php.parse_url"] });
    const d = c.differences.find((x) => x.code === "implementation-component")!;
    const php = IMPLEMENTATION_ROWS.find((r) => r.name === "php.parse_url")!;
    expect(d.specs).toEqual([["rfc3986"], ["php.parse_url"]]);
    expect(d.cites[1]).toBe(php.cites);
    expect(d.cites[0]).toContain("RFC 3986");
    const entry = CATALOGUE.find((e) => e.code === "implementation-component")!;
    expect(entry.cites[1]).not.toBe(php.cites);
  });

  test("bad options: a precise error", () => {
    expect(() => compare("a", { implementations: ["java.net.uri"] })).toThrow(RangeError);
    expect(() => compare("a", { implementations: ["java.net.uri"] })).toThrow(/java\.net\.URI/);
    expect(() => compare("a", { implementations: "java.net.URI" as never })).toThrow(TypeError);
    expect(() => compare("a", { implementations: [42 as never] })).toThrow(TypeError);
    expect(() => compare("a", { specs: [] })).toThrow(RangeError);
    expect(compare("a", { specs: [], implementations: ["go.net/url"] }).specs).toEqual({});
    expect(() => compare("a", { validator: "python.urlsplit" })).toThrow(TypeError);
    expect(() => compare("a", { validator: "python.urlsplit", fetcher: "wget" })).toThrow(RangeError);
    expect(() => compare("a", { validator: 1 as never, fetcher: "curl" })).toThrow(TypeError);
  });
});

describe("a row added to the implementations table is a column, with no edit of src/compare/", () => {
  test("its column, and its differences named by the fallback citing its source", () => {
    const FAKE: Implementation = {
      name: "fake.url",
      title: "a library of the test, 1.0",
      version: "1.0",
      cites: "example/fake src/url.c: parse_url_fake",
      // It reads a scheme and then a host, whatever follows.
      read: (input) => {
        const colon = input.indexOf(":");
        if (colon <= 0) return { implementation: "fake.url", ok: false, error: { message: "no scheme" } };
        const host = input.slice(colon + 1);
        const components = { scheme: input.slice(0, colon), authority: host, host, path: "" };
        return { implementation: "fake.url", ok: true, components, native: {}, host };
      },
    };
    jest.isolateModules(() => {
      jest.doMock("../src/implementations/table", () => ({ IMPLEMENTATION_ROWS: [...IMPLEMENTATION_ROWS, FAKE] }));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require("../src/compare") as typeof import("../src/compare");
      expect(fresh.IMPLEMENTATION_NAMES).toContain("fake.url");
      const c = fresh.compare("x:y", { specs: ["rfc3986"], implementations: ["fake.url"] });
      expect(c.implementations["fake.url"]).toMatchObject({ valid: true, host: "y" });
      const hosts = c.differences.find((d) => d.component === "host")!;
      expect(hosts.code).toBe("implementation-component");
      expect(hosts.specs).toEqual([["rfc3986"], ["fake.url"]]);
      expect(hosts.cites).toEqual([expect.stringContaining("RFC 3986"), "example/fake src/url.c: parse_url_fake"]);
      const refused = fresh.compare("y", { specs: ["rfc3986"], implementations: ["fake.url"] });
      expect(refused.differences.map((d) => [d.code, d.specs])).toEqual([
        ["implementation-verdict", [["rfc3986"], ["fake.url"]]],
      ]);
      const pair = fresh.compare("x:y", { validator: "rfc3986", fetcher: "fake.url" }).pair!;
      expect(pair).toMatchObject({ agree: false, attackerHost: "y" });
    });
    jest.dontMock("../src/implementations/table");
  });
});

describe("the validator and the fetcher (OWASP: reject when the parsers disagree)", () => {
  test("Python validates, Node fetches: the backslash string reaches the host before the backslash", () => {
    const c = compare("http://example.com\\@evil.com", { validator: "python.urlsplit", fetcher: "node.url.parse" });
    expect(Object.keys(c.specs)).toEqual([]);
    expect(Object.keys(c.implementations)).toEqual(["python.urlsplit", "node.url.parse"]);
    expect(c.pair).toMatchObject({
      validator: "python.urlsplit",
      fetcher: "node.url.parse",
      agree: false,
      validatorReads: { scheme: "http", host: "evil.com" },
      fetcherReads: { scheme: "http", host: "example.com" },
      attackerHost: "example.com",
    });
    expect(c.pair!.differences.length).toBeGreaterThan(0);
    for (const d of c.pair!.differences) expect(d.specs.flat().sort()).toEqual(["node.url.parse", "python.urlsplit"]);
  });

  test("the same scheme, host and port, up to case, brackets and the default port: they agree", () => {
    expect(
      compare("HTTP://Example.COM:80/a", { validator: "python.urlsplit", fetcher: "go.net/url" }).pair!.agree,
    ).toBe(true);
    expect(compare("http://[::1]/", { validator: "java.net.URI", fetcher: "python.urlsplit" }).pair!.agree).toBe(true);
    expect(compare("http://a:81/", { validator: "rfc3986", fetcher: "php.parse_url" }).pair!.agree).toBe(true);
  });

  test("one refuses, the other accepts: they disagree; both refuse: they agree (nothing is fetched)", () => {
    const one = compare("https://", { validator: "java.net.URI", fetcher: "rfc3986" }).pair!;
    expect(one).toMatchObject({ agree: false, fetcherReads: { scheme: "https", host: "" } });
    expect(one.validatorReads).toBeUndefined();
    expect(one.attackerHost).toBe("");
    const both = compare("http://a b/", { validator: "java.net.URI", fetcher: "go.net/url" }).pair!;
    expect(both.agree).toBe(true);
    expect(both.attackerHost).toBeUndefined();
  });

  test("a pair with columns asked for besides: the pair's readings are among the columns", () => {
    const c = compare("http://a/", {
      specs: ["rfc2396"],
      implementations: ["go.net/url"],
      validator: "whatwg",
      fetcher: "php.parse_url",
    });
    expect(Object.keys(c.specs)).toEqual(["rfc2396", "whatwg"]);
    expect(Object.keys(c.implementations)).toEqual(["go.net/url", "php.parse_url"]);
    expect(c.pair!.agree).toBe(true);
  });
});

describe("java.net.URI: each difference from RFC 2396 and RFC 2732 is named after the deviation it comes from", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a script of scripts/, in CommonJS
  const { javaStrings } = require("../scripts/java-strings.js") as {
    javaStrings: (seed: number, count: number) => string[];
  };
  const JAVA_CODES = CATALOGUE.filter((e) => e.code.startsWith("java-")).map((e) => e.code);

  test("the catalogue has a code for each of the javadoc's deviations and the parser's habits, citing URI.java", () => {
    expect(JAVA_CODES).toEqual([
      "java-other-characters",
      "java-scope-id",
      "java-empty-path",
      "java-empty-authority",
      "java-brackets-in-path",
      "java-ipv4-strict-ipv6",
      "java-port-int",
      "java-relative-base",
      "java-opaque-part",
      "java-no-authority",
      "java-ipv4-strict",
      "java-numeric-label",
      "java-registry-fallback",
    ]);
    for (const e of CATALOGUE.filter((x) => x.code.startsWith("java-"))) {
      expect(e.cites.join(" ")).toMatch(
        /openjdk\/jdk17u src\/java\.base\/share\/classes\/java\/net\/URI\.java (Parser\.\w+|resolve\(URI, URI\))/,
      );
    }
  });

  const generated = strings(20_000, SEED);
  const aimed = javaStrings(20260, 20_000);
  test(`no fallback on ${generated.length} generated strings and ${aimed.length} aimed at the deviations`, () => {
    const seen = new Map<string, number>();
    const fallback: string[] = [];
    for (const input of [...generated, ...aimed]) {
      const c = compare(input, { specs: ["rfc2396", "rfc2732"], implementations: ["java.net.URI"] });
      for (const d of c.differences) {
        if (!d.specs.flat().includes("java.net.URI")) continue;
        seen.set(d.code, (seen.get(d.code) ?? 0) + 1);
        if (d.code.startsWith("implementation-")) fallback.push(input);
      }
    }
    expect(fallback.slice(0, 10)).toEqual([]);
    // The sweep reaches the deviations (the others are reached by their examples).
    expect([...seen.keys()].filter((c) => c.startsWith("java-")).sort()).toEqual(
      [
        "java-empty-authority",
        "java-empty-path",
        "java-ipv4-strict",
        "java-ipv4-strict-ipv6",
        "java-numeric-label",
        "java-opaque-part",
        "java-other-characters",
        "java-port-int",
        "java-registry-fallback",
        "java-scope-id",
      ].sort(),
    );
  });

  test("the other implementations' fallbacks cite their own source", () => {
    const rows = new Map(IMPLEMENTATION_ROWS.map((r) => [r.name, r.cites]));
    const others = ALL.filter((n) => n !== "java.net.URI");
    for (const input of generated.slice(0, 3000)) {
      const c = compare(input, { specs: ["rfc2396", "rfc3986"], implementations: others });
      for (const d of c.differences.filter((x) => x.code.startsWith("implementation-"))) {
        d.specs.forEach((side, i) => {
          for (const name of side) if (rows.has(name)) expect(d.cites[i]).toContain(rows.get(name));
        });
      }
    }
  });
});

describe("docs/implementations.md: the studies' strings through three pairs", () => {
  test("every row is a study's string, every cell the pair's check", () => {
    const text = fs.readFileSync(path.join(__dirname, "..", "docs", "implementations.md"), "utf8");
    const table = text.slice(text.indexOf("<!-- pairs-table -->"), text.indexOf("<!-- /pairs-table -->"));
    const split = (l: string) =>
      l
        .slice(1, -1)
        .split(" | ")
        .map((c) => c.trim());
    const lines = table.split("\n").filter((l) => l.startsWith("|"));
    const header = split(lines[0]);
    const pairs = header.slice(1).map((h) => [...h.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    expect(pairs.length).toBeGreaterThan(0);
    const cell = (input: string, [validator, fetcher]: string[]): string => {
      const p = compare(input, { validator, fetcher }).pair!;
      if (p.agree) return p.validatorReads === undefined ? "both refuse" : "agree";
      if (p.validatorReads === undefined) return "validator refuses";
      if (p.fetcherReads === undefined) return "fetcher refuses";
      if (p.attackerHost === undefined) return "no host";
      return p.attackerHost === "" ? "empty host" : `\`${p.attackerHost}\``;
    };
    expect(lines.slice(2).map(split)).toEqual(
      STUDIES.map((s) => [`\`${s.input}\``, ...pairs.map((pair) => cell(s.input, pair))]),
    );
  });
});
