package io.pfsmix.trace.format;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a trace file from one thread, record by record — for tools that produce or convert traces (merge, sim-export,
 * tests). The traced-process side uses {@code io.pfsmix.trace.recorder.TraceRecorder}, which buffers per thread and
 * never blocks the traced call.
 */
public final class TraceWriter implements Closeable {

  private final OutputStream out;
  private final TraceDictionary dictionary;
  private final TraceBlockWriter blocks;
  private final ByteBuffer pending =
      ByteBuffer.allocate(TraceFormat.RECORDS_PER_BLOCK * TraceFormat.RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
  private long lostRecords;
  private boolean closed;

  /** Writes the header at once; the stream is closed by {@link #close()}. */
  public TraceWriter(OutputStream out, TraceHeader header) throws IOException {
    this.out = out instanceof BufferedOutputStream ? out : new BufferedOutputStream(out, 256 << 10);
    this.dictionary = new TraceDictionary(EventContext.ofProcess(header.host(), header.pid()));
    this.blocks = new TraceBlockWriter(this.out, dictionary);
    blocks.writeHeader(header);
  }

  public static TraceWriter create(Path file, TraceHeader header) throws IOException {
    return new TraceWriter(Files.newOutputStream(file), header);
  }

  public void write(TraceRecord record) throws IOException {
    write(record.startNs(), record.durationNs(), record.op(), record.point(), record.path(), record.offset(),
        record.length(), record.bytes(), record.result(), record.threadId(), record.context());
  }

  /**
   * Writes one record without building a {@link TraceRecord}.
   *
   * @param context null for the writing process itself (the header's host and pid, no task or rank)
   */
  public void write(long startNs, long durationNs, TraceOp op, TracePoint point, String path, long offset, long length,
      long bytes, String result, long threadId, EventContext context) throws IOException {
    if (closed) {
      throw new IOException("trace writer is closed");
    }
    int contextId = context == null ? 0 : dictionary.contextId(context);
    TraceFormat.putRecord(pending, startNs, durationNs, op.code(), point.code(), dictionary.pathId(path), offset,
        length, bytes, dictionary.resultId(result), threadId, contextId);
    if (!pending.hasRemaining()) {
      writePending();
    }
  }

  /**
   * Records which traces this one merges (a SOURCES block), before any record: readers then leave those traces out
   * when they meet them beside this one.
   */
  public void writeSources(List<TraceHeader> sources) throws IOException {
    if (recordsWritten() > 0) {
      throw new IllegalStateException("the sources of a trace go before its records");
    }
    blocks.writeSources(sources);
  }

  /** Records that the producer lost (for example a converter that dropped events); reported in the END block. */
  public void addLostRecords(long count) {
    lostRecords += count;
  }

  public long recordsWritten() {
    return blocks.recordsWritten() + pending.position() / TraceFormat.RECORD_SIZE;
  }

  /** Writes buffered records as a block and flushes the stream, so that a reader sees them even if the process dies. */
  public void flush() throws IOException {
    writePending();
    blocks.flush();
  }

  /** Writes the remaining records and the END block, then closes the stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (OutputStream stream = out) {
      writePending();
      blocks.writeEnd(lostRecords, System.currentTimeMillis() * 1_000_000L);
      stream.flush();
    }
  }

  private void writePending() throws IOException {
    if (pending.position() == 0) {
      return;
    }
    pending.flip();
    blocks.writeRecords(pending);
    pending.clear();
  }
}
