/**
 * What keeps diagnose in linear time and in memory proportional to the input
 * and the problems it reports, whatever the input: edits of the working text
 * in parallel arrays with contiguous ones merged, and the collector of
 * problems, which merges a run of problems of one kind into one diagnostic
 * and keeps only the first ones, counting the rest.
 *
 * @module
 */
import { DIAGNOSTIC_CODES, type DiagnosticCode, type Severity } from "./codes.js";
import type { Diagnostic } from "./diagnostic.js";
import { type Problem, quote } from "./problem.js";
import { TextBuilder } from "../text-builder.js";

// ---------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------

/**
 * A list of offsets in an Int32Array that doubles when full (offsets into
 * a string fit: V8's strings are shorter than 2^30). Millions of them cost
 * 4 bytes each, and growing does not copy a boxed array on every
 * young-generation collection.
 */
export class Offsets {
  items = new Int32Array(8);
  length = 0;

  push(offset: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = offset;
  }
}

/**
 * Replacements of input[start, end) by a text, sorted and disjoint, in
 * parallel arrays (no object per edit); an edit that starts where the
 * last one ends is merged into it, so a run of 4 million excluded
 * characters is one edit.
 */
export class Edits {
  private readonly startList = new Offsets();
  private readonly endList = new Offsets();
  readonly texts: string[] = [];
  /** The text of the last edit while it grows. */
  private growing: TextBuilder | undefined;

  get length(): number {
    return this.startList.length;
  }

  /** Where each edit starts (entries past `length` mean nothing). */
  get starts(): Int32Array {
    return this.startList.items;
  }

  /** Where each edit ends (entries past `length` mean nothing). */
  get ends(): Int32Array {
    return this.endList.items;
  }

  add(start: number, end: number, text: string): void {
    const last = this.startList.length - 1;
    const ends = this.endList.items;
    if (last >= 0 && ends[last] === start) {
      if (this.growing === undefined) {
        this.growing = new TextBuilder();
        this.growing.push(this.texts[last]);
      }
      this.growing.push(text);
      ends[last] = end;
      return;
    }
    if (last >= 0 && start < ends[last]) {
      throw new Error(`internal: edit at ${start} before the end of the last one (${ends[last]})`);
    }
    this.seal();
    this.startList.push(start);
    this.endList.push(end);
    this.texts.push(text);
  }

  /** Ends the growth of the last edit; call before reading `texts`. */
  seal(): this {
    if (this.growing !== undefined) {
      this.texts[this.texts.length - 1] = this.growing.toString();
      this.growing = undefined;
    }
    return this;
  }

  /** The edits of `a` and `b` (each sorted, disjoint from the other) in one sorted list. */
  static merge(a: Edits, b: Edits): Edits {
    a.seal();
    b.seal();
    const out = new Edits();
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a.starts[i] <= b.starts[j])) {
        out.add(a.starts[i], a.ends[i], a.texts[i]);
        i++;
      } else {
        out.add(b.starts[j], b.ends[j], b.texts[j]);
        j++;
      }
    }
    return out.seal();
  }
}

// ---------------------------------------------------------------------------
// Problems
// ---------------------------------------------------------------------------

/** The severity of a code under the options, or "off". */
export type SeverityOf = (code: DiagnosticCode) => Severity | "off";

interface Run {
  /** The run's first problem; undefined for a run only counted (its fields are below). */
  first: Problem | undefined;
  code: DiagnosticCode;
  component: Problem["component"];
  start: number;
  end: number;
  /** Whether the run's problems have a fix. */
  fixed: boolean;
  severity: Severity;
  /** Problems merged into the run. */
  count: number;
  /** The fix of the whole run, once it has more than one problem. */
  fix: TextBuilder | undefined;
  /** Whether the run's fix is needed (else it is not built). */
  needsFix: boolean;
}

/**
 * The problems of one step of diagnose, given in order of offset. Problems
 * of one code in one component, each starting where the last ends, are one
 * diagnostic over their run, whose fix is their fixes in order. Only the
 * first `max` diagnostics are kept; `count` counts them all, and with
 * `keepErrorFixes` the fixes of every error are kept as edits, so that the
 * corrected input can be written however many diagnostics are left out.
 */
