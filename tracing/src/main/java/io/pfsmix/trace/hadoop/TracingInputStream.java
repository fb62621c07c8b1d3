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

import io.pfsmix.trace.CallTracer;
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

  private static final long NONE = TraceRecord.NONE;

  private final FSDataInputStream in;
  private final CallTracer tracer;
  private final int pathId;

  TracingInputStream(FSDataInputStream in, CallTracer tracer, int pathId) {
    this.in = in;
    this.tracer = tracer;
    this.pathId = pathId;
  }

  private long positionOrNone() {
    try {
      return in.getPos();
    } catch (IOException e) {
      return NONE;
    }
  }

  @Override
  public int read() throws IOException {
    return tracer.traced(TraceOp.READ, pathId, positionOrNone(), 1, in::read, value -> value < 0 ? -1 : 1);
  }

  @Override
  public int read(byte[] buffer, int off, int len) throws IOException {
    return tracer.transfer(TraceOp.READ, pathId, positionOrNone(), in, buffer, off, len,
        (from, at, array, offset, length) -> from.read(array, offset, length));
  }

  @Override
  public int read(ByteBuffer buffer) throws IOException {
    return tracer.transfer(TraceOp.READ, pathId, positionOrNone(), in, buffer, 0, buffer.remaining(),
        (from, at, destination, offset, length) -> from.read(destination));
  }

  @Override
  public int read(long position, byte[] buffer, int off, int len) throws IOException {
    return tracer.transfer(TraceOp.PREAD, pathId, position, in, buffer, off, len,
        (from, at, array, offset, length) -> from.read(at, array, offset, length));
  }

  @Override
  public void readFully(long position, byte[] buffer, int off, int len) throws IOException {
    tracer.transferWhole(TraceOp.PREAD, pathId, position, in, buffer, off, len,
        (from, at, array, offset, length) -> from.readFully(at, array, offset, length));
  }

  @Override
  public void readFully(long position, byte[] buffer) throws IOException {
    readFully(position, buffer, 0, buffer.length);
  }

  @Override
  public int read(long position, ByteBuffer buffer) throws IOException {
    return tracer.transfer(TraceOp.PREAD, pathId, position, in, buffer, 0, buffer.remaining(),
        (from, at, destination, offset, length) -> from.read(at, destination));
  }

  @Override
  public void readFully(long position, ByteBuffer buffer) throws IOException {
    tracer.transferWhole(TraceOp.PREAD, pathId, position, in, buffer, 0, buffer.remaining(),
        (from, at, destination, offset, length) -> from.readFully(at, destination));
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
    TraceRecorder recorder = tracer.recorder();
    int contextId = tracer.contextId();
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
    tracer.traced(TraceOp.SEEK, pathId, positionOrNone(), target, NONE, () -> in.seek(target));
  }

  @Override
  public long skip(long n) throws IOException {
    return tracer.traced(TraceOp.SKIP, pathId, positionOrNone(), n, () -> in.skip(n));
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
    tracer.traced(TraceOp.CLOSE, pathId, NONE, NONE, NONE, in::close);
  }

  @Override
  public void unbuffer() {
    long start = TraceRecorder.now();
    in.unbuffer();
    tracer.record(start, TraceOp.UNBUFFER, pathId, NONE, NONE, NONE, null);
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
