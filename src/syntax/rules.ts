/**
 * The names of Appendix A's rules, as Appendix A spells them, and their
 * spelling as grammar identifiers (peggy identifiers cannot hold "-").
 *
 * @module
 */
import { cut, describe } from "../args.js";
import type { RuleName } from "./cst.js";
import { DEFAULT_PROFILE, type Profile, activeProfile, perProfile, profileSlot } from "./profile.js";

/**
 * Every Appendix A rule, in Appendix A's order, spelled as Appendix A spells
 * it; under the RFC 2732 profile, RFC 2732's `IPv6reference`, `IPv6address`
 * and RFC 2373's `hex4` follow `IPv4address`.
 */
export const rulesOf = (profile: Profile): readonly RuleName[] =>
  Object.freeze([
    "URI-reference",
    "absoluteURI",
    "relativeURI",
    "hier_part",
    "opaque_part",
    "uric_no_slash",
    "net_path",
    "abs_path",
    "rel_path",
    "rel_segment",
    "scheme",
    "authority",
    "reg_name",
    "server",
    "userinfo",
    "hostport",
    "host",
    "hostname",
    "domainlabel",
    "toplabel",
    "IPv4address",
    ...(profile.traits.ipv6References ? (["IPv6reference", "IPv6address", "hex4"] as const) : []),
    "port",
    "path",
    "path_segments",
    "segment",
    "param",
    "pchar",
    "query",
    "fragment",
    "uric",
    "reserved",
    "unreserved",
    "mark",
    "escaped",
    "hex",
    "alphanum",
    "alpha",
    "lowalpha",
    "upalpha",
    "digit",
  ]);

/** The default profile's rules (the `RULES` of `rfc2396`). */
export const RULES: readonly RuleName[] = rulesOf(DEFAULT_PROFILE);

const RULES_SLOT = /* @__PURE__ */ profileSlot();

/** The bound profile's rules, and their set. */
export function profileRules(): ProfileRules {
  return perProfile(RULES_SLOT, buildRules);
}

interface ProfileRules {
  rules: readonly RuleName[];
  set: ReadonlySet<string>;
}

function buildRules(profile: Profile): ProfileRules {
  const rules = profile === DEFAULT_PROFILE ? RULES : rulesOf(profile);
  return { rules, set: new Set<string>(rules) };
}

export { grammarRuleName } from "./rule-name.js";

/**
 * Checks a caller's rule name and returns it as a {@link RuleName}. Appendix
 * A's spelling is the documented one; the grammar identifier `URI_reference`
 * is accepted too, since it is what the grammar file and peggy imports use.
 */
export function checkRuleName(rule: unknown, fn: string): RuleName {
  if (typeof rule !== "string") {
    throw new TypeError(
      `${fn}: the rule must be a string naming an Appendix A rule, such as 'URI-reference' or 'hostname'; got ${describe(rule)}`,
    );
  }
  if (rule === "URI_reference") return "URI-reference";
  const { rules, set } = profileRules();
  if (!set.has(rule)) {
    throw new RangeError(
      `${fn}: '${cut(rule)}' is not ${activeProfile().traits.ipv6References ? "a rule of RFC 2396 as amended by RFC 2732" : "an Appendix A rule"}; use one of ${rules.map((r) => `'${r}'`).join(", ")}`,
    );
  }
  return rule as RuleName;
}
