package io.pfsmix.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;

import io.pfsmix.fs.backend.WriteHandle;

/**
 * Write-behind stream: small writes collect in one buffer that goes to the backend as a single write when full, on
 * flush/hflush/hsync and on close; writes at least as large as the buffer go straight through.
 */
final class PfsOutputStream extends OutputStream implements Syncable, StreamCapabilities, IOStatisticsSource {

  private static final int INITIAL_BUFFER = 64 * 1024;

  private final String path;
  private final WriteHandle handle;
  private final int bufferSize;
  private final IntFunction<ByteBuffer> allocate;
  private final IOStatisticsStore statistics;
  private final Consumer<IOStatistics> onClose;

  private ByteBuffer buffer;
  /** File offset of the first byte in the buffer. */
  private long position;
  private boolean closed;

  PfsOutputStream(String path, WriteHandle handle, int bufferSize, IntFunction<ByteBuffer> allocate,
      Consumer<IOStatistics> onClose) {
    this.path = path;
    this.handle = handle;
    this.bufferSize = bufferSize;
    this.allocate = allocate;
    this.onClose = onClose;
    this.position = handle.initialLength();
    this.statistics = IOStatisticsBinding.iostatisticsStore()
        .withCounters(StreamStatisticNames.STREAM_WRITE_BYTES, StreamStatisticNames.STREAM_WRITE_EXCEPTIONS,
            PfsStatisticNames.BACKEND_WRITE_OPERATIONS, PfsStatisticNames.BACKEND_WRITE_BYTES,
            PfsStatisticNames.SYNC_OPERATIONS)
        .build();
  }

  @Override
  public synchronized void write(int b) throws IOException {
    checkOpen();
    ensureRoom(1);
    buffer.put((byte) b);
    statistics.incrementCounter(StreamStatisticNames.STREAM_WRITE_BYTES);
  }

  @Override
  public synchronized void write(byte[] data, int offset, int length) throws IOException {
    checkOpen();
    Objects.checkFromIndexSize(offset, length, data.length);
    if (length == 0) {
      return;
    }
    if (length >= bufferSize) {
      flushBuffer();
      backendWrite(ByteBuffer.wrap(data, offset, length));
    } else {
      ensureRoom(length);
      buffer.put(data, offset, length);
    }
    statistics.incrementCounter(StreamStatisticNames.STREAM_WRITE_BYTES, length);
  }

  /** Sends buffered bytes to the backend (visible to readers of the file system afterwards). */
  @Override
  public synchronized void flush() throws IOException {
    checkOpen();
    flushBuffer();
  }

  @Override
  public synchronized void hflush() throws IOException {
    checkOpen();
    flushBuffer();
    statistics.incrementCounter(PfsStatisticNames.SYNC_OPERATIONS);
  }

  @Override
  public synchronized void hsync() throws IOException {
    checkOpen();
    flushBuffer();
    handle.sync(false);
    statistics.incrementCounter(PfsStatisticNames.SYNC_OPERATIONS);
  }

  /**
   * Makes room for {@code length} (< buffer size) bytes. The buffer starts small and doubles up to the configured size,
   * so the many small files of a job do not each take a full-size buffer.
   */
  private void ensureRoom(int length) throws IOException {
    if (buffer == null) {
      buffer = allocate.apply(Math.min(bufferSize, Math.max(INITIAL_BUFFER, length)));
      return;
    }
    if (buffer.remaining() >= length) {
      return;
    }
    int needed = buffer.position() + length;
    if (buffer.capacity() < bufferSize && needed <= bufferSize) {
      ByteBuffer larger = allocate.apply((int) Math.min(bufferSize, Math.max(needed, 2L * buffer.capacity())));
      buffer.flip();
      larger.put(buffer);
      buffer = larger;
      return;
    }
    flushBuffer();
    if (buffer.remaining() < length) {
      buffer = allocate.apply(bufferSize);
    }
  }

  private void flushBuffer() throws IOException {
    if (buffer == null || buffer.position() == 0) {
      return;
    }
    buffer.flip();
    try {
      backendWrite(buffer);
    } finally {
      buffer.clear();
    }
  }

  private void backendWrite(ByteBuffer data) throws IOException {
    int length = data.remaining();
    try {
      handle.write(position, data);
    } catch (IOException e) {
      statistics.incrementCounter(StreamStatisticNames.STREAM_WRITE_EXCEPTIONS);
      throw e;
    }
    position += length;
    statistics.incrementCounter(PfsStatisticNames.BACKEND_WRITE_OPERATIONS);
    statistics.incrementCounter(PfsStatisticNames.BACKEND_WRITE_BYTES, length);
  }

  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushBuffer();
    } finally {
      buffer = null;
      try {
        handle.close();
      } finally {
        onClose.accept(statistics);
      }
    }
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + path);
    }
  }

  @Override
  @SuppressWarnings("deprecation") // HFLUSH: deprecated constant, but the capability is still asked for by name
  public boolean hasCapability(String capability) {
    switch (capability.toLowerCase(Locale.ROOT)) {
      case StreamCapabilities.HFLUSH:
      case StreamCapabilities.HSYNC:
      case StreamCapabilities.IOSTATISTICS:
        return true;
      default:
        return false;
    }
  }

  @Override
  public IOStatistics getIOStatistics() {
    return statistics;
  }

  @Override
  public String toString() {
    return "PfsOutputStream{" + path + ", position=" + position + ", " + statistics + "}";
  }
}
