/**
 * The WHATWG row of compare(): the platform's URL (../implementations/whatwg/url.ts), which
 * reads an input only against its base.
 *
 * @module
 */
import { NO_TRAITS, ordered, type Reader, type ReaderResult, type ReaderTraits, type Reading } from "./reader.js";
import { readWhatwg, whatwgPreprocess, type WhatwgHostKind } from "../implementations/whatwg/url.js";

/** The URL Standard's parser: lenient where the RFCs refuse, normalizing where they keep. */
const TRAITS: ReaderTraits = Object.freeze({
  ...NO_TRAITS,
  readsAgainstBase: true,
  stripsControls: true,
  backslashAsSlash: true,
  lastAtEndsUserinfo: true,
  ipv6Literals: true,
  bracketsOutsideHost: true,
  nonAscii: true,
  lonePercent: true,
  encodesExcluded: true,
  emptyPath: true,
  resolution: "url",
  urlHostRules: true,
  specialSlashes: true,
  fileHost: true,
  decodesHost: true,
  ipv4Forms: true,
  idna: true,
  ipv6Shortest: true,
  dropsDefaultPort: true,
  portAsNumber: true,
  dropsEmptyCredentials: true,
  emptyPathSlash: true,
  removesDotSegments: true,
  encodedDotSegments: true,
  encodesNonAscii: true,
  percentEncodes: true,
});

const HOST_KINDS: readonly WhatwgHostKind[] = Object.freeze(["domain", "IPv4", "IPv6", "opaque", "empty"] as const);

// READING: R79
/**
 * WHATWG: the platform's URL, against the base when one is given (the URL
 * Standard reads an input only with its base: a relative reference has no
 * components of its own there), every throw caught.
 */
function read(input: string, base: string | undefined): Reading {
  const r = readWhatwg(input, base);
  const seen = whatwgPreprocess(input);
  const result: ReaderResult = r.valid
    ? { valid: true, components: ordered(r.components), hostKind: r.hostKind, href: r.href }
    : { valid: false, message: r.message };
  if (seen !== input) result.seen = seen;
  if (base !== undefined) {
    if (r.valid) result.resolved = r.href;
    else result.resolveError = r.message;
  }
  return { spec: "whatwg", traits: TRAITS, result, compared: result.components, comparedHostKind: result.hostKind };
}

export const WHATWG = {
  name: "whatwg",
  title: "the WHATWG URL Standard, as this platform's URL implements it",
  kind: "spec",
  cites: "URL Standard 4.4 (basic URL parser) and 4.5 (URL serializer)",
  traits: TRAITS,
  hostKinds: HOST_KINDS,
  read,
} as const satisfies Reader<"whatwg", WhatwgHostKind>;
