/**
 * glibc's inet_pton(AF_INET6) and inet_ntop(AF_INET6) (resolv/inet_pton.c,
 * resolv/inet_ntop.c), which libcurl's Curl_inet_pton and Curl_inet_ntop
 * are on Debian (lib/inet_pton.h: HAVE_INET_PTON). hostname_check reads a
 * bracketed host with the first and writes it back shorter with the second.
 *
 * @module
 */

// READING: R141
// The libc's functions are the platform's: glibc 2.36 (Debian 12) is the one read and verified.

const hexValue = (c: string): number => {
  const k = "0123456789abcdef".indexOf(c.toLowerCase());
  return c.length === 1 ? k : -1;
};

/** inet_pton4 of glibc: four decimal parts, each at most 255, no leading zero. */
function pton4(s: string): number[] | undefined {
  const out = [0];
  let sawDigit = false;
  let octets = 0;
  for (const ch of s) {
    if (ch >= "0" && ch <= "9") {
      const last = out.length - 1;
      const value = out[last] * 10 + (ch.charCodeAt(0) - 48);
      if (sawDigit && out[last] === 0) return undefined;
      if (value > 255) return undefined;
      out[last] = value;
      if (!sawDigit) {
        if (++octets > 4) return undefined;
        sawDigit = true;
      }
    } else if (ch === "." && sawDigit) {
      if (octets === 4) return undefined;
      out.push(0);
      sawDigit = false;
    } else return undefined;
  }
  return octets < 4 ? undefined : out;
}

/** inet_pton(AF_INET6, s): the sixteen bytes, or undefined where glibc returns 0. */
export function inetPton6(s: string): number[] | undefined {
  const bytes: number[] = [];
  let colon = -1;
  let i = 0;
  if (s.length === 0) return undefined;
  if (s[0] === ":") {
    i = 1;
    if (i === s.length || s[i] !== ":") return undefined;
  }
  let token = i;
  let digits = 0;
  let value = 0;
  let sawIPv4 = false;
  while (i < s.length) {
    const ch = s[i++];
    const d = hexValue(ch);
    if (d >= 0) {
      if (digits === 4) return undefined;
      value = (value << 4) | d;
      digits++;
      continue;
    }
    if (ch === ":") {
      token = i;
      if (digits === 0) {
        if (colon >= 0) return undefined;
        colon = bytes.length;
        continue;
      } else if (i === s.length) return undefined;
      if (bytes.length + 2 > 16) return undefined;
      bytes.push(value >> 8, value & 0xff);
      digits = 0;
      value = 0;
      continue;
    }
    const v4 = ch === "." && bytes.length + 4 <= 16 ? pton4(s.slice(token)) : undefined;
    if (v4 === undefined) return undefined;
    bytes.push(...v4);
    digits = 0;
    sawIPv4 = true;
    break;
  }
  if (digits > 0 && !sawIPv4) {
    if (bytes.length + 2 > 16) return undefined;
    bytes.push(value >> 8, value & 0xff);
  }
  if (colon >= 0) {
    if (bytes.length === 16) return undefined;
    const tail = bytes.splice(colon);
    while (bytes.length + tail.length < 16) bytes.push(0);
    bytes.push(...tail);
  }
  return bytes.length === 16 ? bytes : undefined;
}

/** inet_ntop(AF_INET6): the longest run of two or more zero words (the first of equals) as "::", an IPv4 tail where glibc writes one. */
export function inetNtop6(bytes: readonly number[]): string {
  const words = Array.from({ length: 8 }, (_, k) => (bytes[2 * k] << 8) | bytes[2 * k + 1]);
  let best = { base: -1, len: 0 };
  let cur = { base: -1, len: 0 };
  for (let i = 0; i < 8; i++) {
    if (words[i] === 0) {
      if (cur.base === -1) cur = { base: i, len: 1 };
      else cur.len++;
    } else if (cur.base !== -1) {
      if (best.base === -1 || cur.len > best.len) best = cur;
      cur = { base: -1, len: 0 };
    }
  }
  if (cur.base !== -1 && (best.base === -1 || cur.len > best.len)) best = cur;
  if (best.base !== -1 && best.len < 2) best = { base: -1, len: 0 };
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (best.base !== -1 && i >= best.base && i < best.base + best.len) {
      if (i === best.base) out += ":";
      continue;
    }
    if (i !== 0) out += ":";
    if (i === 6 && best.base === 0 && (best.len === 6 || (best.len === 5 && words[5] === 0xffff))) {
      out += bytes.slice(12, 16).join(".");
      return out;
    }
    out += words[i].toString(16);
  }
  if (best.base !== -1 && best.base + best.len === 8) out += ":";
  return out;
}
