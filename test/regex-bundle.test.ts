/**
 * rfc2396/regex/FLAVOR (issue 30, point 8): one module per profile and flavor, one named
 * export per rule, so that a bundle that needs one pattern holds that one. Bundled with
 * esbuild (a devDependency) from a scratch project that has the package in its node_modules.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REGEX_FLAVORS, regex, regexRules } from "../src/regex";

const ROOT = path.join(__dirname, "..");
const ESBUILD = path.join(ROOT, "node_modules", ".bin", "esbuild");

/** Bundles `source` (an ES module) as a browser bundle would be, and returns the bundle. */
function bundle(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-bundle-"));
  try {
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(ROOT, path.join(dir, "node_modules", "rfc2396"));
    fs.writeFileSync(path.join(dir, "entry.js"), source);
    execFileSync(ESBUILD, ["entry.js", "--bundle", "--format=esm", "--outfile=out.js", "--log-level=warning"], {
      cwd: dir,
    });
    return fs.readFileSync(path.join(dir, "out.js"), "utf8");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a bundle of one rule's pattern holds that pattern and no other", () => {
  const out = bundle('import { hostname } from "rfc2396/regex/re2";\nconsole.log(hostname);\n');
  expect(out).toContain(JSON.stringify(regex("hostname", { flavor: "re2" })));
  expect(out).not.toContain(JSON.stringify(regex("IPv4address", { flavor: "re2" })));
  expect(out.length).toBeLessThan(1000);
  // The whole entry, rfc2396/regex, brings every profile's every flavor.
  const whole = bundle('import { regex } from "rfc2396/regex";\nconsole.log(regex("hostname", { flavor: "re2" }));\n');
  expect(whole.length).toBeGreaterThan(100 * out.length);
});

test("a bundle of one flavor holds that flavor's patterns and no other flavor's", () => {
  const out = bundle('import * as re2 from "rfc2396/regex/rfc2732/re2";\nconsole.log(Object.keys(re2));\n');
  expect(out).toContain(JSON.stringify(regex("IPv6address", { flavor: "re2", profile: "rfc2732" })));
  expect(out).not.toContain(JSON.stringify(regex("IPv6address", { flavor: "pcre2", profile: "rfc2732" })));
  expect(out).not.toContain(JSON.stringify(regex("hostname", { flavor: "ecmascript" })));
});

test("require and import of rfc2396/regex/FLAVOR give every rule, URI-reference as URI_reference", () => {
  const script = (flavor: string, profile: string) =>
    `const m = require("rfc2396/regex/${profile === "rfc2396" ? "" : `${profile}/`}${flavor}");` +
    `console.log(JSON.stringify(m));`;
  for (const profile of ["rfc2396", "rfc2732"] as const)
    for (const flavor of REGEX_FLAVORS) {
      const out = execFileSync(process.execPath, ["-e", script(flavor, profile)], { cwd: ROOT, encoding: "utf8" });
      const expected = Object.fromEntries(
        regexRules(profile).map((r) => [r.replace(/-/g, "_"), regex(r, { flavor, profile })]),
      );
      expect(JSON.parse(out)).toEqual(expected);
    }
  const esm = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'import { URI_reference } from "rfc2396/regex/rfc2732/pcre2"; console.log(URI_reference);',
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(esm.trim()).toBe(regex("URI-reference", { flavor: "pcre2", profile: "rfc2732" }));
});

test("each flavor module has types: a string a rule", () => {
  const types = fs.readFileSync(path.join(ROOT, "dist", "regex", "flavors", "re2.d.ts"), "utf8");
  for (const rule of regexRules()) expect(types).toContain(`export declare const ${rule.replace(/-/g, "_")}: string;`);
});
