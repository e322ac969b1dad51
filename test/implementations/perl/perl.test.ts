// perl.URI against the real URI module of Debian's liburi-perl (URI 5.17 on
// perl 5.36) through harness.pl: every method the object's class can
// (as_string, scheme, opaque, path, query, fragment, authority, userinfo,
// host, port, default_port, path_query, host_port), its canonical and its
// class, on generated strings, the corpus and the studies' strings; abs as
// LWP follows a redirect and rel on base/reference pairs. The strings go to
// Perl as character strings (decode_utf8's), a lone surrogate as U+FFFD
// (R220). The sweep is test/implementations/generate.ts's
// (IMPLEMENTATION_SWEEP=n for a larger one, IMPLEMENTATION_SEED=n for
// another seed), with the schemes of URI's own classes put in front of a
// share of the strings.
import * as path from "node:path";
import { read, relativize, resolve } from "../../../src/implementations/index";
import { toPerl } from "../../../src/implementations/perl/index";
import { isPerlDigit, isPerlSpace, perlLc } from "../../../src/implementations/perl/text";
import { corpus, differences, pairs, random, runHarness, SEED, strings, SWEEP } from "../generate";
import { STUDIES } from "../studies";

const HARNESS = path.join(__dirname, "harness.pl");
const perl = (mode: string, inputs: readonly unknown[]) => runHarness("perl", [HARNESS, mode], inputs);

/** The schemes with a class of their own, and some of their odd forms. */
const CLASS_SCHEMES = [
  "ftp",
  "file",
  "mailto",
  "urn",
  "urn:isbn",
  "urn:oid",
  "URN:OID",
  "data",
  "news",
  "nntp",
  "nntps",
  "snews",
  "ldap",
  "LDAP",
  "ldaps",
  "ldapi",
  "gopher",
  "pop",
  "sip",
  "sips",
  "rsync",
  "ssh",
  "sftp",
  "telnet",
  "rlogin",
  "tn3270",
  "mms",
  "rtsp",
  "rtspu",
  "HTTPS",
  "sqlite",
  "Mailto",
];

/** Generated strings with a class's scheme in front of a share of them: "<scheme>:" replacing theirs. */
function classStrings(count: number, seed: number): string[] {
  const next = random(seed);
  return strings(count, seed).map((s) => {
    const scheme = CLASS_SCHEMES[Math.floor(next() * CLASS_SCHEMES.length)];
    return next() < 0.5 ? s.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:/, `${scheme}:`) : `${scheme}:${s}`;
  });
}

const wire = (s: string) => toPerl(s);
const ours = (s: string) => {
  const r = read("perl.URI", s);
  return r.ok ? r.native : { error: r.error.message };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("perl.URI", b, r);
  return x.ok ? { resolved: x.resolved } : { error: x.error.message };
};
const ourRelativize = ([b, u]: [string, string]) => {
  const x = relativize("perl.URI", b, u);
  return x.ok ? { relativized: x.relativized } : { error: x.error.message };
};

const STRINGS = [
  ...STUDIES.map((s) => s.input),
  ...strings(),
  ...classStrings(Math.ceil(SWEEP / 3), SEED + 7),
  ...corpus().uris,
];
const PAIRS = [...pairs(), ...corpus().pairs];

test(`URI->new on ${STRINGS.length} strings (seed ${SEED}): every method its class can, canonical, class`, () => {
  const d = differences(STRINGS, ours, perl("read", STRINGS.map(wire)), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`abs as LWP follows a redirect, on ${PAIRS.length} pairs (seed ${SEED + 1})`, () => {
  const wired = PAIRS.map(([b, r]) => [wire(b), wire(r)]);
  const d = differences(PAIRS, ourResolve, perl("resolve", wired), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`rel on ${PAIRS.length} pairs: the reference, or every other one its resolution, against the base`, () => {
  const chosen = PAIRS.map(([b, r], k): [string, string] => {
    const x = k % 2 === 0 ? resolve("perl.URI", b, r) : undefined;
    return [b, x?.ok === true ? x.resolved : r];
  });
  const wired = chosen.map(([b, u]) => [wire(b), wire(u)]);
  const d = differences(chosen, ourRelativize, perl("relativize", wired), 8);
  expect(d).toEqual({ count: 0, first: [] });
});
