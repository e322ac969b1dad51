/**
 * Which grammar this build of the library reads: a row of
 * scripts/profiles.js (strict RFC 2396, or RFC 2396 as amended by RFC 2732,
 * the `rfc2396/rfc2732` entry), whose generated tables carry the row's name
 * and traits. What the grammar decides follows from the tables alone; the
 * few places that must know more ask a trait, never the profile's name.
 *
 * @module
 */
import { PROFILE, TRAITS } from "./generated/rfc2396-dfa.js";

/** The names of the profiles (the rows of scripts/profiles.js). */
export type ProfileName = typeof PROFILE;

/** The profile's name, as the CLI and the regex export spell it. */
export const PROFILE_NAME: ProfileName = PROFILE;

/** What the code asks of the grammar: see scripts/profiles.js (Traits), where each row states them. */
export type Traits = typeof TRAITS;

/**
 * The facts of this build's grammar: whether a host may be an IPv6
 * reference, whether "[" and "]" are reserved (not unwise), whether an
 * IPv4address part has at most three digits, whether the scheme grammars
 * read its URIs.
 */
export const PROFILE_TRAITS: Traits = TRAITS;
