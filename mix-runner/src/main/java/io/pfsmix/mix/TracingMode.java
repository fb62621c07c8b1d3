package io.pfsmix.mix;

import java.util.List;
import java.util.Locale;

/** Whether phases are traced, and whether each is also run untraced to measure what tracing costs. */
public enum TracingMode {
  OFF(List.of(false)),
  ON(List.of(true)),
  OVERHEAD(List.of(false, true));

  private final List<Boolean> passes;

  TracingMode(List<Boolean> passes) {
    this.passes = passes;
  }

  /** For each pass over a phase set, whether that pass is traced. */
  public List<Boolean> passes() {
    return passes;
  }

  static TracingMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new MixConfigException(MixKeys.TRACING, "unknown value '" + text + "': expected off, on or overhead");
    }
  }
}
