package io.pfsmix.fs;

import org.apache.hadoop.conf.Configuration;

/**
 * Reads numeric and boolean configuration keys (fs.pfs.*, and the tracing module's pfsmix.trace.*) so that a bad value
 * fails with the key and the value in the message.
 */
public final class PfsConfigValues {

  private PfsConfigValues() {
  }

  /** A byte count in pfsmix's size grammar ({@link Sizes}); unset: the default. */
  public static long bytes(Configuration conf, String key, long defaultValue, long min, long max) {
    String text = conf.getTrimmed(key);
    long value = text == null ? defaultValue : Sizes.parse(key, text);
    if (value < min || value > max) {
      throw new IllegalArgumentException(key + " = '" + conf.get(key) + "' is out of range: must be between " + min
          + " and " + max + " bytes");
    }
    return value;
  }

  /** true or false (any case); Configuration.getBoolean would quietly take anything else as the default. */
  public static boolean bool(Configuration conf, String key, boolean defaultValue) {
    String value = conf.getTrimmed(key);
    if (value == null || value.isEmpty()) {
      return defaultValue;
    }
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new IllegalArgumentException(key + " = '" + value + "' is not a boolean (true or false)");
  }

  /** A whole number (no size suffix) between {@code min} and {@code max}. */
  public static long number(Configuration conf, String key, long defaultValue, long min, long max) {
    String text = conf.getTrimmed(key);
    if (text == null || text.isEmpty()) {
      return defaultValue;
    }
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " = '" + text + "' is not a whole number");
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException(key + " = '" + text + "' is out of range: must be between " + min + " and "
          + max);
    }
    return value;
  }

  /** A byte count that must fit a Java buffer. */
  public static int bufferBytes(Configuration conf, String key, long defaultValue, int min) {
    return (int) bytes(conf, key, defaultValue, min, Integer.MAX_VALUE - 8);
  }
}
