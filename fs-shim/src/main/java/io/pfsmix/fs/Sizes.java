package io.pfsmix.fs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of byte sizes for every pfsmix flag and configuration key (docs/configuration.md, "Sizes"): a number,
 * whole or decimal, with an optional suffix k, m, g, t or p in either case, powers of 1024 ({@code 4096}, {@code 64k},
 * {@code 7.2g}); a fraction needs a suffix and is rounded up to a whole byte. Nothing above 2^63-1 bytes parses. There is
 * no exabyte suffix: {@code 1e} looks like a number in exponent notation cut short, and no byte count pfsmix writes
 * comes near an exabyte. IOR's flags take the same grammar without fractions ({@link #parseWhole}), as the real IOR
 * reads them. Every error names the flag or key; the bounds of each use (positive, one Java buffer, the free space) are
 * checked where the size is used.
 */
public final class Sizes {

  private static final Pattern SIZE = Pattern.compile("([0-9]+)(\\.[0-9]+)?([kmgtpKMGTP])?");
  private static final String SUFFIXES = "kmgtp";
  private static final BigDecimal LARGEST = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

  private Sizes() {
  }

  /**
   * A size in bytes.
   *
   * @param name the flag or key the text came from, for the message
   * @throws IllegalArgumentException naming {@code name} and the text when it is not a size or overflows 64 bits
   */
  public static long parse(String name, String text) {
    return parse(name, text, true);
  }

  /** A size without a fraction: IOR's flags, which the real IOR reads as whole numbers ({@code 1.5g} would be 1 byte). */
  public static long parseWhole(String name, String text) {
    return parse(name, text, false);
  }

  /** A size above zero. */
  public static long positive(String name, String text) {
    long bytes = parse(name, text);
    if (bytes <= 0) {
      throw new IllegalArgumentException(name + ": '" + text + "' must be a positive size");
    }
    return bytes;
  }

  private static long parse(String name, String text, boolean fractions) {
    String trimmed = text == null ? "" : text.trim();
    Matcher m = SIZE.matcher(trimmed);
    if (!m.matches()) {
      throw new IllegalArgumentException(name + ": '" + text + "' is not a size (" + (fractions
          ? "a number with an optional suffix k, m, g, t or p, powers of 1024: 4096, 64k, 7.2g)"
          : "a whole number with an optional suffix k, m, g, t or p, powers of 1024: 4096, 64k, 1g)"));
    }
    String fraction = m.group(2);
    String suffix = m.group(3);
    if (fraction != null && !fractions) {
      throw new IllegalArgumentException(name + ": '" + text + "' is not a whole number (IOR's sizes take no fraction:"
          + " 1536m, not 1.5g)");
    }
    if (fraction != null && suffix == null) {
      throw new IllegalArgumentException(name + ": '" + text + "' is not a whole number of bytes (a fraction needs a"
          + " suffix: 7.2g)");
    }
    int shift = suffix == null ? 0 : 10 * (1 + SUFFIXES.indexOf(Character.toLowerCase(suffix.charAt(0))));
    BigDecimal bytes = new BigDecimal(m.group(1) + (fraction == null ? "" : fraction))
        .multiply(new BigDecimal(java.math.BigInteger.ONE.shiftLeft(shift)))
        .setScale(0, RoundingMode.CEILING);
    if (bytes.compareTo(LARGEST) > 0) {
      throw new IllegalArgumentException(name + ": '" + text + "' overflows 64 bits (sizes end at 2^63-1 bytes, just"
          + " under 8 EiB)");
    }
    return bytes.longValueExact();
  }

  /** A size for people: {@code 512 B}, {@code 1.5 KiB}, {@code 64.0 MiB}, {@code 7.20 GiB}, {@code 1.00 EiB}. */
  public static String human(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    // GiB and above keep two decimals: 7.2 GiB of data differs from 7.25 GiB by 50 MiB
    return String.format(Locale.ROOT, unit >= 2 ? "%.2f %s" : "%.1f %s", value, UNITS[unit]);
  }
}
