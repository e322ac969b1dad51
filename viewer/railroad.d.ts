/**
 * The railroad diagram of every rule, embedded by scripts/build-site.js from
 * scripts/build-railroad.js: the strict grammar's (grammar/rfc2396.peggy) as
 * the default export, the RFC 2732 profile's (the composed grammar,
 * src/syntax/generated/rfc2732.peggy) as `rfc2732`. A rule the profile does
 * not change is the same object in both.
 */
declare module "virtual:railroad" {
  export interface RuleDiagram {
    /** Appendix A's spelling (`URI-reference`), RFC 2732's or RFC 2373's, or the helper's identifier. */
    name: string;
    /** An Appendix A rule, a helper of the PEG grammar, or a rule that RFC 2732 adds (with RFC 2373's hex4). */
    kind: "appendix-a" | "helper" | "rfc2732";
    svg: string;
    caption: string;
    peg?: string;
  }
  const diagrams: RuleDiagram[];
  export const rfc2732: RuleDiagram[];
  export default diagrams;
}
