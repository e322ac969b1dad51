// docs/readings.md, the registry of the places where RFC 2396 leaves a choice,
// against the code: every reading is tagged `READING: Rn` where src/ implements
// it, every tag names a reading, each entry has its parts, and every example of
// the registry gives the result it documents (for a reading with an option:
// with the default and with the option).
import * as fs from "fs";
import * as path from "path";
import * as core from "../src";
import * as html from "../src/html";
import { checkScheme } from "../src/schemes";
import * as generic from "../src/compare/generic";
import * as compareEntry from "../src/compare";
import { regex } from "../src/regex";
import * as implementations from "../src/implementations";

const ROOT = path.join(__dirname, "..");
const REGISTRY = path.join(ROOT, "docs", "readings.md");
const SRC = path.join(ROOT, "src");
/** Built, never committed, and not where readings are implemented. */
const GENERATED = path.join(SRC, "syntax", "generated");

/** What an example's call gives: a value (JavaScript text), or an error with its name and code. */
type Expected = { kind: "value"; text: string } | { kind: "throws"; name: string; code: string | undefined };

interface Example {
  /** The call, JavaScript text with the library's exports in scope. */
  code: string;
  expected: Expected;
  line: number;
}

interface Reading {
  id: string;
  title: string;
  /** 1-based line of its heading. */
  line: number;
  /** The section(s) named in "**Spec text (...):**", and how many quoted lines follow. */
  section: string | undefined;
  quotes: number;
  choice: string | undefined;
  alternative: string | undefined;
  option: string | undefined;
  examples: Example[];
  /** What the parser could not read. */
  problems: string[];
}

const LABEL = /^\*\*(Spec text|Choice|Alternative|Option|Example)\b(?: \(([^)]*)\))?:\*\*\s*(.*)$/;

/** The registry's entries: `## Rn: title`, then the labelled parts. */
function parseRegistry(text: string): { readings: Reading[]; problems: string[] } {
  const readings: Reading[] = [];
  const problems: string[] = [];
  let current: Reading | undefined;
  let part: string | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trimEnd();
    const at = index + 1;
    if (line.startsWith("## ")) {
      part = undefined;
      current = undefined;
      const h = /^## (R\d+): (\S.*)$/.exec(line);
      if (h === null) {
        if (/^## R/.test(line))
          problems.push(`line ${at}: a heading that is not "## Rn: title": ${JSON.stringify(line)}`);
        return;
      }
      current = {
        id: h[1],
        title: h[2],
        line: at,
        section: undefined,
        quotes: 0,
        choice: undefined,
        alternative: undefined,
        option: undefined,
        examples: [],
        problems: [],
      };
      readings.push(current);
      return;
    }
    if (current === undefined) return;
    const label = LABEL.exec(line);
    if (label !== null) {
      part = label[1];
      const rest = label[3];
      if (part === "Spec text") current.section = label[2];
      if (part === "Choice") current.choice = rest;
      if (part === "Alternative") current.alternative = rest;
      if (part === "Option") current.option = rest;
      return;
    }
    if (part === "Spec text" && line.startsWith("> ") && line.length > 2) current.quotes++;
    if ((part === "Choice" || part === "Alternative" || part === "Option") && line !== "") {
      const key = part === "Choice" ? "choice" : part === "Alternative" ? "alternative" : "option";
      current[key] = `${current[key] ?? ""} ${line}`.trim();
    }
    if (part === "Example" && line.startsWith("- ")) {
      const example = parseExample(line);
      if (example === undefined) current.problems.push(`line ${at}: an example that is not "- \`call\` → result"`);
      else current.examples.push({ ...example, line: at });
    }
  });
  return { readings, problems };
}

