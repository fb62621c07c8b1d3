package io.pfsmix.ior;

/** IOR's -O summaryFormat values. */
public enum SummaryFormat {
  DEFAULT, JSON, CSV;

  public static SummaryFormat parse(String value) {
    for (SummaryFormat format : values()) {
      if (format.name().equalsIgnoreCase(value)) {
        return format;
      }
    }
    throw new IorUsageException("Unknown summaryFormat \"" + value + "\": expected default, JSON or CSV");
  }
}
