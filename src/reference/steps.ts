/**
 * The words of a resolution's trace and errors: the steps of Section 5.2
 * and why a reference cannot be resolved. (In a module of their own, which
 * resolve.ts and dot-segments.ts both read, so that neither imports the
 * other.)
 *
 * @module
 */

/** Why a reference cannot be resolved against a base. */
export type ResolutionErrorCode = "relative-base" | "opaque-base" | "above-root" | "ambiguous-result";

/** The steps of Section 5.2. */
export type Step = "1" | "2" | "3" | "4" | "5" | "6a" | "6b" | "6c" | "6d" | "6e" | "6f" | "6g" | "6h" | "7";

/** One step of a resolution, as `resolveTrace` reports it. */
export interface TraceStep {
  step: Step;
  /** What the step did, in the RFC's words. */
  note: string;
  /** For 6a to 6h: the path buffer after the step. For 7: the result. */
  buffer?: string;
}
