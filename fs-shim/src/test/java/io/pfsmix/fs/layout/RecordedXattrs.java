package io.pfsmix.fs.layout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
      return XattrReader.parseGetfattrDump(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] value(String name, String attribute) {
    byte[] value = load(name).get(attribute);
    if (value == null) {
      throw new IllegalStateException(name + " has no " + attribute);
    }
    return value;
  }
}
