// The built package: require and import both work, with the same API.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.join(__dirname, "..");

function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" });
}

test("require('rfc2396') works from the built dist/", () => {
  const out = node([
    "-e",
    "const r = require('rfc2396'); console.log(JSON.stringify(r.parse('http://a/b?'))); console.log(r.isValid('a b'))",
  ]);
  expect(out.trim().split("\n")).toEqual([
    JSON.stringify({
      scheme: "http",
      authority: "a",
      host: "a",
      path: "/b",
      query: "",
      opaque: false,
      authorityType: "server",
      hostType: "hostname",
      kind: "absolute",
    }),
    "false",
  ]);
});

test("import from 'rfc2396' works, with the same functions and error class", () => {
  const script = [
    "import { parse, isValid, UriSyntaxError, RULES } from 'rfc2396';",
    "import cjs from 'rfc2396';",
    "let err; try { parse('a#b#c'); } catch (e) { err = e; }",
    "console.log(err instanceof UriSyntaxError, err.offset, isValid('g:h'), RULES.length, parse === cjs.parse);",
  ].join("\n");
  const out = node(["--input-type=module", "-e", script]);
  expect(out.trim()).toBe("true 3 true 40 true");
});

test("the types ship with the package", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { types: string };
  expect(pkg.types).toBe("./dist/index.d.ts");
  expect(fs.existsSync(path.join(root, "dist", "index.d.ts"))).toBe(true);
  expect(fs.existsSync(path.join(root, "dist", "syntax", "generated", "rfc2396-parser.d.ts"))).toBe(true);
});
