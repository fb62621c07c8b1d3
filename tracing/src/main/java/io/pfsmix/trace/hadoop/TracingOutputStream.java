package io.pfsmix.trace.hadoop;

import java.io.IOException;
import java.io.OutputStream;

import org.apache.hadoop.fs.Abortable;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.TraceRecorder;

/** Records every call on a wrapped output stream, keeping hflush/hsync, capabilities, abort and IOStatistics. */
final class TracingOutputStream extends OutputStream
    implements Syncable, StreamCapabilities, CanSetDropBehind, IOStatisticsSource, Abortable {

  private final FSDataOutputStream out;
  private final TracingFileSystem owner;
  private final TraceRecorder recorder;
  private final int pathId;

  TracingOutputStream(FSDataOutputStream out, TracingFileSystem owner, int pathId) {
    this.out = out;
    this.owner = owner;
    this.recorder = owner.recorder();
    this.pathId = pathId;
  }

  private void record(long start, TraceOp op, long offset, long length, long bytes, Throwable failure) {
    recorder.record(start, TraceRecorder.now(), op, TracePoint.APPLICATION, pathId, offset, length, bytes,
        recorder.resultId(failure), owner.contextId());
  }

  @Override
  public void write(int b) throws IOException {
    write(TraceOp.WRITE, 1, () -> out.write(b));
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    write(TraceOp.WRITE, len, () -> out.write(b, off, len));
  }

  @FunctionalInterface
  private interface Call {
    void run() throws IOException;
  }

  private void write(TraceOp op, long length, Call call) throws IOException {
    long offset = out.getPos();
    long start = TraceRecorder.now();
    try {
      call.run();
      record(start, op, offset, length, length, null);
    } catch (IOException | RuntimeException e) {
      record(start, op, offset, length, TraceRecord.NONE, e);
      throw e;
    }
  }

  private void control(TraceOp op, Call call) throws IOException {
    long offset = out.getPos();
    long start = TraceRecorder.now();
    try {
      call.run();
      record(start, op, offset, TraceRecord.NONE, TraceRecord.NONE, null);
    } catch (IOException | RuntimeException e) {
      record(start, op, offset, TraceRecord.NONE, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void hflush() throws IOException {
    control(TraceOp.HFLUSH, out::hflush);
  }

  @Override
  public void hsync() throws IOException {
    control(TraceOp.HSYNC, out::hsync);
  }

  @Override
  public void close() throws IOException {
    control(TraceOp.CLOSE, out::close);
  }

  @Override
  public boolean hasCapability(String capability) {
    return out.hasCapability(capability);
  }

  @Override
  public void setDropBehind(Boolean dropCache) throws IOException {
    out.setDropBehind(dropCache);
  }

  @Override
  public IOStatistics getIOStatistics() {
    return out.getIOStatistics();
  }

  @Override
  public AbortableResult abort() {
    return out.abort();
  }

  @Override
  public String toString() {
    return "TracingOutputStream(" + out + ")";
  }
}
