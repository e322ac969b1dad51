/**
 * Which strings CPython 3.11's ipaddress.ip_address accepts
 * (Lib/ipaddress.py: IPv4Address, IPv6Address with its scope id): all
 * urllib.parse asks of it is whether a bracketed host is an address, and
 * of which version.
 *
 * @module
 */

/** IPv4Address's _parse_octet: 1 to 3 ASCII digits, no leading zero, at most 255. */
function octet(s: string): boolean {
  if (!/^[0-9]{1,3}$/.test(s)) return false;
  if (s !== "0" && s[0] === "0") return false;
  return Number(s) <= 255;
}

/** IPv4Address(s): four dotted decimal octets ("/" anywhere refused first). */
export function isPythonIPv4(s: string): boolean {
  if (s === "" || s.includes("/")) return false;
  const octets = s.split(".");
  return octets.length === 4 && octets.every(octet);
}

/** _parse_hextet: one to four hex digits (the empty string is int("", 16), an error). */
const hextet = (s: string) => /^[0-9a-fA-F]{1,4}$/.test(s);

/** IPv6Address's _ip_int_from_string, on the address without its scope id. */
function ipv6Digits(s: string): boolean {
  if (s === "") return false;
  const parts = s.split(":");
  if (parts.length < 3) return false;
  if (parts[parts.length - 1].includes(".")) {
    if (!isPythonIPv4(parts.pop() as string)) return false;
    parts.push("0", "0");
  }
  if (parts.length > 9) return false;
  let skip = -1;
  for (let i = 1; i < parts.length - 1; i++) {
    if (parts[i] !== "") continue;
    if (skip >= 0) return false;
    skip = i;
  }
  let hi: number;
  let lo: number;
  if (skip >= 0) {
    hi = skip;
    lo = parts.length - skip - 1;
    if (parts[0] === "" && --hi !== 0) return false;
    if (parts[parts.length - 1] === "" && --lo !== 0) return false;
    if (8 - (hi + lo) < 1) return false;
  } else {
    if (parts.length !== 8 || parts[0] === "" || parts[7] === "") return false;
    hi = parts.length;
    lo = 0;
  }
  return parts.slice(0, hi).every(hextet) && parts.slice(parts.length - lo).every(hextet);
}

/** IPv6Address(s): "/" refused, then _split_scope_id (one "%" and a non-empty zone), then the digits. */
export function isPythonIPv6(s: string): boolean {
  if (s.includes("/")) return false;
  const at = s.indexOf("%");
  if (at >= 0) {
    const zone = s.slice(at + 1);
    if (zone === "" || zone.includes("%")) return false;
    return ipv6Digits(s.slice(0, at));
  }
  return ipv6Digits(s);
}
