package io.pfsmix.trace.recorder;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;

/**
 * Records traced calls of one process into a {@link TraceDestination} without ever making the traced call wait for I/O.
 *
 * <p>Each thread fills its own buffer; a full buffer goes to a queue that one background flusher thread writes out. The
 * flusher also collects partly filled buffers every flush interval (so a killed process loses little) and on
 * {@link #flush()} and {@link #close()}. Memory is bounded: when all buffers are taken (the destination is slower than
 * the traced program), records are dropped and counted as lost rather than blocking the caller. When the destination
 * fails, the records it could not take are counted as lost; the END block and the close report give the count.
 */
public final class TraceRecorder implements Closeable {

  private static final Logger LOG = LoggerFactory.getLogger(TraceRecorder.class);

  /** Tuning of a recorder. */
  public record Settings(int bufferRecords, long maxBufferBytes, long flushIntervalMillis) {
    public static final Settings DEFAULT = new Settings(1024, 64L << 20, 1000);

    public Settings {
      if (bufferRecords < 1) {
        throw new IllegalArgumentException("buffer records must be at least 1, got " + bufferRecords);
      }
      if (maxBufferBytes < (long) bufferRecords * TraceFormat.RECORD_SIZE) {
        throw new IllegalArgumentException("buffer memory of " + maxBufferBytes + " bytes cannot hold one buffer of "
            + bufferRecords + " records");
      }
      if (flushIntervalMillis < 1) {
        throw new IllegalArgumentException("flush interval must be at least 1 ms, got " + flushIntervalMillis);
      }
    }
  }

  /** One thread's buffer; the owner and the flusher both lock it. */
  private static final class ThreadBuffer {
    final Thread owner;
    ByteBuffer buffer;

    ThreadBuffer(Thread owner) {
      this.owner = owner;
    }
  }

  private final TraceDestination destination;
  private final Settings settings;
  private final TraceDictionary dictionary;
  private final TraceHeader header;
  private final long wallAnchorNs;
  private final long monotonicAnchorNs;
  private final int bufferBytes;
  private final int maxBuffers;

  private final ThreadLocal<ThreadBuffer> local = ThreadLocal.withInitial(this::register);
  private final ConcurrentLinkedQueue<ThreadBuffer> threads = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<ByteBuffer> full = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<ByteBuffer> free = new ConcurrentLinkedQueue<>();
  private final AtomicInteger allocatedBuffers = new AtomicInteger();
  private final AtomicLong lost = new AtomicLong();
  /** Records the destination holds for certain (its {@code recordsWritten}), updated by the flusher. */
  private volatile long delivered;
  private final AtomicLong flushRequests = new AtomicLong();
  private final Object flushMonitor = new Object();
  private final Thread flusher;

  private volatile boolean closed;
  private volatile long flushesDone;
  private volatile Throwable destinationFailure;
  private boolean destinationOpen;
  /** Records handed to the destination (flusher thread only); those it does not keep count as lost. */
  private long handed;

  public TraceRecorder(TraceDestination destination, Settings settings, String producer) {
    this.destination = destination;
    this.settings = settings;
    Instant now = Instant.now();
    this.monotonicAnchorNs = System.nanoTime();
    this.wallAnchorNs = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    EventContext process = io.pfsmix.trace.TraceContext.processContext();
    this.header = TraceHeader.current(wallAnchorNs, monotonicAnchorNs, process.host(), process.pid(), producer);
    this.dictionary = new TraceDictionary(process);
    this.bufferBytes = settings.bufferRecords() * TraceFormat.RECORD_SIZE;
    this.maxBuffers = (int) Math.min(Integer.MAX_VALUE, settings.maxBufferBytes() / bufferBytes);
    this.flusher = new Thread(this::flushLoop, "pfsmix-trace-flusher");
    flusher.setDaemon(true);
    flusher.start();
  }

  public TraceHeader header() {
    return header;
  }