/** "- `call` → `value`" or "- `call` → throws `Name` (`code`)". */
function parseExample(line: string): Omit<Example, "line"> | undefined {
  const arrow = line.lastIndexOf("` → ");
  if (!line.startsWith("- `") || arrow < 0) return undefined;
  const code = line.slice(3, arrow);
  const result = line.slice(arrow + 4);
  const thrown = /^throws `(\w+)`(?: \(`([\w-]+)`\))?$/.exec(result);
  if (thrown !== null) return { code, expected: { kind: "throws", name: thrown[1], code: thrown[2] } };
  const value = /^`(.+)`$/.exec(result);
  if (value !== null) return { code, expected: { kind: "value", text: value[1] } };
  return undefined;
}

/** Every `READING: Rn` tag under src/, and the lines that mention READING in another form. */
function scanTags(): { tags: Map<string, string[]>; malformed: string[] } {
  const tags = new Map<string, string[]>();
  const malformed: string[] = [];
  for (const file of tsFiles(SRC)) {
    const where = path.relative(ROOT, file);
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (!line.includes("READING")) return;
        const tag = /^\s*(?:\/\/|\*)\s*READING: (R\d+)\s*$/.exec(line);
        if (tag === null) {
          malformed.push(`${where}:${index + 1}: ${line.trim()}`);
          return;
        }
        const list = tags.get(tag[1]) ?? [];
        list.push(`${where}:${index + 1}`);
        tags.set(tag[1], list);
      });
  }
  return { tags, malformed };
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== GENERATED) out.push(...tsFiles(full));
    } else if (entry.name.endsWith(".ts")) {
      out.push(full);
    }
  }
  return out.sort();
}

/**
 * Every export of the library's entries (rfc2396, rfc2396/html and
 * rfc2396/compare; rfc2396/implementations as `implementations`), the readers of RFC 3986 and 3987 (src/compare/generic),
 * and the RFC 2732 profile's entry as `rfc2732` (built: scripts/finish-build.js).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rfc2732 = require(path.join(ROOT, "dist", "rfc2732", "index.js")) as Record<string, unknown>;
// The modules of rfc2396 lint (CLI only, no entry of the package), for the readings it implements (R83 to R86, R106 to R116).
const lint = Object.assign(
  {},
  ...[
    "positions",
    "found",
    "check",
    "readers",
    "xml",
    "yaml",
    "json",
    "text",
    "code",
    "markdown",
    "placeholders",
    "baseline",
  ].map(
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (m) => require(path.join(ROOT, "dist", "lint", `${m}.js`)) as object,
  ),
) as Record<string, unknown>;
// The modules of rfc2396/eslint's rule, for the readings it implements (R112 to R124).
const eslintPlugin = Object.assign(
  {},
  ...["check", "options", "javascript", "documents", "rule"].map(
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (m) => require(path.join(ROOT, "dist", "eslint-plugin", `${m}.js`)) as object,
  ),
) as Record<string, unknown>;
// (regex, for the java profile's readings R87 and R88; javaFix, rfc2396/implementations', for R97 and R98.)
const lib = {
  ...core,
  ...html,
  ...generic,
  ...compareEntry,
  rfc2732,
  checkScheme,
  lint,
  regex,
  javaFix: implementations.javaFix,
  implementations,
  eslintPlugin,
};

/** Evaluates JavaScript text with every export of the library in scope. */
const NAMES = Object.keys(lib).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
const VALUES = NAMES.map((n) => (lib as Record<string, unknown>)[n]);
function evaluate(code: string): unknown {
  return new Function(...NAMES, `"use strict"; return (${code});`)(...VALUES);
}

