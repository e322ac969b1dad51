/**
 * rfc2396/html: the base URI of an HTML document and its links (Appendix D,
 * 5.1), the only entry of the package that parses HTML (with parse5).
 *
 * @packageDocumentation
 */
export { baseFromHtml, resolveLinks, DEFAULT_LINK_ATTRIBUTES, DEFAULT_MAX_DEPTH, HtmlDocumentError } from "./base.js";
export { BaseUriError } from "../text/base.js";
export type {
  HtmlDocumentErrorCode,
  BaseFromHtmlOptions,
  LinkAttribute,
  SourceLocation,
  LinkCommon,
  ResolvedLink,
  UnresolvedLink,
  Link,
  ResolvedLinks,
  ResolveLinksOptions,
} from "./base.js";
