/**
 * PHP 8.2's parse_url (ext/standard/url.c: php_url_parse_ex2 and
 * PHP_FUNCTION(parse_url)), each step in the source's order. PHP reads
 * bytes; every delimiter it looks for is ASCII and a UTF-8 sequence holds
 * no ASCII byte, so the steps run on the text itself, its lone surrogates
 * first made U+FFFD as the text's UTF-8 would have them. The one count of
 * bytes (a port of at most five) counts UTF-8 bytes.
 *
 * @module
 */

/** The array parse_url returns, its keys in PHP's order. */
export interface PhpUrl {
  scheme?: string;
  host?: string;
  port?: number;
  user?: string;
  pass?: string;
  path?: string;
  query?: string;
  fragment?: string;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isSchemeChar = (c: string) => /^[A-Za-z0-9+.-]$/.test(c);
/** php_replace_controlchars: each iscntrl byte (C locale: U+0000 to U+001F, U+007F) becomes "_". */
// eslint-disable-next-line no-control-regex
const replaceControls = (s: string) => s.replace(/[\x00-\x1f\x7f]/g, "_");
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The UTF-8 length of a string without lone surrogates. */
const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** binary_strcspn(s, e, chars): the first of `chars` in [s, e), or e. */
function strcspn(str: string, s: number, e: number, chars: string): number {
  let end = e;
  for (const c of chars) {
    const p = str.indexOf(c, s);
    if (p >= 0 && p < end) end = p;
  }
  return end;
}

/** ZEND_STRTOL(buf, &end, 10) of a port: [value, whether a digit was read]. */
function strtol(buf: string): [number, boolean] {
  const m = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)/.exec(buf);
  if (m === null) return [0, false];
  const value = Number(m[2]);
  return [m[1] === "-" ? -value : value, true];
}

const startsWithSlashes = (str: string, s: number) => s + 1 < str.length && str[s] === "/" && str[s + 1] === "/";

type Step = "parse_port" | "parse_host" | "just_path" | "done";

/** The scheme part, up to the label it jumps to; [next step, s, e]. */
function schemePart(str: string, ret: PhpUrl, e: number): [Step, number, number] {
  const ue = str.length;
  for (let p = 0; p < e; p++) {
    if (isSchemeChar(str[p])) continue;
    if (e + 1 < ue && e < strcspn(str, 0, ue, "?#")) return ["parse_port", 0, e];
    if (startsWithSlashes(str, 0)) return ["parse_host", 2, -1];
    return ["just_path", 0, e];
  }
  if (e + 1 === ue) {
    ret.scheme = replaceControls(str.slice(0, e));
    return ["done", 0, e];
  }
  if (str[e + 1] !== "/") {
    // A port, as in "a.com:80"?
    let p = e + 1;
    while (p < ue && isDigit(str[p])) p++;
    if ((p === ue || str[p] === "/") && p - e < 7) return ["parse_port", 0, e];
    ret.scheme = replaceControls(str.slice(0, e));
    return ["just_path", e + 1, e];
  }
  ret.scheme = replaceControls(str.slice(0, e));
  if (!(e + 2 < ue && str[e + 2] === "/")) return ["just_path", e + 1, e];
  if (ret.scheme.toLowerCase() === "file" && e + 3 < ue && str[e + 3] === "/") {
    // Windows drive letters: file:///c:/x. PHP looks at the byte e + 5: a ":" there only after one ASCII character.
    const drive = e + 5 < ue && str.charCodeAt(e + 4) < 0x80 && str[e + 5] === ":";
    return ["just_path", drive ? e + 4 : e + 3, e];
  }
  return ["parse_host", e + 3, e];
}

/** The state php_url_parse_ex2 carries: the result, whether a port was read, the port's value (0 when none). */
interface State {
  ret: PhpUrl;
  hasPort: boolean;
  port: number;
}

