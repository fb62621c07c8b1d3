package io.pfsmix.fs.layout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** Attribute values recorded as getfattr dumps under src/test/resources/layout/ (each file explains its value). */
final class RecordedXattrs {

  private RecordedXattrs() {
  }

  static Map<String, byte[]> load(String name) {
    String resource = "/layout/" + name;
    try (InputStream in = RecordedXattrs.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("test resource " + resource + " is missing");
      }
      return parseGetfattrDump(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Attributes given in the test as names and text values, alternately. */
  static Map<String, byte[]> text(String... namesAndValues) {
    Map<String, byte[]> xattrs = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      xattrs.put(namesAndValues[i], namesAndValues[i + 1].getBytes(StandardCharsets.UTF_8));
    }
    return xattrs;
  }

  static byte[] value(String name, String attribute) {
    byte[] value = load(name).get(attribute);
    if (value == null) {
      throw new IllegalStateException(name + " has no " + attribute);
    }
    return value;
  }

  /**
   * The attributes in getfattr's dump format ({@code # file: PATH} lines, then {@code name=0xHEX} or
   * {@code name=0sBASE64} per attribute), as {@code getfattr -d -e hex} and {@code -n NAME -e hex} print them.
   *
   * @param origin where the text came from, for messages
   */
  static Map<String, byte[]> parseGetfattrDump(String dump, String origin) throws IOException {
    Map<String, byte[]> attributes = new LinkedHashMap<>();
    String[] lines = dump.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int equals = line.indexOf('=');
      String name = equals < 0 ? line : line.substring(0, equals);
      String encoded = equals < 0 ? "" : line.substring(equals + 1);
      String where = origin + " line " + (i + 1) + " (" + name + ")";
      byte[] value;
      if (encoded.isEmpty()) {
        value = new byte[0];
      } else if (encoded.startsWith("0x")) {
        String hex = encoded.substring(2);
        if (hex.length() % 2 != 0) {
          throw new IOException(where + ": odd number of hex digits");
        }
        try {
          value = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
          throw new IOException(where + ": bad hex value: " + e.getMessage(), e);
        }
      } else if (encoded.startsWith("0s")) {
        try {
          value = Base64.getDecoder().decode(encoded.substring(2));
        } catch (IllegalArgumentException e) {
          throw new IOException(where + ": bad base64 value: " + e.getMessage(), e);
        }
      } else {
        throw new IOException(where + ": value is neither hex (0x...) nor base64 (0s...); run getfattr with -e hex");
      }
      attributes.put(name, value);
    }
    return attributes;
  }
}
