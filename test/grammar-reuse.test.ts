// Grammar reuse: examples/http-request-line/request-line.peggy is RFC 2616's
// Request-Line (5.1) as a peggy grammar that imports absoluteURI, abs_path,
// authority and query from "rfc2396/parser" (peggy library imports), the way
// a user of the package would. It is compiled by its build script and must
// parse real request lines into rfc2396's own CST nodes.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";
import { parseCst } from "../src";

const root = path.join(__dirname, "..");
const example = path.join(root, "examples", "http-request-line");
const compiled = path.join(example, "request-line.js");

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface RequestLine extends Node {
  method: string;
  uri: Node & { form: "*" | "absoluteURI" | "abs_path" | "authority" };
  version: Node & { major: number; minor: number };
}
interface PeggySyntaxError extends Error {
  location: { start: { offset: number } };
  expected: unknown[];
}
let parser: { parse(input: string): RequestLine; SyntaxError: new (...args: never[]) => PeggySyntaxError };

beforeAll(() => {
  if (!fs.existsSync(path.join(root, "dist", "syntax", "generated", "rfc2396-parser.js"))) {
    throw new Error("dist/syntax/generated/rfc2396-parser.js is missing: run `npm run build` first");
  }
  execFileSync(process.execPath, [path.join(example, "build.js")], { cwd: root, stdio: "pipe" });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  parser = require(compiled);
});

/** A copy of a CST with every offset moved by `by`, to compare nodes parsed in different inputs. */
function shifted(value: unknown, by: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shifted(v, by));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = (key === "start" || key === "end") && typeof v === "number" ? v + by : shifted(v, by);
  }
  return out;
}

describe("the example grammar imports rfc2396's rules by the package's name", () => {
  test("request-line.peggy imports absoluteURI, abs_path, authority from rfc2396/parser", () => {
    const source = fs.readFileSync(path.join(example, "request-line.peggy"), "utf8");
    const imports = source.match(/^import\s*\{([^}]*)\}\s*from\s*"([^"]*)"/m);
    expect(imports).not.toBeNull();
    expect(imports![2]).toBe("rfc2396/parser");
    const names = imports![1].split(",").map((s) => s.trim());
    expect(names).toEqual(expect.arrayContaining(["absoluteURI", "abs_path", "authority"]));
    // None of them is defined again in the example: they are reused, not copied.
    for (const name of names) expect(source).not.toMatch(new RegExp(`^${name}\\s*$`, "m"));
  });

  test("the compiled parser requires the package's ./parser export", () => {
    const js = fs.readFileSync(compiled, "utf8");
    expect(js).toContain('require("rfc2396/parser")');
    // ...which resolves, by the package's "exports", to the built peggy parser.
    expect(require.resolve("rfc2396/parser", { paths: [example] })).toBe(
      path.join(root, "dist", "syntax", "generated", "rfc2396-parser.js"),
    );
  });

  test("the imported rules are allowed start rules of the package's parser", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const lib = require("rfc2396/parser") as { StartRules: string[] };
    expect(lib.StartRules).toEqual(expect.arrayContaining(["absoluteURI", "abs_path", "authority", "query"]));
  });

  test("the grammar is exported too, composed with its node builders so that it compiles on its own", () => {
    const file = require.resolve("rfc2396/grammar");
    expect(file).toBe(path.join(root, "dist", "syntax", "generated", "rfc2396.peggy"));
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain(
      fs
        .readFileSync(path.join(root, "grammar", "rfc2396.peggy"), "utf8")
        .split("\n")
        .slice(-40)
        .join("\n"),
    );
    const parser = peggy.generate(text, { allowedStartRules: ["URI_reference"] }) as {
      parse(s: string): { type: string };
    };
    expect(parser.parse("http://a/b?c").type).toBe("URI-reference");
  });
});