/** The name an option line starts with: `aboveRoot: "remove"` gives aboveRoot. */
function optionName(option: string): string | undefined {
  const first = /`([^`]+)`/.exec(option);
  return first === null ? undefined : /^[A-Za-z_$][\w$]*/.exec(first[1])?.[0];
}

const { readings, problems: registryProblems } = parseRegistry(fs.readFileSync(REGISTRY, "utf8"));
const ids = readings.map((r) => r.id);

describe("docs/readings.md", () => {
  test("has readings, with well-formed headings", () => {
    expect(registryProblems).toEqual([]);
    expect(readings.length).toBeGreaterThan(0);
  });

  test("its IDs are unique and run R1, R2, ... without a gap", () => {
    const problems: string[] = [];
    const seen = new Map<string, number>();
    for (const r of readings) {
      const first = seen.get(r.id);
      if (first !== undefined) problems.push(`${r.id} (line ${r.line}) repeats the ${r.id} of line ${first}`);
      else seen.set(r.id, r.line);
    }
    readings.forEach((r, i) => {
      if (r.id !== `R${i + 1}`) problems.push(`heading ${i + 1} (line ${r.line}) is ${r.id}, expected R${i + 1}`);
    });
    expect(problems).toEqual([]);
  });

  test("every entry has a title, the spec text with its section, the choice, the alternative and the option", () => {
    const problems: string[] = [];
    for (const r of readings) {
      const missing = (what: string): void => {
        problems.push(`${r.id} (line ${r.line}): ${what}`);
      };
      r.problems.forEach((p) => missing(p));
      if (r.title.trim() === "") missing("no title");
      if (r.section === undefined) missing('no "**Spec text (section):**"');
      else if (!/\d|Appendix [A-G]/.test(r.section)) missing(`the spec text names no section: ${r.section}`);
      if (r.quotes === 0) missing('no quoted spec text ("> ...") after "**Spec text**"');
      if (!r.choice) missing('no "**Choice:**"');
      if (!r.alternative) missing('no "**Alternative:**"');
      if (!r.option) missing('no "**Option:**"');
      else if (/^none\b/.test(r.option) && !/^none(?: yet)?[:.]\s*\S/.test(r.option)) {
        missing('"**Option:** none" without a reason after it');
      } else if (!/^none\b/.test(r.option) && optionName(r.option) === undefined) {
        missing("the option names no option in `...`");
      }
      if (r.examples.length === 0) missing('no "**Example:**" with "- `call` → result" lines');
    }
    expect(problems).toEqual([]);
  });

  test("a reading with an option shows the default and the option", () => {
    const problems: string[] = [];
    for (const r of readings) {
      if (r.option === undefined || /^none\b/.test(r.option)) continue;
      const name = optionName(r.option) as string;
      const uses = r.examples.filter((e) => new RegExp(`\\b${name}\\b`).test(e.code));
      if (uses.length === 0) problems.push(`${r.id}: no example uses the option ${name}`);
      if (uses.length === r.examples.length) problems.push(`${r.id}: no example shows the default (without ${name})`);
    }
    expect(problems).toEqual([]);
  });
});

describe("READING tags in src/", () => {
  const { tags, malformed } = scanTags();

  test('every tag is a comment line of its own, "// READING: Rn" or " * READING: Rn"', () => {
    expect(malformed).toEqual([]);
  });

  test("every reading of the registry is tagged where it is implemented", () => {
    expect(ids.filter((id) => !tags.has(id))).toEqual([]);
  });

  test("every tag names a reading of the registry", () => {
    const unknown = [...tags].filter(([id]) => !ids.includes(id)).map(([id, where]) => `${id} at ${where.join(", ")}`);
    expect(unknown).toEqual([]);
  });
});

describe("the examples of the registry", () => {
  const cases = readings.flatMap((r) => r.examples.map((e) => [`${r.id} (line ${e.line}): ${e.code}`, e] as const));

  test.each(cases)("%s", (_name, example) => {
    const run = (): unknown => evaluate(example.code);
    const expected = example.expected;
    if (expected.kind === "throws") {
      const shape: Record<string, unknown> = { name: expected.name };
      if (expected.code !== undefined) shape.code = expected.code;
      expect(run).toThrow(expect.objectContaining(shape));
    } else {
      expect(run()).toEqual(evaluate(expected.text));
    }
  });
});
