package io.pfsmix.trace.format;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes {@code pfsmix_trace_format.h}, from which the preload library (src/main/c) takes the trace format's codes and
 * layout: this package is their one definition, and the Maven build runs this before make, so the C library cannot drift
 * from the Java readers. Usage: {@code TraceFormatHeader OUTPUT_FILE}.
 */
public final class TraceFormatHeader {

  private TraceFormatHeader() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: TraceFormatHeader OUTPUT_FILE");
    }
    Path file = Path.of(args[0]);
    String text = text();
    // the same text keeps the file's time: make does not rebuild the library for nothing
    if (!Files.isRegularFile(file) || !Files.readString(file, StandardCharsets.US_ASCII).equals(text)) {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, text, StandardCharsets.US_ASCII);
    }
  }

  /** The header's text. */
  static String text() {
    StringBuilder h = new StringBuilder();
    h.append("/* Generated at build time by io.pfsmix.trace.format.TraceFormatHeader from the Java definitions of the trace\n"
        + " * format (TraceFormat, TracePoint, TraceOp, PackedRecords): do not edit, do not commit. docs/trace-format.md. */\n"
        + "#ifndef PFSMIX_TRACE_FORMAT_H\n#define PFSMIX_TRACE_FORMAT_H\n\n");

    h.append("/* TraceFormat */\n");
    h.append("#define FILE_MAGIC \"").append(new String(TraceFormat.FILE_MAGIC, StandardCharsets.US_ASCII)).append("\"\n");
    for (Field f : TraceFormat.class.getDeclaredFields()) {
      int m = f.getModifiers();
      if (Modifier.isPublic(m) && Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == int.class) {
        try {
          int value = f.getInt(null);
          h.append(enumOf(List.of(f.getName() + " = " + (f.getName().endsWith("MAGIC")
              ? String.format(Locale.ROOT, "0x%08X", value) : value))));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    h.append("/* the header's description of a record: name, type, offset */\n");
    h.append("#define RECORD_FIELDS ").append(Stream.of(TraceFormat.RECORD_FIELDS)
        .map(f -> "{\"" + f[0] + "\", " + f[1] + ", " + f[2] + "}").collect(Collectors.joining(", "))).append('\n');
    h.append(enumOf(List.of("RECORD_FIELD_COUNT = " + TraceFormat.RECORD_FIELDS.length)));

    h.append("\n/* PackedRecords: the columns of a PACKED RECORDS block, in order */\n");
    List<String> columns = new java.util.ArrayList<>();
    for (int c = 0; c < PackedRecords.COLUMNS.length; c++) {
      columns.add("COL_" + PackedRecords.COLUMNS[c].toUpperCase(Locale.ROOT) + " = " + c);
    }
    columns.add("PACKED_COLUMNS = " + PackedRecords.COLUMNS.length);
    h.append(enumOf(columns));

    h.append("\n/* TracePoint */\n");
    h.append(enumOf(Stream.of(TracePoint.values()).map(p -> "POINT_" + p.name() + " = " + p.code()).toList()));
    for (TracePoint p : TracePoint.values()) {
      h.append("#define POINT_").append(p.name()).append("_NAME \"").append(p.name()).append("\"\n");
    }

    h.append("\n/* TraceOp: the POSIX calls, codes POSIX_OP_FIRST .. POSIX_OP_FIRST + POSIX_OP_COUNT - 1 */\n");
    List<TraceOp> posix = Stream.of(TraceOp.values()).filter(op -> op.layer() == TraceOp.Layer.POSIX).toList();
    int first = posix.get(0).code();
    for (int i = 0; i < posix.size(); i++) {
      if (posix.get(i).code() != first + i) {
        // the library names ops by code - POSIX_OP_FIRST
        throw new IllegalStateException("POSIX op codes must be consecutive: " + posix.get(i) + " is " + posix.get(i)
            .code() + ", expected " + (first + i));
      }
    }
    h.append(enumOf(posix.stream().map(op -> "OP_" + op.name().substring("POSIX_".length()) + " = " + op.code())
        .toList()));
    h.append(enumOf(List.of("POSIX_OP_FIRST = " + first, "POSIX_OP_COUNT = " + posix.size())));
    h.append("/* their names, by code - POSIX_OP_FIRST */\n");
    h.append("#define POSIX_OP_NAMES ").append(posix.stream().map(op -> "\"" + op.name() + "\"")
        .collect(Collectors.joining(", ", "{", "}"))).append('\n');
    return h.append("\n#endif\n").toString();
  }

  private static String enumOf(List<String> members) {
    return "enum { " + String.join(", ", members) + " };\n";
  }
}
