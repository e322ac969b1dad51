/**
 * `new URI(str)`: OpenJDK 17's `URI.Parser`, step by step in the source's
 * order, with its messages and indexes. Each scan takes a start and an end
 * (exclusive) and returns where it stopped, as the source's do; a failure
 * throws the {@link JavaThrown} the JDK throws.
 *
 * The scanning primitives are in ./scanner.ts, the hosts (IPv4, host
 * names, IPv6 literals) in ./hosts.ts.
 *
 * @module
 */
import { ALPHA, DIGIT, PATH, REG_NAME, SCHEME, SERVER, SERVER_PERCENT, URIC, USERINFO } from "./chars.js";
import type { JavaUriFields } from "./fields.js";
import { HostParser } from "./hosts.js";
import { JavaThrown, parseDecimal } from "./thrown.js";

/** The whole parse of one string into one set of fields. */
export class Parser extends HostParser {
  constructor(
    input: string,
    readonly requireServerAuthority: boolean,
  ) {
    super(input);
    this.uri.string = input;
  }

  /** `parse(rsa)`: [scheme:]scheme-specific-part[#fragment]. */
  parse(): JavaUriFields {
    const n = this.input.length;
    const u = this.uri;
    let p = this.scanErr(0, n, "/?#", ":");
    if (p >= 0 && this.at(p, n, ":")) {
      if (p === 0) this.failExpecting("scheme name", 0);
      this.checkChars(0, 1, ALPHA, "scheme name");
      this.checkChars(1, p, SCHEME, "scheme name");
      u.scheme = this.input.slice(0, p);
      p++;
      if (this.at(p, n, "/")) {
        p = this.parseHierarchical(p, n);
      } else {
        const q = this.scanTo(p, n, "#");
        if (q <= p) this.failExpecting("scheme-specific part", p);
        this.checkChars(p, q, URIC, "opaque part");
        u.schemeSpecificPart = this.input.slice(p, q);
        p = q;
      }
    } else {
      p = this.parseHierarchical(0, n);
    }
    if (this.at(p, n, "#")) {
      this.checkChars(p + 1, n, URIC, "fragment");
      u.fragment = this.input.slice(p + 1, n);
      p = n;
    }
    if (p < n) this.fail("end of URI", p);
    return u;
  }

  /**
   * [//authority]<path>[?<query>], with the javadoc's first two deviations:
   * an empty authority before a path, query or fragment, and an empty path.
   */
  parseHierarchical(start: number, n: number): number {
    let p = start;
    if (this.at(p, n, "/") && this.at(p + 1, n, "/")) {
      p += 2;
      const q = this.scanTo(p, n, "/?#");
      if (q > p) p = this.parseAuthority(p, q);
      else if (q >= n) this.failExpecting("authority", p);
    }
    let q = this.scanTo(p, n, "?#");
    this.checkChars(p, q, PATH, "path");
    this.uri.path = this.input.slice(p, q);
    p = q;
    if (this.at(p, n, "?")) {
      p++;
      q = this.scanTo(p, n, "#");
      this.checkChars(p, q, URIC, "query");
      this.uri.query = this.input.slice(p, q);
      p = q;
    }
    return p;
  }

  /**
   * authority = server | reg_name: the whole authority is tried as a server
   * first, and taken as a registry name where that fails and its characters
   * allow one.
   */
  parseAuthority(start: number, n: number): number {
    const u = this.uri;
    const p = start;
    let q = p;
    let ex: JavaThrown | null = null;
    // (The source's test is whether a "]" stands anywhere but first.)
    const serverChars =
      this.scanTo(p, n, "]") > p ? this.scanMask(p, n, SERVER_PERCENT) === n : this.scanMask(p, n, SERVER) === n;
    const regChars = this.scanMask(p, n, REG_NAME) === n;
    if (regChars && !serverChars) {
      u.authority = this.input.slice(p, n);
      return n;
    }
    const skipParseException = !this.requireServerAuthority && regChars;
    if (serverChars) {
      try {
        q = this.parseServer(p, n, skipParseException);
        if (q < n) {
          if (!skipParseException) this.failExpecting("end of authority", q);
          u.userInfo = null;
          u.host = null;
          u.port = -1;
          q = p;
        } else {
          u.authority = this.input.slice(p, n);
        }
      } catch (x) {
        if (!(x instanceof JavaThrown) || x.className !== "java.net.URISyntaxException") throw x;
        u.userInfo = null;
        u.host = null;
        u.port = -1;
        if (this.requireServerAuthority) throw x;
        ex = x;
        q = p;
      }
    }
    if (q < n) {
      if (regChars) u.authority = this.input.slice(p, n);
      else if (ex !== null) throw ex;
      else this.fail("Illegal character in authority", q);
    }
    return n;
  }

  /** [<userinfo>@]<host>[:<port>]. */
  parseServer(start: number, n: number, skipParseException: boolean): number {
    const u = this.uri;
    let p = start;
    let q = this.scanErr(p, n, "/?#", "@");
    if (q >= p && this.at(q, n, "@")) {
      this.checkChars(p, q, USERINFO, "user info");
      u.userInfo = this.input.slice(p, q);
      p = q + 1;
    }
    p = this.parseHost(p, n, skipParseException);
    if (this.at(p, n, ":")) {
      p++;
      q = this.scanTo(p, n, "/");
      if (q > p) {
        this.checkChars(p, q, DIGIT, "port number");
        try {
          u.port = parseDecimal(this.input, p, q);
        } catch (x) {
          if (!(x instanceof JavaThrown)) throw x;
          this.fail("Malformed port number", p);
        }
        p = q;
      }
    } else if (p < n && skipParseException) {
      return p;
    }
    if (p < n) this.failExpecting("port number", p);
    return p;
  }
}

/** `new URI(input)` (requireServerAuthority false) or the parse `parseServerAuthority()` makes (true): the fields, or what the JDK throws. */
export function parseJavaUri(input: string, requireServerAuthority = false): JavaUriFields {
  return new Parser(input, requireServerAuthority).parse();
}
