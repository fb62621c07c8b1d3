package io.pfsmix.fs;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import org.apache.hadoop.fs.ByteBufferPositionedReadable;
import org.apache.hadoop.fs.ByteBufferReadable;
import org.apache.hadoop.fs.CanSetReadahead;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.VectoredReadUtils;
import org.apache.hadoop.fs.impl.CombinedFileRange;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.apache.hadoop.fs.statistics.impl.DynamicIOStatisticsBuilder;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;

import io.pfsmix.fs.backend.MapRefusedException;
import io.pfsmix.fs.backend.ReadHandle;

/**
 * The read-ahead stream of the study's shim: small application reads are served from one buffer that is filled by large
 * backend reads. Sequential streams fill aligned chunks of the read-ahead size; random streams fill a small window from
 * the requested offset. Positioned and vectored reads use the buffer where it covers them and read the rest exactly as
 * asked, leaving the buffer (and the sequential position) alone. Reads at least as large as the buffer go straight into
 * the caller's memory. All of them go through one read loop. With fs.pfs.readahead.mmap the chunk is a mapping of the
 * file instead of a copy (where the backend's handle can map), so small reads copy once, from the page cache.
 */
final class PfsInputStream extends FSInputStream
    implements ByteBufferReadable, ByteBufferPositionedReadable, CanSetReadahead, CanUnbuffer, StreamCapabilities,
    IOStatisticsSource {

  /** What a stream needs from its file system, fixed at open. */
  record Settings(int chunkSize, boolean alignedChunks, boolean mappedChunks, int vectoredMinSeek,
      int vectoredMaxMerged) {
  }

  private final String path;
  private final ReadHandle handle;
  private final ReadBufferPool pool;
  /** As opened; {@link #settings} differs only after {@link #setReadahead}. */
  private final Settings opened;
  private Settings settings;
  private final FileSystem.Statistics fsStatistics;
  /** Rare events; the per-read counters below are plain fields (the stream is synchronized) read by {@link #view}. */
  private final IOStatisticsStore statistics;
  private final IOStatistics view;
  private final Consumer<IOStatistics> onClose;
  private long bytesRead;
  private long readOperations;
  private long hits;
  private long misses;
  private long backendReads;
  private long backendBytes;
  /**
   * Reads that bypassed the buffer, IOR's 4 KiB positioned reads among them: as a store counter (a map lookup, an atomic
   * add, a trace-log call boxing its arguments) it cost ~100 ns a read, more than the rest of the stream's bookkeeping.
   */
  private long directReads;
  /** Bytes read but not yet added to the FileSystem.Statistics (added per backend read and at close). */
  private long unreportedBytes;

  private ByteBuffer buffer;
  /** The destination of {@link #read()} when it must go through the read loop. */
  private final ByteBuffer oneByte = ByteBuffer.allocate(1);
  /** The last caller's array wrapped as a buffer ({@link #wrap}); dropped when the buffer is. */
  private ByteBuffer wrapped;
  /** The buffer is a mapping of the file (fs.pfs.readahead.mmap) rather than a pooled copy. */
  private boolean mapped;
  private long bufferStart;
  private int bufferLength;
  private long position;
  private long knownLength;
  private boolean closed;

  PfsInputStream(String path, ReadHandle handle, long length, ReadBufferPool pool, Settings settings,
      FileSystem.Statistics fsStatistics, Consumer<IOStatistics> onClose) {
    this.path = path;
    this.handle = handle;
    this.knownLength = length;
    this.pool = pool;
    this.opened = settings;
    this.settings = settings;
    this.fsStatistics = fsStatistics;
    this.onClose = onClose;
    this.statistics = IOStatisticsBinding.iostatisticsStore()
        .withCounters(StreamStatisticNames.STREAM_READ_SEEK_OPERATIONS, StreamStatisticNames.STREAM_READ_SKIP_OPERATIONS,
            StreamStatisticNames.STREAM_READ_SKIP_BYTES, StreamStatisticNames.STREAM_READ_UNBUFFERED,
            StreamStatisticNames.STREAM_READ_CLOSE_OPERATIONS, StreamStatisticNames.STREAM_READ_VECTORED_OPERATIONS,
            StreamStatisticNames.STREAM_READ_VECTORED_INCOMING_RANGES,
            StreamStatisticNames.STREAM_READ_VECTORED_COMBINED_RANGES)
        .build();
    DynamicIOStatisticsBuilder builder = IOStatisticsBinding.dynamicIOStatistics()
        .withLongFunctionCounter(StreamStatisticNames.STREAM_READ_BYTES, key -> bytesRead)
        .withLongFunctionCounter(StreamStatisticNames.STREAM_READ_OPERATIONS, key -> readOperations)
        .withLongFunctionCounter(PfsStatisticNames.READAHEAD_HITS, key -> hits)
        .withLongFunctionCounter(PfsStatisticNames.READAHEAD_MISSES, key -> misses)
        .withLongFunctionCounter(PfsStatisticNames.BACKEND_READ_OPERATIONS, key -> backendReads)
        .withLongFunctionCounter(PfsStatisticNames.BACKEND_READ_BYTES, key -> backendBytes)
        .withLongFunctionCounter(PfsStatisticNames.DIRECT_READS, key -> directReads);
    for (String key : statistics.counters().keySet()) {
      builder.withLongFunctionCounter(key, name -> statistics.counters().get(name));
    }
    this.view = builder.build();
  }

  // ---- reads: every entry point is a call of the one read loop, read(long, ByteBuffer, boolean) ----

  @Override
  public synchronized int read() throws IOException {
    checkOpen();
    int index = bufferIndex(position);
    if (index >= 0) {
      // the common case without the loop's bookkeeping: DataInputStream reads numbers a byte at a time
      hits++;
      position++;
      counted(1);
      return buffer.get(index) & 0xff;
    }
    oneByte.clear();
    return advance(read(position, oneByte, true)) < 0 ? -1 : oneByte.get(0) & 0xff;
  }

  @Override
  public synchronized int read(byte[] destination, int offset, int length) throws IOException {
    checkOpen();
    Objects.checkFromIndexSize(offset, length, destination.length);
    return length == 0 ? 0 : advance(read(position, wrap(destination, offset, length), true));
  }

  @Override
  public synchronized int read(ByteBuffer destination) throws IOException {
    checkOpen();
    return destination.hasRemaining() ? advance(read(position, destination, true)) : 0;
  }

  // ---- positioned reads: never move the stream position, never replace the buffer ----

  @Override
  public synchronized int read(long at, byte[] destination, int offset, int length) throws IOException {
    validatePositionedReadArgs(at, destination, offset, length);
    checkOpen();
    return length == 0 ? 0 : read(at, wrap(destination, offset, length), false);
  }

  @Override
  public synchronized void readFully(long at, byte[] destination, int offset, int length) throws IOException {
    validatePositionedReadArgs(at, destination, offset, length);
    readFully(at, wrap(destination, offset, length));
  }

  @Override
  public synchronized int read(long at, ByteBuffer destination) throws IOException {
    checkOpen();
    if (at < 0) {
      throw new EOFException("negative position " + at + " in " + path);
    }
    return destination.hasRemaining() ? read(at, destination, false) : 0;
  }

  @Override
  public synchronized void readFully(long at, ByteBuffer destination) throws IOException {
    long offset = at;
    while (destination.hasRemaining()) {
      int n = read(offset, destination);
      if (n < 0) {
        throw new EOFException(FSExceptionMessages.EOF_IN_READ_FULLY + ": " + path + " at offset " + offset);
      }
      offset += n;
    }
  }

  /**
   * The read loop: copies from the buffer what it holds from {@code at} on; the rest comes from the backend, through the
   * buffer when {@code refill} (sequential reads smaller than the buffer: the chunk is filled and copied from), else
   * straight into the destination with one backend read. A read the buffer served entirely is a hit, any other that
   * returned bytes a miss.
   *
   * @return the bytes read, or -1 when none could be (the end of the file)
   */
  private int read(long at, ByteBuffer destination, boolean refill) throws IOException {
    int total = 0;
    boolean missed = false;
    while (destination.hasRemaining()) {
      int index = bufferIndex(at + total);
      if (index >= 0) {
        int n = Math.min(bufferLength - index, destination.remaining());
        destination.put(destination.position(), buffer, index, n);
        destination.position(destination.position() + n);
        total += n;
        continue;
      }
      missed = true;
      if (!refill || destination.remaining() >= settings.chunkSize()) {
        total += Math.max(direct(at + total, destination), 0);
        break;
      }
      if (!fill(at + total)) {
        break;
      }
    }
    if (total == 0) {
      return -1;
    }
    if (missed) {
      misses++;
    } else {
      hits++;
    }
    counted(total);
    return total;
  }

  /** Moves the stream position past what a sequential read returned. */
  private int advance(int n) {
    if (n > 0) {
      position += n;
    }
    return n;
  }

  /**
   * The caller's array as the loop's destination. Callers read into one array over and over, so its wrapper is kept
   * rather than allocated on every small read.
   */
  private ByteBuffer wrap(byte[] array, int offset, int length) {
    if (wrapped == null || wrapped.array() != array) {
      wrapped = ByteBuffer.wrap(array);
    }
    wrapped.clear().position(offset).limit(offset + length);
    return wrapped;
  }

  // ---- vectored reads ----

  @Override
  public int minSeekForVectorReads() {
    return settings.vectoredMinSeek();
  }

  @Override
  public int maxReadSizeForVectorReads() {
    return settings.vectoredMaxMerged();
  }

  @Override
  public void readVectored(List<? extends FileRange> ranges, IntFunction<ByteBuffer> allocate) throws IOException {
    readVectored(ranges, allocate, VectoredReadUtils.LOG_BYTE_BUFFER_RELEASED);
  }

  /**
   * Ranges the buffer covers are copied from it; the others are sorted, merged when closer than the minimum seek, and
   * each merged range is read once from the backend. Every range gets its own buffer from {@code allocate}, so callers
   * may release them independently. Completes all futures before returning.
   */
  @Override
  public synchronized void readVectored(List<? extends FileRange> ranges, IntFunction<ByteBuffer> allocate,
      Consumer<ByteBuffer> release) throws IOException {
    Objects.requireNonNull(allocate, "allocate");
    Objects.requireNonNull(release, "release");
    checkOpen();
    List<? extends FileRange> sorted = VectoredReadUtils.validateAndSortRanges(ranges, Optional.of(currentLength()));
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_VECTORED_OPERATIONS);
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_VECTORED_INCOMING_RANGES, sorted.size());
    List<FileRange> uncovered = new ArrayList<>();
    for (FileRange range : sorted) {
      int index = bufferIndex(range.getOffset());
      if (range.getLength() == 0 || (index >= 0 && bufferLength - index >= range.getLength())) {
        ByteBuffer data = allocate.apply(range.getLength());
        if (range.getLength() > 0) {
          read(range.getOffset(), data, false);
        }
        data.flip();
        range.setData(CompletableFuture.completedFuture(data));
      } else {
        uncovered.add(range);
      }
    }
    for (CombinedFileRange combined : VectoredReadUtils.mergeSortedRanges(uncovered, 1, settings.vectoredMinSeek(),
        settings.vectoredMaxMerged())) {
      statistics.incrementCounter(StreamStatisticNames.STREAM_READ_VECTORED_COMBINED_RANGES);
      misses++;
      readCombined(combined, allocate, release);
    }
  }

  private void readCombined(CombinedFileRange combined, IntFunction<ByteBuffer> allocate,
      Consumer<ByteBuffer> release) {
    List<FileRange> parts = combined.getUnderlying();
    if (parts.size() == 1) {
      FileRange range = parts.get(0);
      ByteBuffer data = allocate.apply(range.getLength());
      try {
        readFullyFromBackend(range.getOffset(), data);
        data.flip();
        counted(range.getLength());
        range.setData(CompletableFuture.completedFuture(data));
      } catch (IOException e) {
        release.accept(data);
        range.setData(CompletableFuture.failedFuture(e));
      }
      return;
    }
    ByteBuffer merged = allocate.apply(combined.getLength());
    try {
      readFullyFromBackend(combined.getOffset(), merged);
      for (FileRange range : parts) {
        ByteBuffer data = allocate.apply(range.getLength());
        data.put(data.position(), merged, (int) (range.getOffset() - combined.getOffset()), range.getLength());
        data.position(data.position() + range.getLength());
        data.flip();
        counted(range.getLength());
        range.setData(CompletableFuture.completedFuture(data));
      }
    } catch (IOException e) {
      for (FileRange range : parts) {
        range.setData(CompletableFuture.failedFuture(e));
      }
    } finally {
      release.accept(merged);
    }
  }

  private void readFullyFromBackend(long at, ByteBuffer destination) throws IOException {
    long offset = at;
    while (destination.hasRemaining()) {
      int n = backendRead(offset, destination);
      if (n < 0) {
        throw new EOFException(FSExceptionMessages.EOF_IN_READ_FULLY + ": " + path + " at offset " + offset);
      }
      offset += n;
    }
  }

  // ---- seeking ----

  @Override
  public synchronized void seek(long target) throws IOException {
    checkOpen();
    if (target < 0) {
      throw new EOFException(FSExceptionMessages.NEGATIVE_SEEK + ": " + target + " in " + path);
    }
    if (target > knownLength && target > currentLength()) {
      throw new EOFException(FSExceptionMessages.CANNOT_SEEK_PAST_EOF + ": " + target + " in " + path + " of length "
          + knownLength);
    }
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_SEEK_OPERATIONS);
    // lazy: the next read finds the target in the buffer or fills from there
    position = target;
  }

  @Override
  public synchronized long skip(long n) throws IOException {
    checkOpen();
    if (n <= 0) {
      return 0;
    }
    long target = Math.min(position + n, Math.max(position, currentLength()));
    long skipped = target - position;
    position = target;
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_SKIP_OPERATIONS);
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_SKIP_BYTES, skipped);
    return skipped;
  }

  @Override
  public synchronized long getPos() throws IOException {
    return position;
  }

  @Override
  public boolean seekToNewSource(long targetPos) {
    return false;
  }

  @Override
  public synchronized int available() throws IOException {
    checkOpen();
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, knownLength - position));
  }

  // ---- buffer management ----

  /** Index of {@code at} in the buffer, or -1 when the buffer does not hold it. */
  private int bufferIndex(long at) {
    long index = at - bufferStart;
    return index >= 0 && index < bufferLength ? (int) index : -1;
  }

  /** Fills the buffer with the chunk holding {@code at}; false at end of file. */
  private boolean fill(long at) throws IOException {
    if (at >= knownLength && at >= currentLength()) {
      // at the end: the file's length says so without reading (and re-reading the last chunk)
      return false;
    }
    if (settings.mappedChunks() && handle.canMap()) {
      try {
        return map(at);
      } catch (MapRefusedException refused) {
        // the backend warned, once for its file system, and maps no more: this chunk and the rest are read
      }
    }
    int chunk = settings.chunkSize();
    if (buffer == null) {
      // a file smaller than the chunk needs no more than its own size (it may grow: then we just read again)
      long wanted = Math.max(knownLength, 1);
      buffer = pool.acquire(wanted >= chunk ? chunk : (int) Math.min(chunk, roundUp(wanted, 4096)));
    }
    long start = settings.alignedChunks() ? at - at % chunk : at;
    if (at - start >= buffer.capacity()) {
      // a buffer sized for a small file that has since grown
      pool.release(buffer);
      buffer = pool.acquire(chunk);
    }
    bufferLength = 0;
    bufferStart = start;
    buffer.clear();
    if (knownLength > start && knownLength - start < buffer.capacity()) {
      // stop at the known end instead of asking the backend once more only to hear "end of file"
      buffer.limit((int) (knownLength - start));
    }
    while (buffer.hasRemaining()) {
      int n = backendRead(start + buffer.position(), buffer);
      if (n <= 0) {
        break;
      }
    }
    bufferLength = buffer.position();
    if (start + bufferLength > knownLength) {
      knownLength = start + bufferLength;
    }
    return bufferIndex(at) >= 0;
  }

  /**
   * fill() with fs.pfs.readahead.mmap: the chunk holding {@code at} becomes a mapping of the file, so 4 KiB reads copy
   * straight from the page cache; counted as one backend read of the chunk.
   */
  private boolean map(long at) throws IOException {
    int chunk = settings.chunkSize();
    long start = settings.alignedChunks() ? at - at % chunk : at;
    long end = start + chunk <= knownLength ? start + chunk : Math.min(start + chunk, currentLength());
    releaseBuffer();
    if (end <= at) {
      return false;
    }
    buffer = handle.map(start, (int) (end - start));
    mapped = true;
    bufferStart = start;
    bufferLength = (int) (end - start);
    backendReads++;
    backendBytes += bufferLength;
    reportBytes();
    return true;
  }

  private static long roundUp(long value, long unit) {
    return (value + unit - 1) / unit * unit;
  }

  /** A read straight into the caller's memory, bypassing the buffer. */
  private int direct(long at, ByteBuffer destination) throws IOException {
    directReads++;
    return backendRead(at, destination);
  }

  private int backendRead(long at, ByteBuffer destination) throws IOException {
    int n = handle.read(at, destination);
    backendReads++;
    if (n > 0) {
      backendBytes += n;
    }
    reportBytes();
    return n;
  }

  private void counted(int n) {
    bytesRead += n;
    readOperations++;
    unreportedBytes += n;
  }

  /** Hands bytes read to Hadoop's per-thread FileSystem.Statistics in batches rather than on every small read. */
  private void reportBytes() {
    if (fsStatistics != null && unreportedBytes > 0) {
      fsStatistics.incrementBytesRead(unreportedBytes);
    }
    unreportedBytes = 0;
  }

  private long currentLength() throws IOException {
    knownLength = Math.max(knownLength, handle.length());
    return knownLength;
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + path);
    }
  }

  /**
   * Hadoop's per-stream read-ahead (HBase and Hive set it): the size of this stream's later backend reads, 0 for none
   * (every read goes to the backend at its own size); null restores the size it was opened with. The buffer is given
   * back, so the next read fills one of the new size.
   */
  @Override
  public synchronized void setReadahead(Long readahead) {
    if (readahead != null && (readahead < 0 || readahead > Integer.MAX_VALUE - 8)) {
      throw new IllegalArgumentException("read-ahead of " + path + " must be between 0 and " + (Integer.MAX_VALUE - 8)
          + " bytes, got " + readahead);
    }
    settings = readahead == null ? opened : new Settings((int) Math.max(1, readahead), opened.alignedChunks(),
        opened.mappedChunks(), opened.vectoredMinSeek(), opened.vectoredMaxMerged());
    releaseBuffer();
  }

  /** Gives the buffer back; the stream stays usable and refills on the next read. */
  @Override
  public synchronized void unbuffer() {
    releaseBuffer();
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_UNBUFFERED);
  }

  private void releaseBuffer() {
    if (buffer != null) {
      if (mapped) {
        handle.unmap(buffer);
      } else {
        pool.release(buffer);
      }
      buffer = null;
      mapped = false;
    }
    bufferLength = 0;
    wrapped = null;
  }

  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    releaseBuffer();
    reportBytes();
    statistics.incrementCounter(StreamStatisticNames.STREAM_READ_CLOSE_OPERATIONS);
    try {
      handle.close();
    } finally {
      onClose.accept(view);
    }
  }

  @Override
  public boolean hasCapability(String capability) {
    switch (capability.toLowerCase(Locale.ROOT)) {
      case StreamCapabilities.READAHEAD:
      case StreamCapabilities.UNBUFFER:
      case StreamCapabilities.IOSTATISTICS:
      case StreamCapabilities.READBYTEBUFFER:
      case StreamCapabilities.PREADBYTEBUFFER:
      case StreamCapabilities.VECTOREDIO:
        return true;
      default:
        return false;
    }
  }

  @Override
  public IOStatistics getIOStatistics() {
    return view;
  }

  @Override
  public String toString() {
    return "PfsInputStream{" + path + ", position=" + position + ", buffer=[" + bufferStart + ", "
        + (bufferStart + bufferLength) + "), chunk=" + settings.chunkSize() + ", " + org.apache.hadoop.fs.statistics.IOStatisticsLogging.ioStatisticsToString(view) + "}";
  }
}
