# The real urllib.parse for test/implementations/python.test.ts: one JSON
# line in, one out. argv[1] is "split" or "parse" (a line is a string), or
# "join" (a line is [base, reference]), or "repr" (repr() of the string). Errors are {"error": [class, str]}.
import json
import sys
from urllib.parse import urljoin, urlparse, urlsplit


def port(result):
    try:
        return result.port
    except ValueError as e:
        return {"error": str(e)}


def read(function, s):
    r = function(s)
    out = r._asdict()
    out.update(username=r.username, password=r.password, hostname=r.hostname, port=port(r))
    return out


def main():
    mode = sys.argv[1]
    out = sys.stdout
    for line in sys.stdin:
        arg = json.loads(line)
        try:
            if mode == "repr":
                value = {"repr": repr(arg)}
            elif mode == "join":
                value = {"resolved": urljoin(arg[0], arg[1])}
            else:
                value = read(urlsplit if mode == "split" else urlparse, arg)
        except ValueError as e:
            value = {"error": [type(e).__name__, str(e)]}
        out.write(json.dumps(value) + "\n")


main()
