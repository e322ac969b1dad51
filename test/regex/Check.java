// Runs java.util.regex over a batch of cases, for test/regex.test.ts and bench/regex.js.
//   java Check.java PATTERNS CASES
// PATTERNS: one pattern a line, the line number (from 0) being the pattern's index.
// CASES: one case a line, "INDEX<TAB>TEXT", TEXT as UTF-16 code units in hex (4 digits each).
// Prints one line: for each case "1" (Matcher.find() found a match), "0" (none) or
// "E" (the engine threw, e.g. StackOverflowError). With --time, prints instead
// one line a case: the nanoseconds find() took, best of five runs after
// three rounds of warm-up over all cases.
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

public class Check {
  public static void main(String[] args) throws Exception {
    boolean time = args.length > 2 && args[2].equals("--time");
    List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
    Pattern[] patterns = new Pattern[lines.size()];
    for (int i = 0; i < patterns.length; i++) patterns[i] = Pattern.compile(lines.get(i));
    List<String> caseLines = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
    caseLines.removeIf(String::isEmpty);
    Pattern[] casePatterns = new Pattern[caseLines.size()];
    String[] subjects = new String[caseLines.size()];
    for (int k = 0; k < subjects.length; k++) {
      String line = caseLines.get(k);
      int tab = line.indexOf('\t');
      casePatterns[k] = patterns[Integer.parseInt(line.substring(0, tab))];
      String hex = line.substring(tab + 1);
      char[] chars = new char[hex.length() / 4];
      for (int i = 0; i < chars.length; i++) chars[i] = (char) Integer.parseInt(hex.substring(4 * i, 4 * i + 4), 16);
      subjects[k] = new String(chars);
    }
    StringBuilder out = new StringBuilder();
    if (time) {
      // Warm the JIT up on every case first, then keep the best of five runs.
      for (int round = 0; round < 3; round++) for (int k = 0; k < subjects.length; k++) verdict(casePatterns[k], subjects[k]);
      for (int k = 0; k < subjects.length; k++) {
        long best = Long.MAX_VALUE;
        String verdict = "";
        for (int run = 0; run < 5; run++) {
          long t0 = System.nanoTime();
          verdict = verdict(casePatterns[k], subjects[k]);
          best = Math.min(best, System.nanoTime() - t0);
        }
        out.append(best).append(' ').append(verdict).append('\n');
      }
    } else {
      for (int k = 0; k < subjects.length; k++) out.append(verdict(casePatterns[k], subjects[k]));
    }
    System.out.println(out);
  }

  static String verdict(Pattern p, String s) {
    try {
      return p.matcher(s).find() ? "1" : "0";
    } catch (StackOverflowError e) {
      return "E";
    }
  }
}
