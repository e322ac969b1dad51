# Reads JSON strings, one a line, from stdin; writes one JSON record a line:
# what Debian's python3-rfc3986 (the rfc3986 1.x package) says of each.
#
#   [uri_valid, iri_valid, components]
#
# uri_valid: the package's RFC 3986 validator (rfc3986.validators.Validator,
#   every component checked) on the package's split (misc.URI_MATCHER), with
#   the components as written. (rfc3986.uri_reference() would first
#   percent-encode the path, query and fragment, which makes "a b" valid: no
#   use for a test of validity.)
# iri_valid: the package's RFC 3987 rules (abnf_regexp: IPATH_RE, IQUERY_RE,
#   IFRAGMENT_RE, misc.ISUBAUTHORITY_MATCHER) on its IRI split, component by
#   component as its Validator does for URIs (its IRIReference.is_valid would
#   also percent-encode first, and then check with the URI rules).
# components: [scheme, authority, userinfo, host, port, path, query,
#   fragment] of the URI split, None for absent.
#
# Run with /usr/bin/python3 (the interpreter Debian's package is installed
# for), by test/compare-generic-differential.test.ts.
import json
import re
import sys

from rfc3986 import abnf_regexp, exceptions, misc, uri, validators

ALL = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
IPATH = re.compile(abnf_regexp.IPATH_RE, re.UNICODE)
IQUERY = re.compile(abnf_regexp.IQUERY_RE, re.UNICODE)
IFRAGMENT = re.compile(abnf_regexp.IFRAGMENT_RE, re.UNICODE)


def uri_valid(s):
    m = misc.URI_MATCHER.fullmatch(s)
    if m is None:
        return False, None
    g = m.groupdict()
    ref = uri.URIReference(g["scheme"], g["authority"], g["path"], g["query"], g["fragment"])
    try:
        validators.Validator().check_validity_of(*ALL).validate(ref)
        ok = True
    except (exceptions.ValidationError, UnicodeError):
        # (The package fails to word its error for an authority with a lone
        # surrogate, which is not UTF-8: a refusal all the same.)
        ok = False
    sub = misc.SUBAUTHORITY_MATCHER.match(g["authority"]) if g["authority"] is not None else None
    info = sub.groupdict() if sub else {"userinfo": None, "host": None, "port": None}
    parts = [g["scheme"], g["authority"], info["userinfo"], info["host"], info["port"], g["path"], g["query"], g["fragment"]]
    return ok, parts


def iri_host_ok(host):
    # validators.host_is_valid's checks beyond the pattern: an IPv4 pattern's
    # octets at most 255, an IPv6 zone only as "%25".
    if host is None:
        return True
    if misc.IPv4_MATCHER.match(host):
        return validators.valid_ipv4_host_address(host)
    if misc.IPv6_MATCHER.match(host):
        return misc.IPv6_NO_RFC4007_MATCHER.match(host) is not None
    return True


def iri_valid(s):
    m = misc.IRI_MATCHER.fullmatch(s)
    if m is None:
        return False
    g = m.groupdict()
    if g["scheme"] is not None and not misc.SCHEME_MATCHER.match(g["scheme"]):
        return False
    if g["authority"] is not None:
        sub = misc.ISUBAUTHORITY_MATCHER.match(g["authority"])
        if sub is None or not iri_host_ok(sub.group("host")):
            return False
        port = sub.group("port")
        if port and int(port) > 65535:
            return False
    if not IPATH.match(g["path"]):
        return False
    if g["query"] is not None and not IQUERY.match(g["query"]):
        return False
    return g["fragment"] is None or IFRAGMENT.match(g["fragment"]) is not None


def main():
    out = []
    for line in sys.stdin:
        s = json.loads(line)
        ok, parts = uri_valid(s)
        out.append(json.dumps([ok, iri_valid(s), parts]))
        if len(out) >= 4096:
            sys.stdout.write("\n".join(out) + "\n")
            out = []
    sys.stdout.write("".join(x + "\n" for x in out))
    sys.stdout.flush()


main()
