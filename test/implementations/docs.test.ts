// docs/implementations.md's "Parsers" table against the readings: each
// row is a string of the studies (./studies.ts), each column a reading of
// the table, each cell the host that reading reports ("no host" where it
// has none, "refused" where the library refuses the string). The readings
// themselves are checked against the real libraries by each library's test,
// on these strings too.
import * as fs from "node:fs";
import * as path from "node:path";
import { IMPLEMENTATIONS, read } from "../../src/implementations/index";
import { STUDIES } from "./studies";

const DOC = path.join(__dirname, "..", "..", "docs", "implementations.md");
/** The readings of the Parsers section (another section holds java.net.URI's). */
const COLUMNS = IMPLEMENTATIONS.filter((name) => name !== "java.net.URI");

/** What a cell says of one reading of one string. */
export function cell(name: string, input: string): string {
  const r = read(name, input);
  if (!r.ok) return "refused";
  return r.host === undefined ? "no host" : `\`${r.host}\``;
}

/** The table's rows as the docs have them: [input, ...cells]. */
function documented(): { header: string[]; rows: string[][] } {
  const text = fs.readFileSync(DOC, "utf8");
  const start = text.indexOf("<!-- parsers-table -->");
  const end = text.indexOf("<!-- /parsers-table -->");
  expect(start).toBeGreaterThan(0);
  const lines = text
    .slice(start, end)
    .split("\n")
    .filter((l) => l.startsWith("|"));
  const split = (l: string) =>
    l
      .slice(1, -1)
      .split(" | ")
      .map((c) => c.trim());
  return { header: split(lines[0]), rows: lines.slice(2).map(split) };
}

test("the table's columns are the readings, its rows the studies' strings", () => {
  const { header, rows } = documented();
  expect(header).toEqual(["string", "source", ...COLUMNS.map((n) => `\`${n}\``)]);
  expect(rows.map((r) => r[0])).toEqual(STUDIES.map((s) => `\`${s.input}\``));
  expect(rows.map((r) => r[1])).toEqual(STUDIES.map((s) => s.source));
});

test("each cell is what the reading makes of the string", () => {
  const { rows } = documented();
  const expected = STUDIES.map((s) => [`\`${s.input}\``, s.source, ...COLUMNS.map((n) => cell(n, s.input))]);
  expect(rows).toEqual(expected);
});
