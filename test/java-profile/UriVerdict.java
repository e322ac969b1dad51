// What `new URI(s)` (the JDK running this) and java.util.regex make of a batch of strings, for
// test/java-profile.test.ts and test/java-fix.test.ts. One JVM a batch.
//   java UriVerdict.java CASES [PATTERNS]
// CASES: one string a line, as UTF-16 code units in hex (4 digits each; an empty line is "").
// PATTERNS: one pattern a line (optional).
// Prints one line a case: "1" where new URI(s) returns, "0" where it throws (URISyntaxException,
// or the NumberFormatException some IPv4 parts throw), then for each pattern "1" where
// Matcher.find() matches, "0" where not, "E" where the engine threw; then, where new URI(s)
// threw, a tab and the exception's reason (getReason(), or the exception's class name).
//   java UriVerdict.java --other
// Prints the UTF-16 units the parser's scanEscape takes as "other" (c > 128, not
// Character.isSpaceChar, not Character.isISOControl), as ranges "FROM-TO" in hex, one a line.
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

public class UriVerdict {
  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder();
    if (args[0].equals("--other")) {
      int from = -1;
      for (int c = 0; c <= 0x10000; c++) {
        boolean other = c <= 0xFFFF && c > 128 && !Character.isSpaceChar((char) c) && !Character.isISOControl((char) c);
        if (other && from < 0) from = c;
        if (!other && from >= 0) {
          out.append(String.format("%04X-%04X%n", from, c - 1));
          from = -1;
        }
      }
      System.out.print(out);
      return;
    }
    List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
    Pattern[] patterns = new Pattern[0];
    if (args.length > 1) {
      List<String> sources = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
      patterns = new Pattern[sources.size()];
      for (int i = 0; i < patterns.length; i++) patterns[i] = Pattern.compile(sources.get(i));
    }
    for (String hex : lines) {
      char[] chars = new char[hex.length() / 4];
      for (int i = 0; i < chars.length; i++) chars[i] = (char) Integer.parseInt(hex.substring(4 * i, 4 * i + 4), 16);
      String s = new String(chars);
      boolean ok;
      String reason = "";
      try {
        new URI(s);
        ok = true;
      } catch (java.net.URISyntaxException e) {
        ok = false;
        reason = e.getReason();
      } catch (NumberFormatException e) {
        ok = false;
        reason = "NumberFormatException";
      }
      out.append(ok ? '1' : '0');
      for (Pattern p : patterns) {
        try {
          out.append(p.matcher(s).find() ? '1' : '0');
        } catch (StackOverflowError e) {
          out.append('E');
        }
      }
      if (!ok) out.append('\t').append(reason);
      out.append('\n');
    }
    System.out.print(out);
  }
}
