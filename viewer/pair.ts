/**
 * The validator and the fetcher (rfc2396/compare's pair check): whether the
 * reader that checks a URL and the one that fetches it read the same
 * scheme, host and port, the check OWASP's SSRF advice asks for; where
 * they do not, the host the fetcher connects to, which the validator never
 * checked: the attacker's host.
 */
import type { Comparison, PairCheck, PairReads } from "../src/compare/index";
import { code, h, type Child } from "./dom";

/** What one side reads, in words: its scheme, host and port, or its refusal. */
function reads(name: string, role: string, r: PairReads | undefined): Child[] {
  const who = [h("strong", null, role), " ", code(name)];
  if (r === undefined) return [...who, " refuses the input"];
  const part = (label: string, v: string | undefined): Child[] => [
    ` ${label} `,
    v === undefined ? h("span", { class: "undefined" }, "(none)") : code(v),
  ];
  return [...who, " reads", ...part("scheme", r.scheme), ",", ...part("host", r.host), ",", ...part("port", r.port)];
}

/** The pair's verdict, what each side reads, the attacker's host where they disagree, and the differences across the pair. */
export function pairVerdict(c: Comparison): Child[] {
  const p: PairCheck | undefined = c.pair;
  if (p === undefined) return [];
  const bothRefuse = p.validatorReads === undefined && p.fetcherReads === undefined;
  const verdict = p.agree
    ? bothRefuse
      ? "The pair agrees: both refuse the input."
      : "The pair agrees: the fetcher reads the scheme, host and port the validator checked."
    : "The pair disagrees: the fetcher does not read what the validator checked.";
  return [
    h("p", { id: "pair-verdict", class: p.agree ? "ok" : "bad" }, verdict),
    h(
      "ul",
      { class: "pair-reads" },
      h("li", { id: "pair-validator" }, reads(p.validator, "validator", p.validatorReads)),
      h("li", { id: "pair-fetcher" }, reads(p.fetcher, "fetcher", p.fetcherReads)),
    ),
    p.attackerHost === undefined
      ? null
      : h(
          "p",
          { class: "attacker" },
          "The attacker's host: ",
          h("code", { id: "attacker-host" }, p.attackerHost),
          ` (${p.fetcher} connects to it; ${p.validator} ${p.validatorReads === undefined ? "refused the input" : "checked another"}).`,
        ),
    p.differences.length === 0
      ? null
      : h(
          "p",
          { class: "help", id: "pair-differences" },
          "Across the pair: ",
          p.differences.flatMap((d, i) => [i === 0 ? null : ", ", h("code", { "data-code": d.code }, d.code)]),
          ".",
        ),
  ];
}