  public TraceDictionary dictionary() {
    return dictionary;
  }

  public int pathId(String path) {
    return dictionary.pathId(path);
  }

  public int contextId(EventContext context) {
    return dictionary.contextId(context);
  }

  /** The result id for a failed call: its exception class; 0 ("ok") for null. */
  public int resultId(Throwable failure) {
    return failure == null ? 0 : dictionary.resultId(failure.getClass().getName());
  }

  /** The monotonic clock the recorder stamps records with. */
  public static long now() {
    return System.nanoTime();
  }

  /**
   * Records one call. {@code startNano} and {@code endNano} are {@link #now()} readings; ids come from this
   * recorder's {@link #pathId}, {@link #resultId} and {@link #contextId}. Never blocks on I/O and never throws.
   */
  public void record(long startNano, long endNano, TraceOp op, TracePoint point, int pathId, long offset, long length,
      long bytes, int resultId, int contextId) {
    record(startNano, endNano, op, point, pathId, offset, length, bytes, resultId, contextId, -1);
  }

  /**
   * Records a call made by another thread (whose id is {@code threadId}) — for calls that complete asynchronously,
   * such as the ranges of a vectored read.
   */
  public void recordFor(long threadId, long startNano, long endNano, TraceOp op, TracePoint point, int pathId,
      long offset, long length, long bytes, int resultId, int contextId) {
    record(startNano, endNano, op, point, pathId, offset, length, bytes, resultId, contextId, threadId);
  }

  private void record(long startNano, long endNano, TraceOp op, TracePoint point, int pathId, long offset,
      long length, long bytes, int resultId, int contextId, long threadId) {
    ThreadBuffer threadBuffer = local.get();
    synchronized (threadBuffer) {
      if (closed) {
        lost.incrementAndGet();
        return;
      }
      ByteBuffer buffer = threadBuffer.buffer;
      if (buffer == null) {
        buffer = takeFreeBuffer();
        if (buffer == null) {
          lost.incrementAndGet();
          return;
        }
        threadBuffer.buffer = buffer;
      }
      TraceFormat.putRecord(buffer, wallAnchorNs + (startNano - monotonicAnchorNs), endNano - startNano, op.code(),
          point.code(), pathId, offset, length, bytes, resultId, threadId < 0 ? threadBuffer.owner.getId() : threadId,
          contextId);
      if (!buffer.hasRemaining()) {
        threadBuffer.buffer = null;
        full.add(buffer);
        LockSupport.unpark(flusher);
      }
    }
  }

  /** Records delivered to the destination so far. */
  public long deliveredRecords() {
    return delivered;
  }

  /** Records dropped so far (destination failure, full buffers, or recorded after close). */
  public long lostRecords() {
    return lost.get();
  }

  /** The destination's failure, or null while it works. */
  public Throwable destinationFailure() {
    return destinationFailure;
  }

  public String describeDestination() {
    return destination.describe();
  }

