package io.pfsmix.mix;

import java.util.Locale;

/** Where IOR's ranks run, as named in {@link MixKeys#IOR_PLACEMENT}. */
public enum IorPlacement {
  /** Threads of the runner's JVM. */
  THREADS,
  /** Map tasks of a YARN job (the IOR adapter's --yarn mode), beside the TFIDF job on the same cluster. */
  YARN;

  /** The name used in settings and JSON. */
  public String setting() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The default: where the jobs run, except on the in-process cluster (docs/mix.md says why). */
  static IorPlacement defaultFor(JobsSpec jobs) {
    return jobs.kind() == JobsSpec.Kind.CLUSTER ? YARN : THREADS;
  }

  static IorPlacement parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    for (IorPlacement p : values()) {
      if (p.setting().equals(t)) {
        return p;
      }
    }
    throw new MixConfigException(MixKeys.IOR_PLACEMENT, "unknown value '" + text + "': expected threads or yarn");
  }
}
