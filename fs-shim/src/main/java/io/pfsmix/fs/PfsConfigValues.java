package io.pfsmix.fs;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;

/**
 * The one reader of pfsmix's own configuration keys (fs.pfs.* and its backends', pfsmix.trace.*, pfsmix.ior.*,
 * tfidf.*) and of a mix's settings (mix.*), used by every module: strings, sizes, whole numbers, decimals, durations,
 * booleans and named choices, each checked against its range, so that a bad value fails with the key and the value in
 * the message instead of quietly taking the default as Configuration.getInt and its siblings do. An unset key takes the
 * default, and so does an empty one except for a size, where empty is an error (a size key is never left empty on
 * purpose). It reads a Hadoop Configuration ({@link #of(Configuration)}) or a map of settings ({@link #of(Map,
 * BiFunction)}), with the same grammar for both.
 */
public final class PfsConfigValues {

  private static final Pattern DURATION = Pattern.compile("([0-9]+)\\s*(ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern DECIMAL = Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");

  /** The raw value of a key, or null when it is unset. */
  private final Function<String, String> lookup;
  /** What a bad value throws, made from its key and an IllegalArgumentException naming key and value. */
  private final BiFunction<String, IllegalArgumentException, ? extends RuntimeException> errors;

  private PfsConfigValues(Function<String, String> lookup,
      BiFunction<String, IllegalArgumentException, ? extends RuntimeException> errors) {
    this.lookup = lookup;
    this.errors = errors;
  }

  /** The values of a Hadoop configuration; a bad one throws IllegalArgumentException naming key and value. */
  public static PfsConfigValues of(Configuration conf) {
    return of(conf, (key, problem) -> problem);
  }

  /** The values of a Hadoop configuration; a bad one throws what {@code errors} makes of its key and the problem. */
  public static PfsConfigValues of(Configuration conf,
      BiFunction<String, IllegalArgumentException, ? extends RuntimeException> errors) {
    return new PfsConfigValues(conf::getTrimmed, errors);
  }

  /**
   * The values of a map of settings (a mix's settings file with its flags); a bad one throws what {@code errors} makes
   * of its key and an IllegalArgumentException naming key and value (the caller's own exception type).
   */
  public static PfsConfigValues of(Map<String, String> values,
      BiFunction<String, IllegalArgumentException, ? extends RuntimeException> errors) {
    return new PfsConfigValues(values::get, errors);
  }

  /** The trimmed value as written; unset or empty: the default. */
  public String string(String key, String defaultValue) {
    String text = text(key);
    return text == null ? defaultValue : text;
  }

  /**
   * A byte count in pfsmix's size grammar ({@link Sizes}); unset: the default, which may lie outside the range (0 for
   * "not set, derive it", where a configured 0 is refused).
   */
  public long bytes(String key, long defaultValue, long min, long max) {
    String raw = lookup.apply(key);
    if (raw == null) {
      return defaultValue;
    }
    String text = raw.trim();
    long value;
    try {
      value = Sizes.parse(key, text);
    } catch (IllegalArgumentException e) {
      throw errors.apply(key, e);
    }
    return inRange(key, text, value, min, max, " bytes");
  }

  /** A byte count that must fit a Java buffer. */
  public int bufferBytes(String key, long defaultValue, int min) {
    return (int) bytes(key, defaultValue, min, Integer.MAX_VALUE - 8);
  }

  /**
   * true or false (any case), for Hadoop keys and mix settings alike; Configuration.getBoolean would quietly take
   * anything else as the default.
   */
  public boolean bool(String key, boolean defaultValue) {
    String value = text(key);
    if (value == null) {
      return defaultValue;
    }
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw error(key, value, "is not a boolean (true or false)");
  }

