/**
 * The validator and the fetcher: whether the reader that checks a URL and
 * the one that fetches it read the same scheme, host and port, the check
 * OWASP's SSRF advice asks for ("reject the URL when the parsers
 * disagree"). Each side is a spec or an implementation; an
 * implementation's host is the one the library reports, which its client
 * connects to.
 *
 * @module
 */
import { describe, listOf } from "../args.js";
import type { Difference } from "./catalogue-types.js";
import { IMPLEMENTATION_NAMES, SPECS, type ReaderName, type Reading } from "./readings.js";
import { WHATWG_DEFAULT_PORTS } from "../implementations/whatwg/url.js";

/** What one side of the pair reads: undefined where it reads none. */
export interface PairReads {
  scheme?: string;
  host?: string;
  port?: string;
}

/** The validator against the fetcher. */
export interface PairCheck {
  validator: ReaderName;
  fetcher: ReaderName;
  /** Both refuse the input, or both accept it and read the same scheme, host and port (up to case, brackets and the default port). */
  agree: boolean;
  /** What the validator reads; undefined when it refuses the input (or, with a base, cannot resolve it). */
  validatorReads?: PairReads;
  /** What the fetcher reads; undefined when it refuses the input. */
  fetcherReads?: PairReads;
  /** Where they disagree and the fetcher reads a host: the host it connects to, which the validator did not check. */
  attackerHost?: string;
  /** The comparison's differences with the validator on one side and the fetcher on the other. */
  differences: Difference[];
}

/** The options validator and fetcher: both or neither, each a spec's or an implementation's name. */
export function checkPair(validator: unknown, fetcher: unknown): [ReaderName, ReaderName] | undefined {
  if (validator === undefined && fetcher === undefined) return undefined;
  const names = [...SPECS, ...IMPLEMENTATION_NAMES];
  const check = (value: unknown, what: string, other: string): ReaderName => {
    if (value === undefined) throw new TypeError(`compare: the option ${what} needs the option ${other}`);
    if (typeof value !== "string") {
      throw new TypeError(`compare: the option ${what} must be a string; got ${describe(value)}`);
    }
    if (!names.includes(value)) {
      throw new RangeError(`compare: the option ${what} is ${describe(value)}; the readers are ${listOf(names)}`);
    }
    return value;
  };
  return [check(validator, "validator", "fetcher"), check(fetcher, "fetcher", "validator")];
}

// READING: R158
/**
 * The scheme, host and port a reading names: an implementation's host is
 * the one the library reports, a spec's its host component (none for RFC
 * 2396's registry-based authority); undefined when it refuses the input.
 */
function readsOf(r: Reading, base: string | undefined): PairReads | undefined {
  if (!r.result.valid && base === undefined) return undefined;
  const c = r.compared;
  if (c === undefined) return undefined;
  const reads: PairReads = {};
  if (c.scheme !== undefined) reads.scheme = c.scheme;
  const host = r.traits.library ? r.comparedHost : c.host;
  if (host !== undefined) reads.host = host;
  if (c.port !== undefined) reads.port = c.port;
  return reads;
}

/** A side's reads, made comparable: the scheme and host in lower case, the host without brackets, the port a number or the scheme's default. */
function comparable(reads: PairReads): string {
  const scheme = reads.scheme?.toLowerCase();
  const host = reads.host?.toLowerCase().replace(/^\[(.*)\]$/s, "$1");
  const written = reads.port !== undefined && /^\d+$/.test(reads.port) ? Number(reads.port) : undefined;
  const port =
    written ?? (reads.port === undefined || reads.port === "" ? WHATWG_DEFAULT_PORTS[scheme ?? ""] : reads.port);
  return JSON.stringify([scheme ?? null, host ?? null, port ?? null]);
}

// READING: R159
/** The validator's reading against the fetcher's. */
export function pairCheck(
  validator: Reading,
  fetcher: Reading,
  base: string | undefined,
  differences: readonly Difference[],
): PairCheck {
  const v = readsOf(validator, base);
  const f = readsOf(fetcher, base);
  const agree = v === undefined || f === undefined ? v === f : comparable(v) === comparable(f);
  const check: PairCheck = { validator: validator.spec, fetcher: fetcher.spec, agree, differences: [] };
  if (v !== undefined) check.validatorReads = v;
  if (f !== undefined) check.fetcherReads = f;
  if (!agree && f?.host !== undefined) check.attackerHost = f.host;
  const across = (d: Difference, x: string, y: string): boolean => d.specs[0].includes(x) && d.specs[1].includes(y);
  check.differences = differences.filter(
    (d) => across(d, validator.spec, fetcher.spec) || across(d, fetcher.spec, validator.spec),
  );
  return check;
}
