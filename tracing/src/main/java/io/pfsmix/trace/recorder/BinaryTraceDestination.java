package io.pfsmix.trace.recorder;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.pfsmix.trace.format.TraceBlockWriter;
import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceHeader;

/** Writes a binary trace file (docs/trace-format.md) to a stream that is opened lazily by the flusher. */
public final class BinaryTraceDestination implements TraceDestination {

  /** Opens the stream a trace is written to; {@code fileName} is the name the producer chose for this process. */
  @FunctionalInterface
  public interface StreamOpener {
    OutputStream open(String fileName) throws IOException;
  }

  private final StreamOpener opener;
  private final String description;
  private String fileDescription;
  private OutputStream out;
  private TraceBlockWriter blocks;

  public BinaryTraceDestination(StreamOpener opener, String description) {
    this.opener = opener;
    this.description = description;
  }

  /** A destination creating a new file in a local directory (created if missing). */
  public static BinaryTraceDestination inLocalDirectory(Path directory) {
    return new BinaryTraceDestination(fileName -> {
      Files.createDirectories(directory);
      String stem = fileName.substring(0, fileName.length() - ".ptrace".length());
      for (int attempt = 0; ; attempt++) {
        Path file = directory.resolve(attempt == 0 ? fileName : stem + "-" + attempt + ".ptrace");
        try {
          return Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
          if (attempt > 1000) {
            throw e;
          }
        }
      }
    }, directory.toString());
  }

  /** The conventional name of a process's trace file. */
  public static String fileName(TraceHeader header) {
    return header.host() + "-" + header.pid() + "-" + header.wallAnchorNs() / 1_000_000L + ".ptrace";
  }

  @Override
  public void open(TraceHeader header, TraceDictionary dictionary) throws IOException {
    String fileName = fileName(header);
    fileDescription = description + "/" + fileName;
    out = new BufferedOutputStream(opener.open(fileName), 256 << 10);
    blocks = new TraceBlockWriter(out, dictionary);
    blocks.writeHeader(header);
  }

  @Override
  public void write(ByteBuffer records) throws IOException {
    blocks.writeRecords(records);
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void finish(long lostRecords) throws IOException {
    try (OutputStream stream = out) {
      blocks.writeEnd(lostRecords, System.currentTimeMillis() * 1_000_000L);
      stream.flush();
    }
  }

  @Override
  public void abandon() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException | RuntimeException e) {
        // The destination already failed; the failure that matters has been reported.
      }
    }
  }

  @Override
  public String describe() {
    return fileDescription != null ? fileDescription : description;
  }
}
