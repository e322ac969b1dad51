import * as fs from "node:fs";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { type Profile, withProfile } from "../src/syntax/profile";

/** The corpus in the repository (data/corpus/, gzipped; see data/README.md). */
export const CORPUS = path.join(__dirname, "..", "data", "corpus");

/** The non-empty lines of a corpus file ("uris.txt", "refs.tsv", "messy.jsonl"). */
export function corpusLines(file: string): string[] {
  const text = zlib.gunzipSync(fs.readFileSync(path.join(CORPUS, `${file}.gz`))).toString("utf8");
  return text.split("\n").filter((line) => line.length > 0);
}

/** Appendix B's regular expression: a generic split that validates nothing. */
export const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** Appendix A of the spec text (a retelling of RFC 2396 whose Appendix A is exact), copied into data/. */
export const SPEC = path.join(__dirname, "..", "data", "appendix-a.txt");

/** Appendix A's rules in order, read from the RFC text: [name, BNF on one line]. */
export function appendixA(): [string, string][] {
  const lines = fs.readFileSync(SPEC, "utf8").split(/\r?\n/);
  const start = lines.findIndex((l) => /^A\. Collected BNF for URI/.test(l));
  const end = lines.findIndex((l, i) => i > start && /^B\. /.test(l));
  if (start < 0 || end < start) throw new Error(`Appendix A not found in ${SPEC}`);
  const rules: [string, string][] = [];
  for (const line of lines.slice(start + 1, end)) {
    const head = /^\s+([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(.*)$/.exec(line);
    if (head) rules.push([head[1], head[2].trim()]);
    else if (/^\s+\S/.test(line) && rules.length > 0) rules[rules.length - 1][1] += " " + line.trim();
  }
  return rules;
}

/**
 * jest's `test`, each body run with `profile` bound (src/syntax/profile.ts):
 * what the shared cases of both profiles (test/*-cases.ts) declare their
 * tests with, so that the internals they call read that profile.
 */
export function profiledTest(profile: Profile): typeof test {
  const bind =
    (body: (...args: unknown[]) => unknown) =>
    (...args: unknown[]): Promise<unknown> =>
      Promise.resolve(withProfile(profile, () => body(...args)));
  const profiled = (name: string, body: (...args: unknown[]) => unknown, timeout?: number): void =>
    test(name, bind(body), timeout);
  const each =
    (table: readonly unknown[]) =>
    (name: string, body: (...args: unknown[]) => unknown, timeout?: number): void =>
      test.each(table as unknown[][])(name, bind(body), timeout);
  return Object.assign(profiled, { each }) as unknown as typeof test;
}
