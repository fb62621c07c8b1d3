package io.pfsmix.fs.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Decoding helpers shared by the text-valued layout attributes (CephFS, OrangeFS). */
final class AttributeValues {

  private AttributeValues() {
  }

  /** The value as UTF-8 text without the trailing NULs some writers store, trimmed. */
  static String text(byte[] value) {
    int length = value.length;
    while (length > 0 && value[length - 1] == 0) {
      length--;
    }
    return new String(value, 0, length, StandardCharsets.UTF_8).trim();
  }

  /** A non-negative decimal number, or an IOException naming the attribute and field. */
  static long number(String attribute, String field, String text) throws IOException {
    try {
      long value = Long.parseLong(text.trim());
      if (value < 0) {
        throw new IOException(attribute + ": " + field + " is negative: \"" + text + "\"");
      }
      return value;
    } catch (NumberFormatException e) {
      throw new IOException(attribute + ": " + field + " is not a number: \"" + text + "\"", e);
    }
  }
}
