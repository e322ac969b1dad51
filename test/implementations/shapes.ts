// The reading "java.net.URI" in the shape of the JDK harness's answers
// (test/implementations/java/UriHarness.java), so the two compare as JSON.
import type { JavaUriFields } from "../../src/implementations/java-net-uri/fields";
import { javaUriFromComponents, readJavaUri } from "../../src/implementations/java-net-uri/index";
import {
  rawSchemeSpecificPart,
  relativizeUri,
  resolveUri,
  toJavaString,
} from "../../src/implementations/java-net-uri/operations";
import { parseJavaUri } from "../../src/implementations/java-net-uri/parser";
import { JavaThrown } from "../../src/implementations/java-net-uri/thrown";
import type { ImplementationReading } from "../../src/implementations/types";

/** A reading in the harness's shape: the getters, or the exception. */
export function asJdk(reading: ImplementationReading): Record<string, unknown> {
  if (reading.ok) return { ok: true, ...reading.native };
  const e = reading.error;
  const out: Record<string, unknown> = { ok: false, code: e.code, message: e.message };
  if (e.reason !== undefined) {
    out.reason = e.reason;
    out.index = e.index;
  }
  return out;
}

/** An instance from resolve or relativize, in the harness's shape (its fields, then its string). */
export function instance(f: () => JavaUriFields): Record<string, unknown> {
  let u: JavaUriFields;
  try {
    u = f();
  } catch (x) {
    if (!(x instanceof JavaThrown)) throw x;
    const out: Record<string, unknown> = { ok: false, code: x.className, message: x.message };
    if (x.reason !== undefined) {
      out.reason = x.reason;
      out.index = x.index;
    }
    return out;
  }
  const fields = {
    ok: true,
    scheme: u.scheme,
    rawAuthority: u.authority,
    rawUserInfo: u.userInfo,
    host: u.host,
    port: u.port,
    rawPath: u.path,
    rawQuery: u.query,
    rawFragment: u.fragment,
    rawSchemeSpecificPart: rawSchemeSpecificPart(u),
  };
  return { ...fields, string: toJavaString(u) };
}

/** An item of the conformance corpus (scripts/java-corpus.js). */
export type CorpusItem =
  | { op: "read"; input: string }
  | { op: "resolve"; base: string; reference: string }
  | { op: "relativize"; base: string; uri: string }
  | {
      op: "construct";
      args: [string | null, string | null, string | null, number, string | null, string | null, string | null];
    };

/** What the reading answers to an item, in the harness's shape. */
export function answer(item: CorpusItem): Record<string, unknown> {
  switch (item.op) {
    case "read":
      return asJdk(readJavaUri(item.input));
    case "resolve":
      return instance(() => resolveUri(parseJavaUri(item.base), parseJavaUri(item.reference)));
    case "relativize":
      return instance(() => relativizeUri(parseJavaUri(item.base), parseJavaUri(item.uri)));
    default:
      return asJdk(javaUriFromComponents(...item.args));
  }
}
