/**
 * `rfc2396/rfc2732/html`: `rfc2396/html` under the RFC 2732 profile (IPv6
 * literals), its functions with the profile bound while they run and its
 * error classes the profile's own, shared with `rfc2396/rfc2732` (see
 * src/rfc2732/index.ts).
 *
 * @packageDocumentation
 */
import * as strict from "../../html/index.js";
import { RFC2732 } from "../../profiles/rfc2732.js";
import { bindProfile, classIn } from "../../syntax/profile.js";

export type * from "../../html/index.js";

export const baseFromHtml: typeof strict.baseFromHtml = bindProfile(RFC2732, strict.baseFromHtml);
export const resolveLinks: typeof strict.resolveLinks = bindProfile(RFC2732, strict.resolveLinks);
export const HtmlDocumentError: typeof strict.HtmlDocumentError = classIn(RFC2732, strict.HtmlDocumentError);
export type HtmlDocumentError = strict.HtmlDocumentError;
export const BaseUriError: typeof strict.BaseUriError = classIn(RFC2732, strict.BaseUriError);
export type BaseUriError = strict.BaseUriError;
export { DEFAULT_LINK_ATTRIBUTES, DEFAULT_MAX_DEPTH } from "../../html/index.js";
