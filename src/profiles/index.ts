/**
 * Every profile, as values (the rows of scripts/profiles.js): what a
 * worker thread of the command line binds again by the name its parent
 * sends (a value cannot cross threads).
 *
 * @module
 */
import { DEFAULT_PROFILE, type Profile, type ProfileName } from "../syntax/profile.js";
import { RFC2732 } from "./rfc2732.js";

/** The profiles, the default one first. */
export const PROFILES: readonly Profile[] = Object.freeze([DEFAULT_PROFILE, RFC2732]);

/** The profile of a name (as a profile's `name` spells it). */
export function profileNamed(name: ProfileName): Profile {
  const found = PROFILES.find((p) => p.name === name);
  if (found === undefined) throw new RangeError(`rfc2396: no profile is named ${name}`);
  return found;
}