  /** Waits until every record made before this call has been handed to the destination and flushed. */
  public void flush() {
    if (closed) {
      return;
    }
    long request = flushRequests.incrementAndGet();
    LockSupport.unpark(flusher);
    synchronized (flushMonitor) {
      while (flushesDone < request && flusher.isAlive()) {
        try {
          flushMonitor.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /**
   * Delivers every buffered record, ends the trace (the END block carries the lost count) and reports the outcome in
   * the log. Records made after close are counted as lost.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    LockSupport.unpark(flusher);
    try {
      flusher.join(TimeUnit.SECONDS.toMillis(60));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    String summary = "pfsmix trace to " + destination.describe() + ": " + delivered + " records written, "
        + lost.get() + " lost";
    if (destinationFailure != null) {
      // the failure had its WARN line; the trace's END block keeps these counts where the destination allowed
      LOG.info("{} (destination failed: {})", summary, destinationFailure.toString());
    } else if (lost.get() > 0) {
      LOG.warn("{} (buffers were full: the destination could not keep up)", summary);
    } else {
      LOG.info(summary);
    }
  }

  private ThreadBuffer register() {
    ThreadBuffer threadBuffer = new ThreadBuffer(Thread.currentThread());
    threads.add(threadBuffer);
    return threadBuffer;
  }

  private ByteBuffer takeFreeBuffer() {
    ByteBuffer buffer = free.poll();
    if (buffer != null) {
      return buffer;
    }
    if (allocatedBuffers.incrementAndGet() > maxBuffers) {
      allocatedBuffers.decrementAndGet();
      return null;
    }
    return ByteBuffer.allocate(bufferBytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private void flushLoop() {
    long intervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalMillis());
    long nextSweep = System.nanoTime() + intervalNanos;
    while (true) {
      boolean stopping = closed;
      long requested = flushRequests.get();
      writeQueued();
      long now = System.nanoTime();
      if (stopping || requested > flushesDone || now - nextSweep >= 0) {
        sweepPartialBuffers();
        writeQueued();
        flushDestination();
        nextSweep = now + intervalNanos;
        synchronized (flushMonitor) {
          flushesDone = requested;
          flushMonitor.notifyAll();
        }
      }
      if (stopping) {
        finishDestination();
        return;
      }
      LockSupport.parkNanos(this, Math.max(1, nextSweep - System.nanoTime()));
    }
  }

  private void writeQueued() {
    ByteBuffer buffer;
    while ((buffer = full.poll()) != null) {
      deliver(buffer);
      buffer.clear();
      free.add(buffer);
    }
  }

  /** Takes every thread's partly filled buffer; forgets threads that have ended. */
  private void sweepPartialBuffers() {
    for (ThreadBuffer threadBuffer : threads) {
      ByteBuffer taken;
      synchronized (threadBuffer) {
        taken = threadBuffer.buffer;
        if (taken != null && taken.position() > 0) {
          threadBuffer.buffer = null;
        } else {
          taken = null;
        }
      }
      if (taken != null) {
        full.add(taken);
      }
      if (!threadBuffer.owner.isAlive() && threadBuffer.buffer == null) {
        threads.remove(threadBuffer);
      }
    }
  }

  private void deliver(ByteBuffer buffer) {
    buffer.flip();
    int records = buffer.remaining() / TraceFormat.RECORD_SIZE;
    if (destinationFailure != null) {
      lost.addAndGet(records);
      return;
    }
    handed += records;
    try {
      openDestination();
      destination.write(buffer, lost.get());
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
    }
  }

  private void openDestination() throws IOException {
    if (!destinationOpen) {
      destinationOpen = true;
      destination.open(header, dictionary);
    }
  }

  /** Records count as delivered once the destination holds them for certain. */
  private void flushDestination() {
    if (destinationFailure == null && destinationOpen) {
      try {
        destination.flush();
        delivered = destination.recordsWritten();
      } catch (IOException | RuntimeException e) {
        fail(e);
      }
    }
  }

  /** Ends the trace, after a failure too: a destination that kept room for its END block records the lost count. */
  private void finishDestination() {
    try {
      if (destinationFailure == null) {
        openDestination();
      }
      destination.finish(lost.get());
      delivered = destination.recordsWritten();
    } catch (IOException | RuntimeException e) {
      fail(e);
      destination.abandon();
    }
  }

  /** Counts what the destination did not keep as lost; reports the first failure in one line (the stack at DEBUG). */
  private void fail(Throwable e) {
    long kept = destination.recordsWritten();
    lost.addAndGet(handed - kept);
    handed = kept;
    delivered = kept;
    if (destinationFailure == null) {
      destinationFailure = e;
      LOG.warn("pfsmix trace destination {} failed ({}); the traced program goes on and further records are counted "
          + "as lost", destination.describe(), e.toString());
      LOG.debug("pfsmix trace destination failure", e);
    }
  }
}
