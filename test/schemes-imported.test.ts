/**
 * rfc2396/schemes, two levels deep: the grammars the scheme RFCs import
 * (grammar/schemes/rfc822.peggy, rfc2253.peggy, rfc2254.peggy,
 * rfc2060.peggy), read on a part once unescaped. Every example of each
 * imported RFC's own text is read by its grammar, alone and inside a URI;
 * each level's refusals are placed in the URI as written; a seeded sweep per
 * scheme mutates each level; the filter reads deep nesting without recursion.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";
import { isValid as coreIsValid } from "../src";
import { checkScheme, diagnose, isValid, type SchemeDiagnostic } from "../src/schemes";
import * as imported from "../src/schemes/generated/imported-parser.js";
import { LEVEL_INVALID, LEVEL_VALID } from "./schemes-cases";

/**
 * RFC 2254's grammar file compiled alone, every rule a start rule: its recursive `filter`, the
 * RFC's own rule, which the shipped parser leaves out (checkScheme reads filter_tokens, R102).
 */
const rfc2254 = peggy.generate(
  fs.readFileSync(path.join(__dirname, "..", "grammar", "schemes", "rfc2254.peggy"), "utf8"),
  {
    allowedStartRules: ["*"],
  },
);

const parse = (rule: string, text: string): unknown =>
  rule === "filter" ? rfc2254.parse(text, { startRule: rule }) : imported.parse(text, { startRule: rule });
const refuses = (rule: string, text: string): boolean => {
  try {
    parse(rule, text);
    return false;
  } catch (e) {
    if (e instanceof imported.SyntaxError || (e instanceof Error && e.name === "SyntaxError")) return true;
    throw e;
  }
};

