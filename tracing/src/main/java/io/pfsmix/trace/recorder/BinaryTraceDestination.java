package io.pfsmix.trace.recorder;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.pfsmix.trace.format.TraceBlockWriter;
import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TraceHeader;

/**
 * Writes a binary trace file (docs/trace-format.md), opened lazily by the flusher. Every delivery of records ends with
 * a PROGRESS block carrying the running counts, so a file that never gets its END block still tells what was lost.
 *
 * <p>A local file survives a full disk. It is written one whole batch (tables, records, PROGRESS block) at a time at
 * known offsets; when a batch cannot be written, the PROGRESS block of the last batch that was — room the file already
 * holds — is rewritten with the records lost and the partial batch is cut off, and at the end the END block takes the
 * same room. The file then holds exactly the records reported written, and its END block counts the rest as lost. A
 * stream (a file on a Hadoop file system) cannot take back what it wrote: after a failure it ends cut short, and the
 * reader finds the count of its last PROGRESS block.
 */
public final class BinaryTraceDestination implements TraceDestination {

  /** Opens the stream a trace is written to; {@code fileName} is the name the producer chose for this process. */
  @FunctionalInterface
  public interface StreamOpener {
    OutputStream open(String fileName) throws IOException;
  }

  private final StreamOpener opener;
  /** Local destinations only: the directory the file is created in. */
  private final Path directory;
  private final String description;
  private String fileDescription;
  private TraceBlockWriter blocks;
  /** What the block writer writes to: the buffered stream, or for a local file the batch being built. */
  private OutputStream out;
  private Batch batch;
  private FileChannel channel;
  private Path file;
  /** Local file: length of the whole blocks written, the last of them a PROGRESS (or END) block. */
  private long committedBytes;
  private long committedRecords;
  /** A write failed: no more records. */
  private boolean failed;
  /** After a failure, a local file's last PROGRESS block was rewritten and the END block may take its room. */
  private boolean countsRoom;

  public BinaryTraceDestination(StreamOpener opener, String description) {
    this.opener = opener;
    this.directory = null;
    this.description = description;
  }

  private BinaryTraceDestination(Path directory) {
    this.opener = null;
    this.directory = directory;
    this.description = directory.toString();
  }

  /** A destination creating a new file in a local directory (created if missing). */
  public static BinaryTraceDestination inLocalDirectory(Path directory) {
    return new BinaryTraceDestination(directory);
  }

  /** The conventional name of a process's trace file. */
  public static String fileName(TraceHeader header) {
    return header.host() + "-" + header.pid() + "-" + header.wallAnchorNs() / 1_000_000L + ".ptrace";
  }

  @Override
  public void open(TraceHeader header, TraceDictionary dictionary) throws IOException {
    String fileName = fileName(header);
    fileDescription = description + "/" + fileName;
    if (directory != null) {
      openLocal(fileName);
      batch = new Batch();
      out = batch;
    } else {
      out = new BufferedOutputStream(opener.open(fileName), 256 << 10);
    }
    blocks = new TraceBlockWriter(out, dictionary);
    try {
      blocks.writeHeader(header);
      blocks.writeProgress(0, now()); // the room a full disk's END block will take
      commit();
    } catch (IOException | RuntimeException e) {
      failed = true;
      abandon();
      if (file != null) {
        // not even a header: a file no reader could open would only break the directory's other traces
        Files.deleteIfExists(file);
      }
      throw e;
    }
  }