/** parse_port: digits after the colon at e; [next step, s], or false for parse_url's false. */
function parsePort(str: string, st: State, s: number, e: number): [Step, number] | false {
  const ue = str.length;
  const p = e + 1;
  let pp = p;
  while (pp < ue && pp - p < 6 && isDigit(str[pp])) pp++;
  if (pp - p > 0 && pp - p < 6 && (pp === ue || str[pp] === "/")) {
    const [port, read] = strtol(str.slice(p, pp));
    if (!(port >= 0 && port <= 65535 && read)) return false;
    st.hasPort = true;
    st.port = port;
    return ["parse_host", startsWithSlashes(str, s) ? s + 2 : s];
  }
  if (p === pp && pp === ue) return false;
  if (startsWithSlashes(str, s)) return ["parse_host", s + 2];
  return ["just_path", s];
}

/** parse_host: user, pass, host and port; [next step, s], or false. */
function parseHost(str: string, st: State, start: number): [Step, number] | false {
  const ue = str.length;
  let s = start;
  const e = strcspn(str, s, ue, "/?#");
  const at = str.lastIndexOf("@", e - 1);
  if (at >= s && at < e) {
    const colon = str.indexOf(":", s);
    if (colon >= 0 && colon < at) {
      st.ret.user = replaceControls(str.slice(s, colon));
      st.ret.pass = replaceControls(str.slice(colon + 1, at));
    } else st.ret.user = replaceControls(str.slice(s, at));
    s = at + 1;
  }
  let p: number;
  if (s < ue && str[s] === "[" && str[e - 1] === "]") p = -1;
  else {
    const colon = str.lastIndexOf(":", e - 1);
    p = colon >= s && colon < e ? colon : -1;
  }
  if (p >= 0) {
    if (st.port === 0) {
      const digits = str.slice(p + 1, e);
      if (byteLength(digits) > 5) return false;
      if (digits !== "") {
        const [port, read] = strtol(digits);
        if (!(port >= 0 && port <= 65535 && read)) return false;
        st.hasPort = true;
        st.port = port;
      }
    }
  } else p = e;
  if (p - s < 1) return false;
  st.ret.host = replaceControls(str.slice(s, p));
  if (e === ue) return ["done", e];
  return ["just_path", e];
}

/** just_path: the fragment after "#", the query after "?", the path before them. */
function justPath(str: string, ret: PhpUrl, s: number): void {
  const ue = str.length;
  let e = ue;
  const hash = str.indexOf("#", s);
  if (hash >= 0) {
    ret.fragment = replaceControls(str.slice(hash + 1, e));
    e = hash;
  }
  const question = str.indexOf("?", s);
  if (question >= 0 && question < e) {
    ret.query = replaceControls(str.slice(question + 1, e));
    e = question;
  }
  if (s < e || s === ue) ret.path = replaceControls(str.slice(s, e));
}

/** parse_url(input): the array in PHP's key order, or false. */
export function phpParseUrl(input: string): PhpUrl | false {
  const str = input.replace(LONE_SURROGATE, "\ufffd");
  const st: State = { ret: {}, hasPort: false, port: 0 };
  const colon = str.indexOf(":");
  let step: Step;
  let s = 0;
  let e = colon;
  if (colon > 0) [step, s, e] = schemePart(str, st.ret, colon);
  else if (colon === 0) step = "parse_port";
  else if (startsWithSlashes(str, 0)) [step, s] = ["parse_host", 2];
  else step = "just_path";
  if (step === "parse_port") {
    const next = parsePort(str, st, s, e);
    if (next === false) return false;
    [step, s] = next;
  }
  if (step === "parse_host") {
    const next = parseHost(str, st, s);
    if (next === false) return false;
    [step, s] = next;
  }
  if (step === "just_path") justPath(str, st.ret, s);
  const r = st.ret;
  const out: PhpUrl = {};
  if (r.scheme !== undefined) out.scheme = r.scheme;
  if (r.host !== undefined) out.host = r.host;
  if (st.hasPort) out.port = st.port;
  for (const key of ["user", "pass", "path", "query", "fragment"] as const) if (r[key] !== undefined) out[key] = r[key];
  return out;
}
