/**
 * The fingerprint of each problem (SARIF's `partialFingerprints`,
 * `rfc2396/v1`), and the baseline of `--baseline FILE`: a SARIF log of
 * findings accepted once (`--write-baseline`), whose fingerprints later runs
 * leave out, so that only new findings are reported (reading R113).
 *
 * @module
 */
import { createHash } from "node:crypto";

/** What a fingerprint is made of: the problem's code, URI and place in the URI. */
export interface Printable {
  readonly code: string;
  readonly uri: string;
  readonly uriStart: number;
}

/**
 * The fingerprints of a file's problems, in their order: stable across edits
 * elsewhere in the file (the path, the code, the URI, and which of its
 * like it is), not across a change of the URI or a rename of the file.
 */
export function fingerprints(file: string, problems: readonly Printable[]): string[] {
  const seen = new Map<string, number>();
  return problems.map((p) => {
    const key = `${p.code}\u0000${p.uri}\u0000${p.uriStart}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return createHash("sha256").update(`${file}\u0000${key}\u0000${n}`).digest("hex").slice(0, 32);
  });
}

/** A baseline file that cannot be used: why. */
export class BaselineError extends Error {
  override readonly name = "BaselineError";
}

/**
 * The fingerprints of a baseline (a SARIF log, as `--format sarif` or
 * `--write-baseline` writes it), each with how many times it occurs.
 * @throws {BaselineError} when the text is not such a log.
 */
export function readBaseline(text: string): Map<string, number> {
  let log: unknown;
  try {
    log = JSON.parse(text);
  } catch (e) {
    throw new BaselineError(`not JSON: ${(e as Error).message}`);
  }
  const runs = (log as { runs?: unknown } | null)?.runs;
  if (!Array.isArray(runs)) throw new BaselineError("not a SARIF log (no runs)");
  const counts = new Map<string, number>();
  for (const run of runs) {
    const results = (run as { results?: unknown } | null)?.results;
    if (!Array.isArray(results)) continue;
    for (const r of results) {
      const print = (r as { partialFingerprints?: Record<string, unknown> } | null)?.partialFingerprints?.[
        "rfc2396/v1"
      ];
      if (typeof print === "string") counts.set(print, (counts.get(print) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * The problems of `file` that the baseline does not hold (each fingerprint
 * of the baseline leaves out as many problems as it occurs), each with its
 * fingerprint among all (which SARIF then writes). `baseline` is spent as it
 * is used.
 */
export function newProblems<P extends Printable>(
  file: string,
  problems: readonly P[],
  baseline: Map<string, number>,
): (P & { fingerprint: string })[] {
  const prints = fingerprints(file, problems);
  // READING: R113
  return problems
    .map((p, k) => ({ ...p, fingerprint: prints[k] }))
    .filter((p) => {
      const left = baseline.get(p.fingerprint) ?? 0;
      if (left === 0) return true;
      baseline.set(p.fingerprint, left - 1);
      return false;
    });
}