  private void openLocal(String fileName) throws IOException {
    Files.createDirectories(directory);
    String stem = fileName.substring(0, fileName.length() - ".ptrace".length());
    for (int attempt = 0; ; attempt++) {
      Path candidate = directory.resolve(attempt == 0 ? fileName : stem + "-" + attempt + ".ptrace");
      try {
        channel = FileChannel.open(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        file = candidate;
        fileDescription = candidate.toString();
        return;
      } catch (FileAlreadyExistsException e) {
        if (attempt > 1000) {
          throw e;
        }
      }
    }
  }

  @Override
  public void write(ByteBuffer records, long lostRecords) throws IOException {
    if (failed) {
      throw new IOException(describe() + " failed earlier");
    }
    try {
      blocks.writeRecords(records);
      blocks.writeProgress(lostRecords, now());
      commit();
    } catch (IOException | RuntimeException e) {
      salvage(lostRecords + blocks.recordsWritten() - committedRecords);
      throw e;
    }
  }

  @Override
  public void flush() throws IOException {
    if (failed || channel != null) {
      return; // a local file's batches are written whole by commit()
    }
    try {
      out.flush();
      committedRecords = blocks.recordsWritten();
    } catch (IOException | RuntimeException e) {
      salvage(0);
      throw e;
    }
  }

  @Override
  public long recordsWritten() {
    return committedRecords;
  }

  @Override
  public void finish(long lostRecords) throws IOException {
    if (blocks == null) {
      return; // never opened
    }
    if (failed) {
      try {
        if (countsRoom) {
          rewriteCounts(TraceFormat.BLOCK_END, lostRecords);
        }
      } finally {
        abandon();
      }
      return;
    }
    try {
      blocks.writeEnd(lostRecords, now());
      commit();
      out.flush();
      committedRecords = blocks.recordsWritten();
      out.close();
      if (channel != null) {
        channel.close();
      }
    } catch (IOException | RuntimeException e) {
      long lost = lostRecords + blocks.recordsWritten() - committedRecords;
      salvage(lost);
      if (countsRoom) {
        try {
          rewriteCounts(TraceFormat.BLOCK_END, lost);
        } catch (IOException | RuntimeException again) {
          e.addSuppressed(again);
        }
      }
      abandon();
      throw e;
    }
  }

  /** Writes the pending batch of a local file at the end of its whole blocks; a stream commits when flushed. */
  private void commit() throws IOException {
    if (channel == null) {
      return;
    }
    ByteBuffer bytes = batch.contents();
    long at = committedBytes;
    while (bytes.hasRemaining()) {
      at += channel.write(bytes, at);
    }
    batch.reset();
    committedBytes = at;
    committedRecords = blocks.recordsWritten();
  }

  /**
   * After a failed write: a local file keeps its whole batches and, in its last PROGRESS block's room, the count of
   * what it does not hold; anything else is released.
   */
  private void salvage(long lostRecords) {
    failed = true;
    if (channel != null && committedBytes > 0) {
      try {
        channel.truncate(committedBytes);
        rewriteCounts(TraceFormat.BLOCK_PROGRESS, lostRecords);
        countsRoom = true;
        return;
      } catch (IOException | RuntimeException e) {
        try {
          // the rewrite may have left a damaged block: end the file cut short before it rather than corrupt
          channel.truncate(committedBytes - TraceFormat.COUNTS_BLOCK_SIZE);
        } catch (IOException | RuntimeException ignored) {
          // nothing more can be done with this file
        }
      }
    }
    abandon();
  }

  /** Writes an END or PROGRESS block over the last one, in room the file already has: no new space is needed. */
  private void rewriteCounts(int type, long lostRecords) throws IOException {
    ByteBuffer block = ByteBuffer.wrap(TraceBlockWriter.countsBlock(type, committedRecords, lostRecords, now()));
    long at = committedBytes - TraceFormat.COUNTS_BLOCK_SIZE;
    while (block.hasRemaining()) {
      at += channel.write(block, at);
    }
  }

  @Override
  public void abandon() {
    countsRoom = false;
    try {
      if (channel != null) {
        channel.close();
      } else if (out != null) {
        out.close();
      }
    } catch (IOException | RuntimeException e) {
      // The destination already failed; the failure that matters has been reported.
    }
  }

  @Override
  public String describe() {
    return fileDescription != null ? fileDescription : description;
  }

  private static long now() {
    return System.currentTimeMillis() * 1_000_000L;
  }

  /** The bytes of one batch, handed to a positioned write without another copy. */
  private static final class Batch extends ByteArrayOutputStream {
    Batch() {
      super(128 << 10);
    }

    ByteBuffer contents() {
      return ByteBuffer.wrap(buf, 0, count);
    }
  }
}
