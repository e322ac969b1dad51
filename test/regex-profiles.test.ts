// A second grammar is just another input to scripts/build-regex.js: a profile is a list of
// grammar files, the overlays' rules replacing those of the same name. This builds a profile
// from the real grammar and a small overlay written here (RFC 2732's third change: "[" and
// "]" become reserved, so they enter uric, hence query and fragment, but not pchar), in a
// scratch folder, and runs the patterns it gives: the overlay changes what it should, and
// nothing else; and brackets, which RFC 2396 alone never puts in a class, are written right in
// every flavor's class syntax (POSIX's "]" first, XSD's and the others' escapes). The shipped
// profile rfc2732 is built the same way from the real overlay, grammar/rfc2732.peggy.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { hasCommand } from "./regex/engines";

const ROOT = path.join(__dirname, "..");
const CI = process.env.CI === "true";

const OVERLAY = `// A test overlay: RFC 2732's reserved.
reserved
  = [;/?:@&=+$,\\[\\]]
`;

interface Built {
  rules: string[];
  patterns: Record<string, Record<string, string>>;
}

let built: Built;
let base: Built;

beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-profile-"));
  try {
    fs.mkdirSync(path.join(dir, "grammar"));
    fs.copyFileSync(path.join(ROOT, "grammar", "rfc2396.peggy"), path.join(dir, "grammar", "rfc2396.peggy"));
    fs.writeFileSync(path.join(dir, "grammar", "overlay.peggy"), OVERLAY);
    const script = `
      const { derive, loadProfile } = require(${JSON.stringify(path.join(ROOT, "scripts", "build-regex.js"))});
      const root = ${JSON.stringify(dir)};
      const one = (grammars) => derive(loadProfile(root, { name: "t", title: "t", grammars }).rules);
      process.stdout.write(JSON.stringify([one(["grammar/rfc2396.peggy"]), one(["grammar/rfc2396.peggy", "grammar/overlay.peggy"])]));
    `;
    [base, built] = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as [Built, Built];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a missing grammar file makes the profile missing, not an error", () => {
  const script = `
    const { loadProfile } = require(${JSON.stringify(path.join(ROOT, "scripts", "build-regex.js"))});
    process.stdout.write(JSON.stringify(loadProfile(${JSON.stringify(ROOT)}, { name: "x", title: "x", grammars: ["grammar/rfc2396.peggy", "grammar/none.peggy"] })));
  `;
  expect(JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }))).toEqual({
    missing: "grammar/none.peggy",
  });
});

test("the base profile built from a copy of the grammar gives the shipped patterns", () => {
  const shipped = JSON.parse(fs.readFileSync(path.join(ROOT, "dist", "regex", "re2.json"), "utf8"));
  expect(base.patterns.re2).toEqual(shipped);
});

test("the shipped rfc2732 profile is the real overlay, grammar/rfc2732.peggy, built the same way", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-profile-"));
  try {
    fs.mkdirSync(path.join(dir, "grammar"));
    for (const file of ["rfc2396.peggy", "rfc2732.peggy"])
      fs.copyFileSync(path.join(ROOT, "grammar", file), path.join(dir, "grammar", file));
    const script = `
      const { derive, loadProfile } = require(${JSON.stringify(path.join(ROOT, "scripts", "build-regex.js"))});
      const grammars = ["grammar/rfc2396.peggy", "grammar/rfc2732.peggy"];
      process.stdout.write(JSON.stringify(derive(loadProfile(${JSON.stringify(dir)}, { name: "t", title: "t", grammars }).rules)));
    `;
    const real = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as Built;
    const shipped = JSON.parse(fs.readFileSync(path.join(ROOT, "dist", "regex", "rfc2732", "re2.json"), "utf8"));
    expect(real.patterns.re2).toEqual(shipped);
    expect(real.rules).toEqual(Object.keys(shipped));
    expect(real.rules).toEqual(expect.arrayContaining(["IPv6reference", "IPv6address", "hex4"]));
    expect(real.patterns.re2).not.toEqual(base.patterns.re2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the overlay changes the rules that use reserved (through uric), and only those", () => {
  const changed = built.rules.filter((r) => built.patterns.re2?.[r] !== base.patterns.re2?.[r]);
  expect(changed.sort()).toEqual(
    [
      "URI-reference",
      "absoluteURI",
      "relativeURI",
      "hier_part",
      "opaque_part",
      "path",
      "query",
      "fragment",
      "uric",
      "reserved",
    ].sort(),
  );
});

test("brackets are in the classes of every flavor, and V8 agrees with the overlay's language", () => {
  const query = new RegExp(built.patterns.ecmascript?.query as string);
  const segment = new RegExp(built.patterns.ecmascript?.segment as string);
  const uri = new RegExp(built.patterns.ecmascript?.["URI-reference"] as string, "u");
  expect([query.test("a[b]"), query.test("]"), segment.test("a[b]"), uri.test("http://h/?q=[x]#a[b]")]).toEqual([
    true,
    true,
    false,
    true,
  ]);
  expect(uri.test("http://h/a[b]")).toBe(false);
  for (const flavor of ["python", "java", "pcre2", "re2", "posix-ere", "xsd"])
    expect(built.patterns[flavor]?.reserved).toMatch(/\[.*\]/);
  expect(built.patterns["posix-ere"]?.reserved).toMatch(/^\^\[\][^\\]*\[[^\\]*\]\$$/);
});

test("grep -E takes the overlay's POSIX classes (] first, [ inside, no escapes)", () => {
  if (!hasCommand("grep")) {
    if (CI) throw new Error("grep is missing under CI (apt-get install -y grep)");
    console.warn("test/regex-profiles.test.ts: grep is missing; install it with apt-get install -y grep");
    return;
  }
  const inputs = ["[", "]", ";", "a", "\\", "[]"];
  const r = spawnSync("grep", ["-E", built.patterns["posix-ere"]?.reserved as string], {
    input: inputs.join("\n") + "\n",
    encoding: "utf8",
    env: { ...process.env, LC_ALL: "C" },
  });
  expect(r.stdout.split("\n").filter(Boolean)).toEqual(["[", "]", ";"]);
});
