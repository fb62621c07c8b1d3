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

import io.pfsmix.trace.CallTracer;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TraceRecord;

/** Records every call on a wrapped output stream, keeping hflush/hsync, capabilities, abort and IOStatistics. */
final class TracingOutputStream extends OutputStream
    implements Syncable, StreamCapabilities, CanSetDropBehind, IOStatisticsSource, Abortable {

  private final FSDataOutputStream out;
  private final CallTracer tracer;
  private final int pathId;

  TracingOutputStream(FSDataOutputStream out, CallTracer tracer, int pathId) {
    this.out = out;
    this.tracer = tracer;
    this.pathId = pathId;
  }

  @Override
  public void write(int b) throws IOException {
    tracer.traced(TraceOp.WRITE, pathId, out.getPos(), 1, 1, () -> out.write(b));
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    tracer.transferWhole(TraceOp.WRITE, pathId, out.getPos(), out, b, off, len,
        (to, at, array, offset, length) -> to.write(array, offset, length));
  }

  private void control(TraceOp op, CallTracer.VoidCall call) throws IOException {
    tracer.traced(op, pathId, out.getPos(), TraceRecord.NONE, TraceRecord.NONE, call);
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
