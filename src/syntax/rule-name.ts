/**
 * The grammar's identifier of a rule, in a module of its own: the
 * recognizers need it, and a bundle that never checks a caller's rule name
 * then leaves ./rules.ts (the list of rules) out.
 *
 * @module
 */
import type { RuleName } from "./cst.js";

/** The grammar's identifier for an Appendix A rule (`URI-reference` → `URI_reference`). */
export function grammarRuleName(rule: RuleName): string {
  return rule === "URI-reference" ? "URI_reference" : rule;
}