describe("RFC 2616 5.1 Request-Line = Method SP Request-URI SP HTTP-Version CRLF", () => {
  // line, method, Request-URI form, the URI's text, the CST rule to compare with, version
  const accepted: [string, string, string, string, string | undefined, string][] = [
    ["GET http://a/b?c HTTP/1.1\r\n", "GET", "absoluteURI", "http://a/b?c", "absoluteURI", "1.1"],
    ["OPTIONS * HTTP/1.1\r\n", "OPTIONS", "*", "*", undefined, "1.1"],
    ["CONNECT www.example.com:443 HTTP/1.1\r\n", "CONNECT", "authority", "www.example.com:443", "authority", "1.1"],
    ["GET /path;p?q HTTP/1.0\r\n", "GET", "abs_path", "/path;p?q", undefined, "1.0"],
    // The examples of RFC 2616 5.1.2.
    [
      "GET http://www.w3.org/pub/WWW/TheProject.html HTTP/1.1\r\n",
      "GET",
      "absoluteURI",
      "http://www.w3.org/pub/WWW/TheProject.html",
      "absoluteURI",
      "1.1",
    ],
    ["GET /pub/WWW/TheProject.html HTTP/1.1\r\n", "GET", "abs_path", "/pub/WWW/TheProject.html", "abs_path", "1.1"],
    ["OPTIONS http://a/ HTTP/1.1\r\n", "OPTIONS", "absoluteURI", "http://a/", "absoluteURI", "1.1"],
    ["GET /%7Esmith/home.html HTTP/1.1\r\n", "GET", "abs_path", "/%7Esmith/home.html", "abs_path", "1.1"],
    // An extension method is a token (5.1.1); "HTTP" is case-insensitive (2.1).
    ["PROPFIND /a HTTP/1.1\r\n", "PROPFIND", "abs_path", "/a", "abs_path", "1.1"],
    ["GET / http/1.1\r\n", "GET", "abs_path", "/", "abs_path", "1.1"],
    ["GET mailto:a@b HTTP/1.1\r\n", "GET", "absoluteURI", "mailto:a@b", "absoluteURI", "1.1"],
    // Ambiguous in the BNF; the authority form is CONNECT's (5.1.2), for the
    // other methods the alternatives are tried in the BNF's order.
    ["GET www.example.com:443 HTTP/1.1\r\n", "GET", "absoluteURI", "www.example.com:443", "absoluteURI", "1.1"],
    ["CONNECT http://a/ HTTP/1.1\r\n", "CONNECT", "absoluteURI", "http://a/", "absoluteURI", "1.1"],
    ["CONNECT 10.0.0.1:8080 HTTP/1.1\r\n", "CONNECT", "authority", "10.0.0.1:8080", "authority", "1.1"],
    ["HEAD example.com HTTP/1.1\r\n", "HEAD", "authority", "example.com", "authority", "1.1"],
    ["GET /a HTTP/12.34\r\n", "GET", "abs_path", "/a", "abs_path", "12.34"],
    // An empty Request-URI is an authority by the BNF: server = [ ... ] may be empty.
    ["GET  HTTP/1.1\r\n", "GET", "authority", "", "authority", "1.1"],
  ];

  test.each(accepted)("%j", (line, method, form, uriText, rule, version) => {
    const r = parser.parse(line);
    expect(r.type).toBe("Request-Line");
    expect([r.start, r.end]).toEqual([0, line.length]);
    expect(r.method).toBe(method);
    expect(r.uri.form).toBe(form);
    expect(line.slice(r.uri.start, r.uri.end)).toBe(uriText);
    expect(`${r.version.major}.${r.version.minor}`).toBe(version);
    if (rule !== undefined) {
      // The very nodes rfc2396 builds for the rule, with offsets into the line.
      const node = r.uri[rule] as Node;
      expect(node.type).toBe(rule);
      expect(node).toEqual(shifted(parseCst(uriText, rule as "absoluteURI"), r.uri.start));
    }
  });

  test("the nodes of the URI carry rfc2396's structure", () => {
    const get = parser.parse("GET http://a/b?c HTTP/1.1\r\n").uri.absoluteURI as Node & {
      scheme: Node & { text: string };
      part: Node & { query: Node & { text: string } };
    };
    expect(get.scheme.text).toBe("http");
    expect(get.part.type).toBe("hier_part");
    expect(get.part.query.text).toBe("c");

    const connect = parser.parse("CONNECT www.example.com:443 HTTP/1.1\r\n").uri.authority as Node & {
      value: Node & { hostport: { port: { text: string }; host: Node } };
    };
    expect(connect.value.type).toBe("server");
    expect(connect.value.hostport.port.text).toBe("443");

    const path_ = parser.parse("GET /path;p?q HTTP/1.0\r\n").uri as unknown as Node & {
      abs_path: Node & { path_segments: { segments: { text: string; params: { text: string }[] }[] } };
      query: Node & { text: string };
    };
    expect(path_.abs_path.type).toBe("abs_path");
    expect(path_.abs_path.path_segments.segments[0].text).toBe("path;p");
    expect(path_.abs_path.path_segments.segments[0].params.map((p) => p.text)).toEqual(["p"]);
    expect(path_.query.type).toBe("query");
    expect(path_.query.text).toBe("q");
  });

  // line, offset of the error
  const rejected: [string, number][] = [
    ["GET http://a/b c HTTP/1.1\r\n", 15], // a space inside the URI
    ["GET /a HTTP/1.1", 15], // no CRLF
    ["GET /a HTTP/1.1\n", 15], // LF alone
    ["GET  /a HTTP/1.1\r\n", 5], // two spaces: an empty authority, then no version
    ["GET http://[::1]/ HTTP/1.1\r\n", 11], // IPv6 literals are RFC 2732, not RFC 2396
    ["GET /a%zz HTTP/1.1\r\n", 6], // an escape is "%" hex hex (error at its "%")
    ["GET /a#f HTTP/1.1\r\n", 6], // no fragment in a Request-URI
    ["GET a/b HTTP/1.1\r\n", 5], // a relative path is no Request-URI
    ["GET /a HTTP/1.x\r\n", 14],
    ["GET /a FTP/1.1\r\n", 7],
    ["G(T /a HTTP/1.1\r\n", 1], // "(" is a separator, not a token character
    [" GET /a HTTP/1.1\r\n", 0],
    ["GET /a HTTP/1.1\r\nX", 17],
    ["", 0],
  ];

  test.each(rejected)("rejects %j at offset %d", (line, offset) => {
    let error: PeggySyntaxError | undefined;
    try {
      parser.parse(line);
    } catch (e) {
      error = e as PeggySyntaxError;
    }
    expect(error).toBeInstanceOf(parser.SyntaxError);
    expect(error!.location.start.offset).toBe(offset);
  });

  test("what the imported rules expected shows in the error", () => {
    expect(() => parser.parse("GET /a%zz HTTP/1.1\r\n")).toThrow(/escaped octet \(% hex hex\)/);
  });
});

describe("the same grammar compiled as an ES module (peggy --format es)", () => {
  // peggy's ES output does `import * as lib from "rfc2396/parser"`; the
  // package's ./parser export has an "import" condition with an ES module
  // (written by scripts/finish-build.js) that re-exports parse, SyntaxError
  // and StartRules.
  test("parses a request line by importing rfc2396/parser", () => {
    execFileSync(process.execPath, [path.join(example, "build.js"), "--format", "es"], { cwd: root, stdio: "pipe" });
    const script =
      `import { parse } from ${JSON.stringify(path.join(example, "request-line.mjs"))};` +
      'console.log(parse("GET /a?b HTTP/1.1\\r\\n").uri.form);';
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
      stdio: "pipe",
    });
    expect(out.trim()).toBe("abs_path");
  });
});

describe("examples/api-demo.js, a program on the library API", () => {
  test("runs against the built package", () => {
    const out = execFileSync(process.execPath, [path.join(root, "examples", "api-demo.js")], {
      cwd: root,
      encoding: "utf8",
    });
    expect(out).toContain('resolve(base, "../g") / relativize back');
    expect(out).toContain('["http://a/b/g","../g"]');
    expect(out).toMatch(/^ {12}toplabel \[14, 17\) "com"$/m);
  });
});