  /** A whole number (no size suffix) between {@code min} and {@code max}; unset: the default, as for sizes. */
  public long number(String key, long defaultValue, long min, long max) {
    String text = text(key);
    if (text == null) {
      return defaultValue;
    }
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw error(key, text, "is not a whole number");
    }
    return inRange(key, text, value, min, max, "");
  }

  /** {@link #number} for a count an int holds. */
  public int integer(String key, int defaultValue, int min, int max) {
    return (int) number(key, defaultValue, min, max);
  }

  /**
   * A decimal number ({@code 0.2}, {@code 1e-5}) between {@code min} and {@code max}, both included; {@code max} may be
   * {@link Double#POSITIVE_INFINITY} for none.
   */
  public double decimal(String key, double defaultValue, double min, double max) {
    String text = text(key);
    if (text == null) {
      return defaultValue;
    }
    double value = decimal(key, text);
    if (!(value >= min && value <= max)) {
      throw error(key, text, "is out of range: must be at least " + plain(min) + upTo(max));
    }
    return value;
  }

  /** A decimal number above {@code lowerBound} (excluded) and at most {@code max}: a rate or share 0 would void. */
  public double decimalAbove(String key, double defaultValue, double lowerBound, double max) {
    String text = text(key);
    if (text == null) {
      return defaultValue;
    }
    double value = decimal(key, text);
    if (!(value > lowerBound && value <= max)) {
      throw error(key, text, "is out of range: must be above " + plain(lowerBound) + upTo(max));
    }
    return value;
  }

  private static String upTo(double max) {
    return max == Double.POSITIVE_INFINITY ? "" : " and at most " + plain(max);
  }

  private static String plain(double bound) {
    return BigDecimal.valueOf(bound).stripTrailingZeros().toPlainString();
  }

  private double decimal(String key, String text) {
    // Double.parseDouble would also take NaN, Infinity, hexadecimal and a trailing d or f
    if (!DECIMAL.matcher(text).matches()) {
      throw error(key, text, "is not a decimal number (e.g. 0.5, 1e-5)");
    }
    return Double.parseDouble(text);
  }

  /**
   * A duration in {@code unit}, the key's documented unit: a whole number with an optional unit ms, s, m, h or d
   * ({@code 30s}, {@code 500ms}, {@code 2m}); a plain number is in {@code unit}. A finer value is rounded up to a whole
   * {@code unit}, so that a short timeout never becomes 0, which several keys read as "no limit".
   */
  public long duration(String key, long defaultValue, TimeUnit unit, long min, long max) {
    String text = text(key);
    if (text == null) {
      return defaultValue;
    }
    Matcher m = DURATION.matcher(text);
    if (!m.matches()) {
      throw error(key, text, "is not a duration (a whole number with an optional unit ms, s, m, h or d: 30s, 500ms,"
          + " 2m; without a unit: " + unitName(unit) + ")");
    }
    long amount;
    try {
      amount = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      throw error(key, text, "is out of range: must be between " + min + " and " + max + " " + unitName(unit));
    }
    TimeUnit given = m.group(2) == null ? unit : switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "ms" -> TimeUnit.MILLISECONDS;
      case "s" -> TimeUnit.SECONDS;
      case "m" -> TimeUnit.MINUTES;
      case "h" -> TimeUnit.HOURS;
      default -> TimeUnit.DAYS;
    };
    long value = unit.convert(amount, given);
    if (value != Long.MAX_VALUE && given.convert(value, unit) < amount) {
      value++;
    }
    return inRange(key, text, value, min, max, " " + unitName(unit));
  }

  /** One of {@code allowed} (exactly as written there); anything else fails listing them. */
  public String choice(String key, String defaultValue, List<String> allowed) {
    String value = text(key);
    if (value == null) {
      return defaultValue;
    }
    if (!allowed.contains(value)) {
      throw error(key, value, "is not one of " + String.join(", ", allowed));
    }
    return value;
  }

  /**
   * A directory inside a file system, as a backend's root: absolute, without '.' or '..', slashes collapsed, no
   * trailing '/' but for "/" itself.
   */
  public String rootDirectory(String key, String defaultValue) {
    String value = text(key);
    String root = value == null ? defaultValue : value;
    if (!root.startsWith("/")) {
      throw error(key, root, "is not an absolute path inside the file system");
    }
    String normalized = root.replaceAll("/+", "/");
    for (String part : normalized.split("/")) {
      if (part.equals(".") || part.equals("..")) {
        throw error(key, root, "holds '.' or '..'");
      }
    }
    return normalized.length() > 1 && normalized.endsWith("/")
        ? normalized.substring(0, normalized.length() - 1) : normalized;
  }

  /** The trimmed value; null when the key is unset or empty. */
  private String text(String key) {
    String raw = lookup.apply(key);
    String text = raw == null ? null : raw.trim();
    return text == null || text.isEmpty() ? null : text;
  }

  /** The exception for {@code text}, the value of {@code key}, and why it is refused. */
  private RuntimeException error(String key, String text, String problem) {
    return errors.apply(key, new IllegalArgumentException(key + " = '" + text + "' " + problem));
  }

  private long inRange(String key, String text, long value, long min, long max, String unit) {
    if (value < min || value > max) {
      throw error(key, text, "is out of range: must be " + (max == Long.MAX_VALUE
          ? "at least " + min : "between " + min + " and " + max) + unit);
    }
    return value;
  }

  private static String unitName(TimeUnit unit) {
    return unit.name().toLowerCase(Locale.ROOT);
  }
}
