package io.pfsmix.mix;

import java.util.List;
import java.util.Locale;

/** The two checkpoint patterns of the study, and the one "pattern" of a command in IOR's place (mix.hpc). */
public enum IorPattern {
  /** All ranks write one shared file, strided (IOR without -F). */
  N_TO_1("n-to-1", "N-to-1"),
  /** Each rank writes a file of its own (IOR -F). */
  N_TO_N("n-to-n", "N-to-N"),
  /** The user's command (mix.hpc = command:CMD): its own I/O pattern, run once per repetition. */
  COMMAND("command", "command");

  private final String setting;
  private final String label;

  IorPattern(String setting, String label) {
    this.setting = setting;
    this.label = label;
  }

  /** The name used in settings and JSON. */
  public String setting() {
    return setting;
  }

  /** The name used in tables and charts. */
  public String label() {
    return label;
  }

  /** The pattern of a setting as results.json records it (the command's included). */
  static IorPattern of(String setting) {
    for (IorPattern p : values()) {
      if (p.setting.equals(setting)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no pattern '" + setting + "'");
  }

  /** A pattern of {@link MixKeys#PATTERNS}: IOR's two. */
  static IorPattern parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    for (IorPattern p : List.of(N_TO_1, N_TO_N)) {
      if (p.setting.equals(t) || p.name().equalsIgnoreCase(t)) {
        return p;
      }
    }
    throw new MixConfigException(MixKeys.PATTERNS, "unknown pattern '" + text + "': expected n-to-1 or n-to-n");
  }
}
