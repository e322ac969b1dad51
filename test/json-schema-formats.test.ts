// The JSON Schema formats: rfc2396/ajv (Ajv, with the ecmascript patterns) and the package's
// dist/regex/rfc2396_jsonschema.py (Python's jsonschema, with the python patterns) give, for
// each of the four formats, the library's own verdict on every string of the regex cases of
// both profiles: rfc2396-uri-reference is isValid, rfc2396-uri is isValid and a scheme; the
// rfc2732 formats the same with the profile's build (dist/rfc2732). Ajv and Python's
// jsonschema are the validators themselves, not stand-ins.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import Ajv from "ajv";
import { parse, isValid } from "../src";
import { JSON_SCHEMA_FORMATS, addFormats, jsonSchemaFormats } from "../src/regex/json-schema";
import { regexRules } from "../src/regex";
import { buildCases } from "./regex/cases";
import { buildRfc2732Cases } from "./regex/cases-rfc2732";

const ROOT = path.join(__dirname, "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rfc2732 = require(path.join(ROOT, "dist", "rfc2732", "index.js")) as {
  isValid(input: string): boolean;
  parse(input: string): { scheme?: string };
};

/** Every string of the regex cases of both profiles, once each. */
const STRINGS = [
  ...new Set([
    ...buildCases(0x2396_0018).map((c) => c.input),
    ...buildRfc2732Cases(0x2396_0018 + 2732, regexRules("rfc2732")).cases.map((c) => c.input),
  ]),
];

/** The library's verdict for each format. */
function expected(format: string, s: string): boolean {
  const [profile, kind] = [format.slice(0, 7), format.slice(8)];
  const lib = profile === "rfc2396" ? { isValid, parse } : rfc2732;
  if (!lib.isValid(s)) return false;
  return kind === "uri-reference" || lib.parse(s).scheme !== undefined;
}

function disagreements(format: string, verdicts: readonly boolean[]): string[] {
  const wrong: string[] = [];
  STRINGS.forEach((s, i) => {
    if (verdicts[i] !== expected(format, s))
      wrong.push(`${format} ${JSON.stringify(s.slice(0, 100))}: ${String(verdicts[i])}`);
  });
  return wrong;
}

test("the cases hold, for each format, strings it accepts and strings it rejects", () => {
  expect(STRINGS.length).toBeGreaterThan(20_000);
  for (const format of JSON_SCHEMA_FORMATS) {
    const yes = STRINGS.filter((s) => expected(format, s)).length;
    expect(yes).toBeGreaterThan(1000);
    expect(STRINGS.length - yes).toBeGreaterThan(1000);
  }
});

test("Ajv with addFormats gives the library's verdict on every string, for every format", () => {
  const ajv = addFormats(new Ajv());
  for (const format of JSON_SCHEMA_FORMATS) {
    const validate = ajv.compile({ type: "string", format });
    const wrong = disagreements(
      format,
      STRINGS.map((s) => validate(s)),
    );
    expect(wrong.slice(0, 10)).toEqual([]);
  }
});

test("a format applies to strings only, and Ajv without the formats refuses the schema", () => {
  // (A format without a type: Ajv's strict mode would warn of it.)
  const ajv = addFormats(new Ajv({ strictTypes: false }));
  expect(ajv.validate({ format: "rfc2396-uri" }, 42)).toBe(true);
  expect(ajv.validate({ format: "rfc2396-uri" }, "../g")).toBe(false);
  expect(() => new Ajv().compile({ type: "string", format: "rfc2396-uri" })).toThrow(/unknown format/);
});

test("jsonSchemaFormats gives new RegExps each call; addFormats refuses what is not a validator", () => {
  const a = jsonSchemaFormats();
  const b = jsonSchemaFormats();
  expect(a["rfc2396-uri"]).not.toBe(b["rfc2396-uri"]);
  expect(Object.keys(a)).toEqual([...JSON_SCHEMA_FORMATS]);
  for (const bad of [undefined, null, {}, { addFormat: 1 }, "ajv"])
    expect(() => addFormats(bad as never)).toThrow(TypeError);
});

test("the Python formats (dist/regex/rfc2396_jsonschema.py) give the library's verdict in jsonschema", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-jsonschema-"));
  try {
    const input = path.join(dir, "strings.json");
    fs.writeFileSync(input, JSON.stringify(STRINGS));
    const program = `
import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(ROOT, "dist", "regex"))})
from jsonschema import Draft202012Validator, FormatChecker
from rfc2396_jsonschema import FORMATS, add_formats
checker = add_formats(FormatChecker())
strings = json.load(open(sys.argv[1], encoding="utf-8"))
out = {}
for name in FORMATS:
    v = Draft202012Validator({"type": "string", "format": name}, format_checker=checker)
    out[name] = [v.is_valid(s) for s in strings]
print(json.dumps(out))
`;
    const r = spawnSync("python3", ["-c", program, input], { encoding: "utf8", maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`python3 (with jsonschema) failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as Record<string, boolean[]>;
    expect(Object.keys(out)).toEqual([...JSON_SCHEMA_FORMATS]);
    for (const format of JSON_SCHEMA_FORMATS)
      expect(disagreements(format, out[format] as boolean[]).slice(0, 10)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
