/**
 * The XML formats of `lint`: Checkstyle's (a `file` element for each file
 * with problems, an `error` for each, columns in characters) and JUnit's
 * (a test suite for each file, a test case for each URI with problems).
 *
 * @module
 */
import { shown } from "../args.js";
import {
  type FileReport,
  type Formatter,
  type LintFormat,
  type PlacedProblem,
  type Summary,
  summaryText,
} from "./report.js";

/**
 * Text for an XML attribute or element: controls, lone surrogates and the
 * like shown as `\u{..}` (args.ts's `shown`: XML 1.0 cannot hold most of
 * them), then markup escaped.
 */
export function xmlText(s: string): string {
  return shown(s)
    .replace(/[\ufffe\uffff]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`)
    .replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

function text(p: PlacedProblem): string {
  const section = p.section === undefined ? "" : ` (${p.section})`;
  return p.uri === "" ? `${p.message}${section}` : `${p.message}${section} in ${JSON.stringify(p.uri)}, ${p.where}`;
}

export function checkstyleFormat(): Formatter {
  return {
    begin: () => '<?xml version="1.0" encoding="UTF-8"?>\n<checkstyle version="4.3">\n',
    file(r: FileReport): string {
      if (r.problems.length === 0) return "";
      const rows = r.problems.map(
        (p) =>
          `    <error line="${p.from.line}" column="${p.from.chars}" severity="${p.severity}" message="${xmlText(text(p))}" source="rfc2396.${p.code}"/>\n`,
      );
      return `  <file name="${xmlText(r.file)}">\n${rows.join("")}  </file>\n`;
    },
    end: () => "</checkstyle>\n",
  };
}

export function junitFormat(): Formatter {
  return {
    begin: () => '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="rfc2396 lint">\n',
    file(r: FileReport): string {
      // One test case per URI with problems; the URIs without any pass (counted in `tests`).
      const cases = new Map<string, PlacedProblem[]>();
      for (const p of r.problems) {
        const key = `${p.start}\u0000${p.uri}`;
        const list = cases.get(key);
        if (list === undefined) cases.set(key, [p]);
        else list.push(p);
      }
      const failed = [...cases.values()].filter((ps) => ps.some((p) => p.severity === "error")).length;
      const rows = [...cases.values()].map((ps) => {
        const first = ps[0];
        const name = `${r.file}:${first.from.line}:${first.from.chars} ${first.uri === "" ? first.code : first.uri}`;
        const body = ps
          .map((p) => {
            const tag = p.severity === "error" ? "failure" : "system-out";
            const attrs = tag === "failure" ? ` message="${xmlText(`${p.code}: ${p.message}`)}" type="${p.code}"` : "";
            return `      <${tag}${attrs}>${xmlText(`${r.file}:${p.from.line}:${p.from.chars}: ${p.severity}[${p.code}] ${text(p)}`)}</${tag}>\n`;
          })
          .join("");
        return `    <testcase classname="rfc2396.lint" name="${xmlText(name)}">\n${body}    </testcase>\n`;
      });
      const tests = Math.max(r.checked, cases.size);
      return `  <testsuite name="${xmlText(r.file)}" tests="${tests}" failures="${failed}" errors="0" skipped="0">\n${rows.join("")}  </testsuite>\n`;
    },
    end: (s: Summary) => `  <!-- ${xmlText(summaryText(s))} -->\n</testsuites>\n`,
  };
}

/** The rows of the formats' table. */
export const checkstyleRow: LintFormat = {
  name: "checkstyle",
  title: "Checkstyle XML, columns in characters",
  summaryInOutput: false,
  create: () => checkstyleFormat(),
};
export const junitRow: LintFormat = {
  name: "junit",
  title: "JUnit XML: a test suite per file, a failure per bad URI",
  summaryInOutput: false,
  create: () => junitFormat(),
};
