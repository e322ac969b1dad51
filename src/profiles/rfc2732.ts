/**
 * The RFC 2732 profile (RFC 2396 as amended by RFC 2732, IPv6 literals), a
 * value: the row "rfc2732" of scripts/profiles.js, made of the recognizers'
 * tables and the peggy parser the build generates from its composed grammar
 * (grammar/rfc2396.peggy and grammar/rfc2732.peggy). The entries
 * `rfc2396/rfc2732` and `rfc2396/rfc2732/html` bind it; rfc2396/compare
 * reads it through them.
 *
 * @module
 */
import * as tables from "../syntax/generated/rfc2732-dfa.js";
import * as parser from "../syntax/generated/rfc2732-parser.js";
import { siblingClasses } from "../syntax/error-classes.js";
import { type Profile, makeProfile } from "../syntax/profile.js";

/** RFC 2396 as amended by RFC 2732. */
export const RFC2732: Profile = makeProfile(tables, parser, siblingClasses());
