"""JSON Schema formats for RFC 2396 and RFC 2732, for Python's jsonschema.

The package ships this file beside the patterns it reads (rfc2396/dist/regex/): the `python`
flavor of rfc2396/regex, the same derivation as the `ecmascript` patterns that rfc2396/ajv gives
Ajv. Python 3.11 or later (the patterns use possessive quantifiers and atomic groups).

    from jsonschema import Draft202012Validator, FormatChecker
    from rfc2396_jsonschema import add_formats

    checker = add_formats(FormatChecker())
    Draft202012Validator({"format": "rfc2396-uri"}, format_checker=checker).is_valid("http://a/b")

The formats, in the manner of JSON Schema's own `uri` and `uri-reference` (RFC 3986's):
rfc2396-uri (an absolute URI, with or without a fragment), rfc2396-uri-reference (any
URI-reference), and rfc2732-uri, rfc2732-uri-reference (the same under RFC 2732).
"""
import json
import pathlib
import re

_HERE = pathlib.Path(__file__).resolve().parent

# A URI reference that starts with a scheme and its ":" is an absolute URI: no relative
# reference can (a relative path's first segment holds no ":", the others start with "/").
_STARTS_WITH_SCHEME = r"(?=[a-zA-Z][a-zA-Z0-9+.\-]*:)"

FORMATS = ("rfc2396-uri", "rfc2396-uri-reference", "rfc2732-uri", "rfc2732-uri-reference")


def _reference(profile):
    path = _HERE / "python.json" if profile == "rfc2396" else _HERE / profile / "python.json"
    with open(path, encoding="utf-8") as f:
        return json.load(f)["URI-reference"]


def patterns():
    """Each format's compiled pattern, by name."""
    out = {}
    for profile in ("rfc2396", "rfc2732"):
        reference = _reference(profile)
        # The pattern starts with its anchor "^"; the scheme's lookahead goes right after it.
        out[f"{profile}-uri"] = re.compile("^" + _STARTS_WITH_SCHEME + reference[1:])
        out[f"{profile}-uri-reference"] = re.compile(reference)
    return out


def add_formats(checker):
    """Adds the four formats to a jsonschema FormatChecker and returns it."""
    for name, pattern in patterns().items():
        # A format applies to strings only; other types pass it, as JSON Schema says.
        checker.checks(name)(lambda value, p=pattern: not isinstance(value, str) or p.search(value) is not None)
    return checker
