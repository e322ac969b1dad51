/**
 * The codes {@link diagnose} reports: every syntax error code of
 * {@link ERROR_CODES} and the warnings of Sections 2.4.2, 3.1, 3.2.2, 6 and
 * 7, each with its default severity, its section and an example input.
 *
 * @module
 */
import type { RuleName } from "../syntax/cst.js";
import type { SyntaxErrorCode } from "../syntax/errors.js";
import { ERROR_CODES } from "../syntax/error-codes.js";

/**
 * Codes of what a URI reference may be but should not (warnings by
 * default; see {@link DiagnoseOptions}). `registry-authority` is also a
 * syntax error code: parseServerAuthority throws it, diagnose warns with it.
 */
export type WarningCode =
  | "password-in-userinfo"
  | "non-default-port"
  | "reserved-port"
  | "escaped-cr-lf-nul"
  | "registry-authority"
  | "uppercase-scheme"
  | "uppercase-host"
  | "ipv4-octet-range"
  | "escaped-unreserved";

/** Every code a {@link Diagnostic} can carry. */
export type DiagnosticCode = SyntaxErrorCode | WarningCode;

/** How bad a problem is: an `'error'` makes the input no URI reference (or was raised by options). */
export type Severity = "error" | "warning";

/** A code's documentation: default severity, section, meaning and an example. */
export interface DiagnosticCodeInfo {
  /** The severity diagnose gives it unless options say otherwise. */
  readonly severity: Severity;
  /** Whether options may switch it off or change its severity (warnings only). */
  readonly configurable: boolean;
  /** The section of RFC 2396 it rests on. */
  readonly section: string;
  readonly summary: string;
  /** An input whose diagnosis holds this code and no other... */
  readonly example: string;
  /**
   * ...parsed as this rule. Only for `unexpected-end`, which diagnose never
   * reports (a URI-reference can end anywhere except right after its
   * scheme's colon, which is `missing-scheme-specific-part`): its example
   * is an error of parseCst.
   */
  readonly rule?: RuleName;
  /** The one profile that reports it (as in ERROR_CODES); absent for both. */
  readonly profile?: "rfc2396" | "rfc2732";
}

/** The warning codes, in the order of the table. */
export const WARNING_CODES: readonly WarningCode[] = Object.freeze([
  "password-in-userinfo",
  "reserved-port",
  "non-default-port",
  "escaped-cr-lf-nul",
  "registry-authority",
  "uppercase-scheme",
  "uppercase-host",
  "ipv4-octet-range",
  "escaped-unreserved",
] as const);

/** Syntax error codes whose ERROR_CODES example is not for diagnose, with one that is. */
const DIAGNOSE_EXAMPLES: Partial<Record<SyntaxErrorCode, string>> = {
  // ERROR_CODES shows it with "a_b" parsed as a hostname, which is a valid URI-reference.
  "unexpected-character": "?y",
};

function syntaxErrorInfo(code: SyntaxErrorCode): DiagnosticCodeInfo {
  const info = ERROR_CODES[code];
  const example = DIAGNOSE_EXAMPLES[code] ?? info.example;
  const rule = DIAGNOSE_EXAMPLES[code] === undefined ? info.rule : undefined;
  return Object.freeze({
    severity: "error",
    configurable: false,
    section: info.section,
    summary: info.summary,
    example,
    ...(rule === undefined || rule === "URI-reference" ? {} : { rule }),
    ...(info.profile === undefined ? {} : { profile: info.profile }),
  });
}

const WARNINGS: Readonly<Record<WarningCode, Omit<DiagnosticCodeInfo, "severity" | "configurable">>> = {
  "password-in-userinfo": {
    section: "7",
    summary: "a password in the userinfo (user:password), sent and stored in clear text",
    example: "ftp://user:secret@ftp.example.com/",
  },
  "reserved-port": {
    section: "7",
    summary: "a port other than the scheme's default, below 1024 where other protocols' servers listen",
    example: "gopher://mail.example.com:25/",
  },
  "non-default-port": {
    section: "7",
    summary: "a port other than the scheme's default",
    example: "http://example.com:8080/",
  },
  "escaped-cr-lf-nul": {
    section: "7",
    summary: "an escaped CR, LF or NUL (%0D, %0A, %00), which must not be unescaped before transmission",
    example: "telnet://example.com/%0D%0A",
  },
  "registry-authority": {
    section: "3.2.2",
    summary: "an authority that is valid only as a registry-based name, for a scheme whose URLs name a server",
    example: ERROR_CODES["registry-authority"].example,
  },
  "uppercase-scheme": {
    section: "3.1",
    summary: "a scheme not in lower case (equivalent, but lower case is the canonical form)",
    example: "HTTP://example.com/",
  },
  "uppercase-host": {
    section: "6",
    summary: "a host name (or IPv6 literal) not in lower case (equivalent, but lower case is the canonical form)",
    example: "http://Example.COM/",
  },
  "ipv4-octet-range": {
    section: "3.2.2",
    summary: "an IPv4 address part above 255, which the syntax allows but no IPv4 address has",
    example: "http://1.2.3.999/",
  },
  "escaped-unreserved": {
    section: "2.4.2",
    summary: "an escaped unreserved character, such as %7E for ~, which needs no escape",
    example: "http://example.com/%7Euser/",
  },
};

const SYNTAX_ERROR_CODES = Object.keys(ERROR_CODES) as SyntaxErrorCode[];

/**
 * Every code diagnose can report, in table order (syntax errors as in
 * ERROR_CODES, then warnings), with its default severity, its section, what
 * it means and an example that produces it and nothing else.
 */
export const DIAGNOSTIC_CODES: Readonly<Record<DiagnosticCode, DiagnosticCodeInfo>> = Object.freeze(diagnosticCodes());

/**
 * The table of {@link DIAGNOSTIC_CODES}, made when this module loads, which
 * the CommonJS entry does on diagnose's first call: in plain loops, so that
 * a built-in a caller has replaced for that call (Array.prototype.includes,
 * filter, map...) cannot spoil it for every call after.
 */
function diagnosticCodes(): Record<DiagnosticCode, DiagnosticCodeInfo> {
  const table = {} as Record<DiagnosticCode, DiagnosticCodeInfo>;
  for (let i = 0; i < SYNTAX_ERROR_CODES.length; i++) {
    const code = SYNTAX_ERROR_CODES[i];
    if (!isWarningCode(code)) table[code] = syntaxErrorInfo(code);
  }
  for (let i = 0; i < WARNING_CODES.length; i++) {
    const code = WARNING_CODES[i];
    table[code] = Object.freeze({ severity: "warning", configurable: true, ...WARNINGS[code] });
  }
  return table;
}

/**
 * Whether `code` is a warning code, one that options may switch off or raise.
 *
 * @example
 * isWarningCode("password-in-userinfo")   // true
 * isWarningCode("space")                  // false: a syntax error
 */
export function isWarningCode(code: unknown): code is WarningCode {
  // (A loop, not Array.prototype.includes: see diagnosticCodes.)
  for (let i = 0; i < WARNING_CODES.length; i++) if (WARNING_CODES[i] === code) return true;
  return false;
}

/** Whether `code` is any code diagnose reports. */
export function isDiagnosticCode(code: unknown): code is DiagnosticCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(DIAGNOSTIC_CODES, code);
}
