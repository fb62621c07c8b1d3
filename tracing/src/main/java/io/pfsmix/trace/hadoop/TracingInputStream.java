package io.pfsmix.trace.hadoop;

import java.io.FileDescriptor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import org.apache.hadoop.fs.ByteBufferPositionedReadable;
import org.apache.hadoop.fs.ByteBufferReadable;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.CanSetReadahead;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.HasFileDescriptor;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.TraceRecorder;

/**
 * Records every call on a wrapped input stream; every ability of the wrapped stream (positioned, byte-buffer and
 * vectored reads, capabilities, read-ahead and drop-behind hints, unbuffer, IOStatistics) stays available.
 */
final class TracingInputStream extends FSInputStream implements ByteBufferReadable, ByteBufferPositionedReadable,
    CanSetDropBehind, CanSetReadahead, CanUnbuffer, StreamCapabilities, IOStatisticsSource, HasFileDescriptor {

  private final FSDataInputStream in;
  private final TracingFileSystem owner;
  private final TraceRecorder recorder;
  private final int pathId;

  TracingInputStream(FSDataInputStream in, TracingFileSystem owner, int pathId) {
    this.in = in;
    this.owner = owner;
    this.recorder = owner.recorder();
    this.pathId = pathId;
  }

  private void record(long start, TraceOp op, long offset, long length, long bytes, Throwable failure) {
    recorder.record(start, TraceRecorder.now(), op, TracePoint.APPLICATION, pathId, offset, length, bytes,
        recorder.resultId(failure), owner.contextId());
  }

  private long positionOrNone() {
    try {
      return in.getPos();
    } catch (IOException e) {
      return TraceRecord.NONE;
    }
  }

  @Override
  public int read() throws IOException {
    long offset = positionOrNone();
    long start = TraceRecorder.now();
    try {
      int value = in.read();
      record(start, TraceOp.READ, offset, 1, value < 0 ? -1 : 1, null);
      return value;
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.READ, offset, 1, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public int read(byte[] buffer, int off, int len) throws IOException {
    long offset = positionOrNone();
    long start = TraceRecorder.now();
    try {
      int n = in.read(buffer, off, len);
      record(start, TraceOp.READ, offset, len, n, null);
      return n;
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.READ, offset, len, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public int read(ByteBuffer buffer) throws IOException {
    long offset = positionOrNone();
    int len = buffer.remaining();
    long start = TraceRecorder.now();
    try {
      int n = in.read(buffer);
      record(start, TraceOp.READ, offset, len, n, null);
      return n;
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.READ, offset, len, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public int read(long position, byte[] buffer, int off, int len) throws IOException {
    long start = TraceRecorder.now();
    try {
      int n = in.read(position, buffer, off, len);
      record(start, TraceOp.PREAD, position, len, n, null);
      return n;
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.PREAD, position, len, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void readFully(long position, byte[] buffer, int off, int len) throws IOException {
    long start = TraceRecorder.now();
    try {
      in.readFully(position, buffer, off, len);
      record(start, TraceOp.PREAD, position, len, len, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.PREAD, position, len, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void readFully(long position, byte[] buffer) throws IOException {
    readFully(position, buffer, 0, buffer.length);
  }

  @Override
  public int read(long position, ByteBuffer buffer) throws IOException {
    int len = buffer.remaining();
    long start = TraceRecorder.now();
    try {
      int n = in.read(position, buffer);
      record(start, TraceOp.PREAD, position, len, n, null);
      return n;
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.PREAD, position, len, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void readFully(long position, ByteBuffer buffer) throws IOException {
    int len = buffer.remaining();
    long start = TraceRecorder.now();
    try {
      in.readFully(position, buffer);
      record(start, TraceOp.PREAD, position, len, len, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.PREAD, position, len, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public int minSeekForVectorReads() {
    return in.minSeekForVectorReads();
  }

  @Override
  public int maxReadSizeForVectorReads() {
    return in.maxReadSizeForVectorReads();
  }

  @Override
  public void readVectored(List<? extends FileRange> ranges, IntFunction<ByteBuffer> allocate) throws IOException {
    long start = TraceRecorder.now();
    in.readVectored(ranges, allocate);
    traceRanges(ranges, start);
  }

  @Override
  public void readVectored(List<? extends FileRange> ranges, IntFunction<ByteBuffer> allocate,
      Consumer<ByteBuffer> release) throws IOException {
    long start = TraceRecorder.now();
    in.readVectored(ranges, allocate, release);
    traceRanges(ranges, start);
  }

  /**
   * One record per range, made when the range's data arrives (its duration is the time to completion). The range's
   * future is replaced by one that completes after the record is made, so a caller holding the data has its record.
   */
  private void traceRanges(List<? extends FileRange> ranges, long start) {
    int contextId = owner.contextId();
    long caller = Thread.currentThread().getId();
    for (FileRange range : ranges) {
      if (range.getData() == null) {
        continue;
      }
      range.setData(range.getData().whenComplete((data, failure) -> recorder.recordFor(caller, start, TraceRecorder.now(),
          TraceOp.READ_VECTORED, TracePoint.APPLICATION, pathId, range.getOffset(), range.getLength(),
          failure == null && data != null ? data.remaining() : TraceRecord.NONE,
          recorder.resultId(failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
              ? failure.getCause() : failure), contextId)));
    }
  }

  @Override
  public void seek(long target) throws IOException {
    long offset = positionOrNone();
    long start = TraceRecorder.now();
    try {
      in.seek(target);
      record(start, TraceOp.SEEK, offset, target, TraceRecord.NONE, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.SEEK, offset, target, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public long skip(long n) throws IOException {
    long offset = positionOrNone();
    long start = TraceRecorder.now();
    try {
      long skipped = in.skip(n);
      record(start, TraceOp.SKIP, offset, n, skipped, null);
      return skipped;
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.SKIP, offset, n, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public long getPos() throws IOException {
    return in.getPos();
  }

  @Override
  public boolean seekToNewSource(long targetPos) throws IOException {
    return in.seekToNewSource(targetPos);
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public void close() throws IOException {
    long start = TraceRecorder.now();
    try {
      in.close();
      record(start, TraceOp.CLOSE, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.CLOSE, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void unbuffer() {
    long start = TraceRecorder.now();
    in.unbuffer();
    record(start, TraceOp.UNBUFFER, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
  }

  @Override
  public void setReadahead(Long readahead) throws IOException, UnsupportedOperationException {
    in.setReadahead(readahead);
  }

  @Override
  public void setDropBehind(Boolean dropCache) throws IOException, UnsupportedOperationException {
    in.setDropBehind(dropCache);
  }

  @Override
  public boolean hasCapability(String capability) {
    return in.hasCapability(capability);
  }

  @Override
  public IOStatistics getIOStatistics() {
    return in.getIOStatistics();
  }

  @Override
  public FileDescriptor getFileDescriptor() throws IOException {
    return in.getFileDescriptor();
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  @Override
  public String toString() {
    return "TracingInputStream(" + in + ")";
  }
}
