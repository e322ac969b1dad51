// What OpenJDK's java.net.URI makes of strings, for the tests of the
// reading "java.net.URI" (src/implementations/java-net-uri/). One JVM reads
// many requests, one a line, from stdin, and answers each with one line of
// JSON on stdout. Every string, in and out, is a JSON string literal whose
// characters outside printable ASCII are \\uXXXX escapes, so any UTF-16
// string (controls, newlines, lone surrogates) crosses unchanged.
//
// Requests (fields separated by a tab; a string is a JSON literal or null):
//   R <s>                  new URI(s) and every getter
//   V <base> <ref>         new URI(base).resolve(new URI(ref))
//   L <base> <uri>         new URI(base).relativize(new URI(uri))
//   C <scheme> <userInfo> <host> <port> <path> <query> <fragment>
//                          new URI(scheme, userInfo, host, port, path, query, fragment)
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class UriHarness {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintStream out = new PrintStream(System.out, false, "US-ASCII");
        StringBuilder sb = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            sb.setLength(0);
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "R": read(sb, str(f[1])); break;
                case "V": resolve(sb, str(f[1]), str(f[2])); break;
                case "L": relativize(sb, str(f[1]), str(f[2])); break;
                case "C": construct(sb, f); break;
                default: throw new IllegalArgumentException("unknown request " + f[0]);
            }
            out.println(sb);
        }
        out.flush();
    }

    static void read(StringBuilder sb, String s) {
        URI u;
        try {
            u = new URI(s);
        } catch (Throwable e) {
            error(sb, e);
            return;
        }
        getters(sb, u);
    }

    static void getters(StringBuilder sb, URI u) {
        sb.append("{\"ok\":true");
        field(sb, "string", u.toString());
        field(sb, "scheme", u.getScheme());
        field(sb, "rawSchemeSpecificPart", u.getRawSchemeSpecificPart());
        field(sb, "rawAuthority", u.getRawAuthority());
        field(sb, "rawUserInfo", u.getRawUserInfo());
        field(sb, "host", u.getHost());
        sb.append(",\"port\":").append(u.getPort());
        field(sb, "rawPath", u.getRawPath());
        field(sb, "rawQuery", u.getRawQuery());
        field(sb, "rawFragment", u.getRawFragment());
        field(sb, "schemeSpecificPart", u.getSchemeSpecificPart());
        field(sb, "authority", u.getAuthority());
        field(sb, "userInfo", u.getUserInfo());
        field(sb, "path", u.getPath());
        field(sb, "query", u.getQuery());
        field(sb, "fragment", u.getFragment());
        sb.append(",\"opaque\":").append(u.isOpaque());
        sb.append(",\"absolute\":").append(u.isAbsolute());
        sb.append(",\"serverAuthority\":");
        try {
            u.parseServerAuthority();
            sb.append("true");
        } catch (URISyntaxException e) {
            quote(sb, e.getMessage());
        }
        field(sb, "normalized", u.normalize().toString());
        sb.append(",\"asciiString\":");
        try {
            quote(sb, u.toASCIIString());
        } catch (Throwable e) {
            sb.append("{\"throws\":");
            quote(sb, e.getClass().getName());
            sb.append(",\"message\":");
            quote(sb, e.getMessage());
            sb.append('}');
        }
        sb.append('}');
    }

    static void resolve(StringBuilder sb, String base, String ref) {
        try {
            URI r = new URI(base).resolve(new URI(ref));
            resolved(sb, r);
        } catch (Throwable e) {
            error(sb, e);
        }
    }

    static void relativize(StringBuilder sb, String base, String uri) {
        try {
            URI r = new URI(base).relativize(new URI(uri));
            resolved(sb, r);
        } catch (Throwable e) {
            error(sb, e);
        }
    }

    // The fields of an instance built by resolve or relativize, then its string.
    static void resolved(StringBuilder sb, URI r) {
        sb.append("{\"ok\":true");
        field(sb, "scheme", r.getScheme());
        field(sb, "rawAuthority", r.getRawAuthority());
        field(sb, "rawUserInfo", r.getRawUserInfo());
        field(sb, "host", r.getHost());
        sb.append(",\"port\":").append(r.getPort());
        field(sb, "rawPath", r.getRawPath());
        field(sb, "rawQuery", r.getRawQuery());
        field(sb, "rawFragment", r.getRawFragment());
        field(sb, "rawSchemeSpecificPart", r.getRawSchemeSpecificPart());
        field(sb, "string", r.toString());
        sb.append('}');
    }

    static void construct(StringBuilder sb, String[] f) {
        try {
            URI u = new URI(str(f[1]), str(f[2]), str(f[3]), Integer.parseInt(f[4]), str(f[5]), str(f[6]), str(f[7]));
            getters(sb, u);
        } catch (Throwable e) {
            error(sb, e);
        }
    }

    static void error(StringBuilder sb, Throwable e) {
        sb.append("{\"ok\":false,\"code\":");
        quote(sb, e.getClass().getName());
        field(sb, "message", e.getMessage());
        if (e instanceof URISyntaxException) {
            URISyntaxException x = (URISyntaxException) e;
            field(sb, "reason", x.getReason());
            sb.append(",\"index\":").append(x.getIndex());
        }
        sb.append('}');
    }

    static void field(StringBuilder sb, String name, String value) {
        sb.append(",\"").append(name).append("\":");
        quote(sb, value);
    }

    static void quote(StringBuilder sb, String s) {
        if (s == null) {
            sb.append("null");
            return;
        }
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c >= 0x20 && c < 0x7f) sb.append(c);
            else sb.append(String.format("\\u%04x", (int) c));
        }
        sb.append('"');
    }

    // A JSON string literal (or null) as written by the test: only the
    // escapes \" \\ and \\uXXXX occur.
    static String str(String t) {
        if (t.equals("null")) return null;
        StringBuilder s = new StringBuilder(t.length());
        for (int i = 1; i < t.length() - 1; i++) {
            char c = t.charAt(i);
            if (c != '\\') {
                s.append(c);
                continue;
            }
            char e = t.charAt(++i);
            if (e == 'u') {
                s.append((char) Integer.parseInt(t.substring(i + 1, i + 5), 16));
                i += 4;
            } else {
                s.append(e);
            }
        }
        return s.toString();
    }
}
