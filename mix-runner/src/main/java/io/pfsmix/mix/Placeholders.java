package io.pfsmix.mix;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {NAME} placeholders of a user's workload definition (mix.hpc's command, mix.analytics's arguments). */
final class Placeholders {

  /** {NAME}, but not the shell's own ${NAME}. */
  private static final Pattern PLACEHOLDER = Pattern.compile("(?<!\\$)\\{([A-Za-z_][A-Za-z0-9_.-]*)}");

  private Placeholders() {
  }

  /** Refuses, naming {@code key}, a placeholder of {@code template} that is not one of {@code known}. */
  static void check(String template, List<String> known, String key) {
    Matcher m = PLACEHOLDER.matcher(template);
    while (m.find()) {
      if (!known.contains(m.group(1))) {
        throw new MixConfigException(key, "unknown placeholder " + m.group() + " (known: {"
            + String.join("}, {", known) + "}; a literal one is written '{'" + m.group(1) + "'}')");
      }
    }
  }

  /** Whether {@code template} holds {NAME}. */
  static boolean has(String template, String name) {
    return template.contains("{" + name + "}");
  }

  /** {@code template} with each placeholder replaced by {@code quote} of its value. */
  static String fill(String template, Map<String, String> values, UnaryOperator<String> quote) {
    Matcher m = PLACEHOLDER.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(quote.apply(values.get(m.group(1)))));
    }
    return m.appendTail(out).toString();
  }
}
