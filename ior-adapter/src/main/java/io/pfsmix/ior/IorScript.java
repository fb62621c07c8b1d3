package io.pfsmix.ior;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * IOR's test scripts (-f): between the lines "IOR START" and "IOR STOP", {@code key=value} directives (those of -O,
 * comma-separated, {@code #} to the end of a line a comment) and "RUN" lines. Each test starts from the previous
 * one's parameters, the first from the command line's; "RUN" ends a test, and directives after the last "RUN" make one
 * more, as IOR's ReadConfigScript does.
 */
final class IorScript {

  private IorScript() {
  }

  /** The tests of {@code base}'s script (-f), numbered from 0, each with IOR's write-and-read default applied. */
  static List<IorOptions> tests(IorOptions base) {
    String text;
    try {
      text = Files.readString(Path.of(base.scriptFile));
    } catch (NoSuchFileException e) {
      throw new IorUsageException("-f " + base.scriptFile + ": no such script file");
    } catch (IOException e) {
      throw new IorUsageException("-f " + base.scriptFile + ": cannot read the script: " + e.getMessage());
    }
    return parse(base, text);
  }

  static List<IorOptions> parse(IorOptions base, String text) {
    String[] lines = text.split("\r?\n", -1);
    int line = 0;
    while (line < lines.length && !is(lines[line], "ior start")) {
      line++;
    }
    if (line == lines.length) {
      throw new IorUsageException("-f " + base.scriptFile + ": no \"IOR START\" line (IOR reads a script's tests"
          + " between \"IOR START\" and \"IOR STOP\")");
    }
    List<IorOptions> tests = new ArrayList<>();
    IorOptions test = base.copy();
    test.scriptFile = null;
    tests.add(test);
    boolean afterRun = false;
    for (line++; line < lines.length; line++) {
      String content = lines[line].strip();
      if (content.isEmpty() || content.startsWith("#")) {
        continue;
      }
      if (is(content, "ior stop")) {
        break;
      }
      if (is(content, "run")) {
        if (afterRun) {
          // two RUN lines in a row run the same parameters twice
          test = next(tests, test);
        }
        afterRun = true;
        continue;
      }
      if (afterRun) {
        test = next(tests, test);
        afterRun = false;
      }
      directives(test, content, base.scriptFile + " line " + (line + 1));
    }
    for (IorOptions t : tests) {
      t.applyRunDefaults();
      t.scriptText = text;
    }
    return tests;
  }

  private static IorOptions next(List<IorOptions> tests, IorOptions previous) {
    IorOptions test = previous.copy();
    test.testId = tests.size();
    tests.add(test);
    return test;
  }

  private static void directives(IorOptions test, String content, String where) {
    int comment = content.indexOf('#');
    String directives = comment >= 0 ? content.substring(0, comment) : content;
    for (String directive : directives.split(",")) {
      if (directive.strip().length() < 3) {
        throw new IorUsageException(where + ": Invalid option substring string: \"" + directive + "\" in \"" + content
            + "\"");
      }
      try {
        IorOptionParser.directives(test, directive);
      } catch (IorUsageException e) {
        throw new IorUsageException(where + ": " + e.getMessage());
      }
    }
  }

  /** IOR's contains_only: the line is the word, in any case, with white space around it at most. */
  private static boolean is(String line, String word) {
    return line.strip().toLowerCase(Locale.ROOT).equals(word);
  }
}