export class Collector {
  readonly kept: Diagnostic[] = [];
  /** Diagnostics (after merging runs), kept or not. */
  count = 0;
  /** Diagnostics with severity 'error', kept or not. */
  errors = 0;
  /** Whether some error has no fix. */
  unfixedError = false;
  /** The fixes of every error, when asked for. */
  readonly errorFixes: Edits | undefined;
  private run: Run | undefined;
  /** The one Run object used by runs that are only counted (they are many, and need nothing kept). */
  private readonly counted: Run = {
    first: undefined,
    code: "space",
    component: undefined,
    start: 0,
    end: 0,
    fixed: false,
    severity: "error",
    count: 0,
    fix: undefined,
    needsFix: false,
  };

  constructor(
    private readonly input: string,
    private readonly severityOf: SeverityOf,
    private readonly max: number,
    keepErrorFixes: boolean,
  ) {
    this.errorFixes = keepErrorFixes ? new Edits() : undefined;
  }

  add(p: Problem): void {
    if (this.extend(p.code, p.component, p.start, p.end, p.fix)) return;
    const severity = this.severityOf(p.code);
    if (severity === "off") return;
    this.close();
    // The run's fix is needed when it is listed or when every error's fix is kept.
    const needsFix = this.kept.length < this.max || (severity === "error" && this.errorFixes !== undefined);
    this.run = {
      first: p,
      code: p.code,
      component: p.component,
      start: p.start,
      end: p.end,
      fixed: p.fix !== undefined,
      severity,
      count: 1,
      fix: undefined,
      needsFix,
    };
  }

  /**
   * Adds the problem when it continues the last one's run (same code and
   * component, starting where the run ends, both with or both without a
   * fix), or when it is switched off, or when it will be neither listed
   * nor kept aside (only counted), and says whether it did: the caller
   * then needs no message for it.
   */
  extend(
    code: DiagnosticCode,
    component: Problem["component"],
    start: number,
    end: number,
    fix: string | undefined,
  ): boolean {
    const run = this.run;
    if (
      run === undefined ||
      run.end !== start ||
      start >= end ||
      run.code !== code ||
      run.component !== component ||
      run.fixed !== (fix !== undefined) ||
      run.first?.fixSpan !== undefined
    ) {
      const severity = this.severityOf(code);
      if (severity === "off") return true;
      this.close();
      if (this.kept.length < this.max || (severity === "error" && this.errorFixes !== undefined)) return false;
      // Only counted: a run without a message, whose fix is not built.
      const c = this.counted;
      c.code = code;
      c.component = component;
      c.start = start;
      c.end = end;
      c.fixed = fix !== undefined;
      c.severity = severity;
      c.count = 1;
      this.run = c;
      return true;
    }
    if (fix !== undefined && run.needsFix) {
      if (run.fix === undefined) {
        run.fix = new TextBuilder();
        run.fix.push((run.first as Problem).fix as string);
      }
      run.fix.push(fix);
    }
    run.end = end;
    run.count++;
    return true;
  }

  /** Closes the last run; call once all problems are given. */
  /** Whether nothing was added that counts (a problem switched off does not). */
  isEmpty(): boolean {
    return this.run === undefined && this.count === 0;
  }

  finish(): this {
    this.close();
    this.errorFixes?.seal();
    return this;
  }

  private close(): void {
    const run = this.run;
    if (run === undefined) return;
    this.run = undefined;
    this.count++;
    if (run.severity === "error") {
      this.errors++;
      if (!run.fixed) this.unfixedError = true;
    }
    // Neither listed nor kept aside: its fix, if any, is in the working text.
    const p = run.first;
    if (!run.needsFix || p === undefined) return;
    const fix = run.fix === undefined ? p.fix : run.fix.toString();
    const span = p.fixSpan;
    if (run.severity === "error" && fix !== undefined) {
      this.errorFixes?.add(span?.start ?? p.start, span?.end ?? run.end, fix);
    }
    if (this.kept.length >= this.max) return;
    this.kept.push({
      code: p.code,
      severity: run.severity,
      start: p.start,
      end: run.end,
      component: p.component,
      section: DIAGNOSTIC_CODES[p.code].section,
      message:
        run.count === 1
          ? wording(p)
          : `${run.count} of these in a row, ${quote(this.input, p.start, run.end)}; the first: ${wording(p)}`,
      ...(fix === undefined ? {} : { fix }),
      ...(span === undefined ? {} : { fixSpan: { start: span.start, end: span.end } }),
    });
  }
}

function wording(p: Problem): string {
  return typeof p.message === "string" ? p.message : p.message();
}