/** Escapes what RFC 2396 does not allow as it is, and "%", for putting a part's text in a URI. */
const escapePart = (text: string, keep = ""): string =>
  [...text]
    .map((c) =>
      /[A-Za-z0-9\-_.!~*'@:&=+$]/.test(c) || keep.includes(c)
        ? c
        : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** A seeded generator (mulberry32), so that every run reads the same sweep. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("each imported RFC's own examples", () => {
  // RFC 822 appendix A (A.1 addresses, A.2 and A.3's header fields).
  const RFC822_ADDR_SPECS = [
    "Neuman@BBN-TENEXA",
    "Jones@Registry.Org",
    "Smith@Registry.Org",
    "KSecy@Other-Host",
    "Sam.Irving@Reg.Organization",
    "Al.Neuman@MAD.Publisher",
    '"Sam Irving"@Other-Host',
    "/main/davis/people/standard@Other-Host",
    "4231.629.XYzi-What@Other-Host",
    "some.string@DBM.Unit",
  ];
  const RFC822_MAILBOXES = [
    "Alfred Neuman <Neuman@BBN-TENEXA>",
    '"George, Ted" <Shared@Group.Arpanet>',
    "Wilt . (the  Stilt) Chamberlain@NBA.US",
    "Ken Davis <KDavis@This-Host.This-net>",
    "George Jones <Group@Some-Reg.An-Org>, Al.Neuman@MAD.Publisher",
    "Tom Softwood <Balsa@Tree.Root>",
  ];
  test.each(RFC822_ADDR_SPECS)("RFC 822 appendix A addr-spec %s: alone, and as a cid, a mid and a mailto URL", (a) => {
    expect(parse("rfc822_addr_spec", a)).toMatchObject({ domain: a.slice(a.lastIndexOf("@") + 1) });
    expect(parse("rfc822_mailbox_list", a)).toHaveLength(1);
    for (const uri of [`cid:${escapePart(a, "/")}`, `mid:${escapePart(a)}`, `mailto:${escapePart(a, "/")}`]) {
      expect(coreIsValid(uri)).toBe(true);
      expect(checkScheme(uri)?.diagnostics).toEqual([]);
    }
  });
  test.each(RFC822_MAILBOXES)("RFC 822 appendix A mailbox %s: alone, and as a mailto URL", (m) => {
    expect(parse("rfc822_mailbox_list", m)).not.toHaveLength(0);
    const uri = `mailto:${escapePart(m)}`;
    expect(checkScheme(uri)?.diagnostics).toEqual([]);
  });

  // RFC 2253 section 5.
  const RFC2253 = [
    ["CN=Steve Kille,O=Isode Limited,C=GB", 3],
    ["OU=Sales+CN=J. Smith,O=Widget Inc.,C=US", 3],
    ["CN=L. Eagle,O=Sue\\, Grabbit and Runn,C=GB", 3],
    ["CN=Before\\0DAfter,O=Test,C=GB", 3],
    ["1.3.6.1.4.1.1466.0=#04024869,O=Test,C=GB", 3],
    ["SN=Lu\\C4\\8Di\\C4\\87", 1],
  ] as const;
  test.each(RFC2253)("RFC 2253 5: %s (%d RDNs), alone and as an ldap dn", (dn, rdns) => {
    expect(parse("distinguishedName", dn)).toHaveLength(rdns);
    const r = checkScheme(`ldap:///${escapePart(dn, ",=")}`);
    expect(r?.diagnostics).toEqual([]);
    expect(r?.components?.rdns).toHaveLength(rdns);
  });

  // RFC 2254 section 6.
  const RFC2254 = [
    "(cn=Babs Jensen)",
    "(!(cn=Tim Howes))",
    "(&(objectClass=Person)(|(sn=Jensen)(cn=Babs J*)))",
    "(o=univ*of*mich*)",
    "(cn:1.2.3.4.5:=Fred Flintstone)",
    "(sn:dn:2.4.6.8.10:=Barney Rubble)",
    "(o:dn:=Ace Industry)",
    "(:dn:2.4.6.8.10:=Dino)",
    "(o=Parens R Us \\28for all your parenthetical needs\\29)",
    "(cn=*\\2A*)",
    "(filename=C:\\5cMyFile)",
    "(bin=\\00\\00\\00\\04)",
    "(sn=Lu\\c4\\8di\\c4\\87)",
  ];
  test.each(RFC2254)("RFC 2254 6: %s, by the RFC's recursive rule, as tokens, and as an ldap filter", (f) => {
    const tree = parse("filter", f);
    const r = checkScheme(`ldap:///??sub?${escapePart(f, "()=")}`);
    expect(r?.diagnostics).toEqual([]);
    expect(r?.components?.filterTree).toEqual(tree);
  });

  // RFC 2060 6.4.5 (FETCH's part specifiers) and section 9.
  const RFC2060 = [
    "HEADER",
    "TEXT",
    "1",
    "3.HEADER",
    "3.TEXT",
    "3.1",
    "4.1.MIME",
    "4.2.HEADER",
    "4.2.2.1",
    "HEADER.FIELDS (DATE FROM)",
    "HEADER.FIELDS.NOT (DATE FROM)",
  ];
  test.each(RFC2060)("RFC 2060: section %s, alone and as an imap section", (s) => {
    expect(refuses("section_spec", s)).toBe(false);
    expect(checkScheme(`imap://a/b/;uid=1/;section=${escapePart(s, "()")}`)?.diagnostics).toEqual([]);
  });

  test("and what each grammar refuses", () => {
    for (const a of ["a@b..c", "a b@c", "(x)a@b", "a@b.", "<a@b>", "a@b\u00e9"])
      expect(refuses("rfc822_addr_spec", a)).toBe(true);
    for (const d of ["cn", "cn=a,", "=a", "cn=a\\", "cn=#0", "cn=a,,o=b"])
      expect(refuses("distinguishedName", d)).toBe(true);
    for (const f of ["(&)", "(|)", "(!)", "cn=x", "(cn=x", "(cn=\\2)", "(cn=a)(o=b)", "(!(a=b)(c=d))"])
      expect(refuses("filter", f)).toBe(true);
    for (const s of ["0", "1.0", "MIME", "1.FOO", "HEADER.FIELDS ()", ""])
      expect(refuses("section_spec", s)).toBe(true);
  });
});

describe("each level's refusals, placed in the URI as written", () => {
  test.each(LEVEL_INVALID)("%s: %s at %d (%s: %s)", (uri, code, offset, level) => {
    expect(coreIsValid(uri)).toBe(true);
    const r = checkScheme(uri);
    expect(r?.valid).toBe(false);
    const first = r?.diagnostics.find((d) => d.severity === "error") as SchemeDiagnostic;
    expect([first.code, first.start, first.level]).toEqual([code, offset, level]);
    expect(first.levels[0]).toMatchObject({ level: "uri", section: expect.stringMatching(/^RFC \d+ /) });
    if (level === "imported") {
      expect(first.levels).toHaveLength(2);
      expect(first.levels[1]).toMatchObject({ level: "imported", rule: first.rule });
      expect(first.section).toMatch(/^RFC \d+ [\d.]+, RFC \d+ [\d.]+$/);
    }
    expect(isValid(uri, { schemes: true })).toBe(false);
  });

  test.each(LEVEL_VALID)("%s is valid at both levels (%s)", (uri) => {
    expect(coreIsValid(uri)).toBe(true);
    expect(checkScheme(uri)?.diagnostics).toEqual([]);
    expect(isValid(uri, { schemes: true })).toBe(true);
  });

  test("the components gain the inner structure", () => {
    const m = checkScheme("mailto:Joe%20Smith%20%3Cjoe@x.example%3E,b@c?to=d@e")?.components;
    expect(m?.mailboxes).toEqual([
      { localPart: "joe", domain: "x.example", phrase: "Joe Smith", route: undefined },
      { localPart: "b", domain: "c", phrase: undefined },
      { localPart: "d", domain: "e", phrase: undefined },
    ]);
    expect(checkScheme("mid:a.b@c/d@e")?.components).toMatchObject({
      messageIdAddress: { localPart: "a.b", domain: "c" },
      contentIdAddress: { localPart: "d", domain: "e" },
    });
    expect(checkScheme("ldap:///ou=A+cn=B,o=C??sub?(!(%7C(a=1)(b=*)))")?.components).toMatchObject({
      rdns: [
        [
          { type: "ou", value: "A" },
          { type: "cn", value: "B" },
        ],
        [{ type: "o", value: "C" }],
      ],
      filterTree: {
        type: "not",
        filter: {
          type: "or",
          filters: [
            { type: "simple", attr: "a", filtertype: "=", value: "1" },
            { type: "present", attr: "b" },
          ],
        },
      },
    });
    expect(checkScheme("imap://a/b/;uid=1/;section=4.1.MIME")?.components?.sectionSpec).toEqual({
      parts: ["4", "1"],
      text: "MIME",
    });
  });

  test("RFC 2368's examples write addresses without a domain: a warning, not an error", () => {
    const r = checkScheme("mailto:addr1%2C%20addr2");
    expect(r?.valid).toBe(true);
    expect(r?.diagnostics.map((d) => [d.code, d.severity, d.start])).toEqual([
      ["mailto-no-domain", "warning", 7],
      ["mailto-no-domain", "warning", 15],
    ]);
  });

  test('mailtoSpec: "rfc6068" allows "," "(" ")" as they are and UTF-8 in headers; not other octets', () => {
    for (const uri of ["mailto:a@b.example,c@d.example", "mailto:a@b.example?subject=caf%C3%A9"]) {
      expect(checkScheme(uri)?.valid).toBe(false);
      expect(checkScheme(uri, { mailtoSpec: "rfc6068" })?.valid).toBe(true);
    }
    const bad = checkScheme("mailto:a@b.example?subject=caf%E9", { mailtoSpec: "rfc6068" });
    expect(bad?.diagnostics.map((d) => [d.code, d.start])).toEqual([["imported-utf8", 30]]);
    expect(() => checkScheme("mailto:a@b", { mailtoSpec: "rfc3986" as "rfc6068" })).toThrow(RangeError);
    expect(() => checkScheme("mailto:a@b", { mailtoSpec: 1 as unknown as "rfc6068" })).toThrow(TypeError);
    expect(() => checkScheme("mailto:a@b", { other: 1 } as never)).toThrow(TypeError);
  });

  test("isValid and diagnose of rfc2396/schemes take mailtoSpec too", () => {
    const uri = "mailto:a@b.example,c@d.example";
    expect(isValid(uri, { schemes: true })).toBe(false);
    expect(isValid(uri, { schemes: true, mailtoSpec: "rfc6068" })).toBe(true);
    expect(diagnose(uri, { schemes: true }).ok).toBe(false);
    expect(diagnose(uri, { schemes: true, mailtoSpec: "rfc6068" }).ok).toBe(true);
    expect(() => isValid(uri, { schemes: true, mailtoSpec: "x" as "rfc6068" })).toThrow(RangeError);
  });

  test("a warning made an error by the core's options does not stop the scheme's reading", () => {
    // "%7e": the core warns of an escaped unreserved character; made an error, the URI is still an
    // RFC 2396 URI, and the scheme's grammar still reads it.
    const d = diagnose("ldap:///o=%7e??sub?(&)", { schemes: true, severity: { "escaped-unreserved": "error" } });
    expect(d.ok).toBe(false);
    expect(d.scheme?.components).toMatchObject({ rdns: [[{ type: "o", value: "~" }]] });
    expect(d.scheme?.diagnostics.map((x) => x.code)).toEqual(["ldap-filter"]);
  });

  test("diagnose with schemes: true reads an invalid URI once, and gives the core's errors", () => {
    const d = diagnose("http://a/b c", { schemes: true });
    expect(d.ok).toBe(false);
    expect(d.scheme?.diagnostics.map((x) => x.code)).toEqual(["space"]);
    expect(d.scheme?.diagnostics[0]).toBe(d.diagnostics.find((x) => x.code === "space"));
  });
});

describe("a seeded sweep per scheme, with a mutation at each level", () => {
  const next = random(2396);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const word = (alphabet: string, min = 1): string =>
    Array.from({ length: min + Math.floor(next() * 5) }, () => pick([...alphabet])).join("");
  const atom = (): string => word("abcXYZ019-+!#$&'*=^_~");
  const addr = (): string => `${atom()}${next() < 0.3 ? `.${atom()}` : ""}@${word("abcxyz019-")}.${word("abcxyz")}`;
  const attr = (): string => `${pick(["cn", "o", "ou", "sn", "2.5.4.3"])}`;
  const filter = (depth: number): string => {
    if (depth === 0 || next() < 0.4) return `(${attr()}=${word("abc xyz*")})`.replace("=*)", "=x*)");
    const op = pick(["&", "|", "!"]);
    const n = op === "!" ? 1 : 1 + Math.floor(next() * 3);
    return `(${op}${Array.from({ length: n }, () => filter(depth - 1)).join("")})`;
  };
  /** [scheme, a valid URI, a URI mutated at the URI's level, one mutated at the imported level]. */
  const cases: [string, string, string, string][] = [];
  for (let i = 0; i < 150; i++) {
    const a = addr();
    const local = a.slice(0, a.indexOf("@"));
    const domain = a.slice(a.indexOf("@") + 1);
    cases.push(["cid", `cid:${escapePart(a)}`, `cid:${escapePart(a)}?x`, `cid:${escapePart(local)}@${domain}..x`]);
    cases.push(["mid", `mid:${escapePart(a)}`, `mid:${escapePart(a)}/`, `mid:${escapePart(local)}%20x@${domain}`]);
    // (In a mailto URL "&" and "=" are reserved: RFC 2368 2.)
    const m = escapePart(a).replace(/&/g, "%26").replace(/=/g, "%3D");
    cases.push(["mailto", `mailto:${m}`, `mailto:${m},x@y`, `mailto:${m}%2C%2C%3Cx`]);
    const f = filter(3);
    const e = escapePart(f, "()=");
    cases.push(["ldap", `ldap:///o=x??sub?${e}`, `ldap:///o=x??subtree?${e}`, `ldap:///o=x??sub?${e.slice(0, -1)}`]);
    const dn = `${attr()}=${word("abc xyz")},${attr()}=${word("abc")}`;
    const d = escapePart(dn, ",=");
    cases.push(["ldap", `ldap:///${d}`, `ldap://a:/${d}`, `ldap:///${d},`]);
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => String(1 + Math.floor(next() * 30)));
    const s = parts.join(".") + pick(["", ".HEADER", ".TEXT", ".MIME"]);
    cases.push([
      "imap",
      `imap://h/b/;uid=1/;section=${s}`,
      `imap://h/b/;uid=0/;section=${s}`,
      `imap://h/b/;uid=1/;section=${s}.0`,
    ]);
  }

  test("valid at both levels; a URI-level mutation refused at the URI's level, an imported one at the imported level", () => {
    const wrong: unknown[] = [];
    for (const [scheme, valid, atUri, atImported] of cases) {
      const v = checkScheme(valid);
      if (v?.valid !== true || v.scheme !== scheme) wrong.push(["valid", valid, v?.diagnostics.map((x) => x.message)]);
      for (const [uri, level] of [
        [atUri, "uri"],
        [atImported, "imported"],
      ] as const) {
        expect(coreIsValid(uri)).toBe(true);
        const r = checkScheme(uri);
        const first = r?.diagnostics.find((x) => x.severity === "error") as SchemeDiagnostic | undefined;
        if (r?.valid !== false || first?.level !== level) wrong.push([level, uri, first?.code, first?.message]);
        if (isValid(uri, { schemes: true }) !== false) wrong.push(["isValid", uri]);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("the filter read as tokens gives the tree the RFC's recursive rule gives", () => {
    for (let i = 0; i < 2000; i++) {
      const f = filter(4);
      const r = checkScheme(`ldap:///??sub?${escapePart(f, "()=")}`);
      expect(r?.components?.filterTree).toEqual(parse("filter", f));
    }
  });
});

describe("deep filters, without recursion on the call stack", () => {
  test("a filter nested 200,000 deep is read, and refused when one ')' is missing", () => {
    const n = 200_000;
    const deep = `ldap:///??sub?${"(!".repeat(n)}(a=b)${")".repeat(n)}`;
    const r = checkScheme(deep);
    expect(r?.valid).toBe(true);
    let node = r?.components?.filterTree as { type: string; filter?: unknown } | undefined;
    let depth = 0;
    while (node?.type === "not") {
      node = node.filter as typeof node;
      depth++;
    }
    expect(depth).toBe(n);
    const bad = checkScheme(deep.slice(0, -1));
    expect(bad?.diagnostics[0]).toMatchObject({ code: "ldap-filter", start: deep.length - 1, level: "imported" });
  });

  test("a hundred thousand addresses", () => {
    const uri = `mailto:${"a@b.example%2C".repeat(100_000)}c@d.example`;
    expect(checkScheme(uri)?.components?.mailboxes).toHaveLength(100_001);
  });

  test("nested comments in an address are counted, not recursed", () => {
    const n = 200_000;
    const uri = `mailto:a@b${"%28".repeat(n)}${"%29".repeat(n)}`;
    expect(checkScheme(uri)?.valid).toBe(true);
    expect(checkScheme(uri.slice(0, -3))?.diagnostics[0]).toMatchObject({ code: "mailto-address" });
  });
});
