package io.pfsmix.tfidf.generate;

import java.util.SplittableRandom;

/** Encodings and obfuscations real attackers (and, for encodings, real clients) apply to what they send. */
final class Evasions {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  /** Characters a careful client percent-encodes in a query value. */
  private static final String QUERY_RESERVED = " \"#%&+<>\\^`{|}";
  private static final String PATH_RESERVED = " \"#%?<>\\^`{|}";

  private Evasions() {
  }

  enum UrlStyle { MINIMAL, FULL, DOUBLE, MIXED }

  static UrlStyle randomStyle(SplittableRandom r) {
    int p = r.nextInt(100);
    return p < 55 ? UrlStyle.MINIMAL : p < 75 ? UrlStyle.FULL : p < 88 ? UrlStyle.MIXED : UrlStyle.DOUBLE;
  }

  /** Encodes a query or form value; spaces become '+' or %20 as clients vary. */
  static String queryValue(String value, UrlStyle style, SplittableRandom r) {
    return encode(value, style, QUERY_RESERVED, r.nextBoolean(), r);
  }

  static String pathSegment(String value, UrlStyle style, SplittableRandom r) {
    return encode(value, style, PATH_RESERVED, false, r);
  }

  private static String encode(String value, UrlStyle style, String reserved, boolean plusForSpace, SplittableRandom r) {
    StringBuilder out = new StringBuilder(value.length() * 2);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      boolean must = c < 0x21 || c > 0x7e || reserved.indexOf(c) >= 0;
      boolean encode;
      switch (style) {
        case FULL:
        case DOUBLE:
          encode = !alnum;
          break;
        case MIXED:
          encode = must || (!alnum && r.nextBoolean()) || (alnum && r.nextInt(8) == 0);
          break;
        default:
          encode = must;
      }
      if (c == ' ' && plusForSpace && style == UrlStyle.MINIMAL) {
        out.append('+');
      } else if (encode) {
        out.append(style == UrlStyle.DOUBLE ? "%25" : "%").append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Percent-encodes what would break a Cookie header (';', ',', space, '%', CR, LF). */
  static String cookieValue(String value) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == ';' || c == ',' || c == ' ' || c == '%' || c < 0x20 || c > 0x7e) {
        out.append('%').append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** A header value cannot hold CR or LF: they travel percent-encoded. */
  static String headerValue(String value) {
    return value.replace("\r", "%0d").replace("\n", "%0a");
  }

  static String jsonString(String value) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          out.append(c);
      }
    }
    return out.toString();
  }

  /** rAnDoM case for letters, as filter evasion does. */
  static String mixCase(String value, SplittableRandom r) {
    char[] chars = value.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      if (Character.isLetter(chars[i]) && r.nextBoolean()) {
        chars[i] = Character.isUpperCase(chars[i]) ? Character.toLowerCase(chars[i]) : Character.toUpperCase(chars[i]);
      }
    }
    return new String(chars);
  }

  /** Replaces the spaces of a payload with another separator its interpreter accepts. */
  static String respace(String value, String separator) {
    return value.replace(" ", separator);
  }
}
