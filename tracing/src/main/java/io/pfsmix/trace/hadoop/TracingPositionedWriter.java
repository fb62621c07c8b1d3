package io.pfsmix.trace.hadoop;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.trace.CallTracer;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TraceRecord;

/** Records the calls on a positioned writer (IOR's N-to-1 writes through the pfs shim). */
record TracingPositionedWriter(PositionedWriter writer, CallTracer tracer, int pathId) implements PositionedWriter {

  private static final long NONE = TraceRecord.NONE;

  @Override
  public void write(long position, ByteBuffer data) throws IOException {
    tracer.transferWhole(TraceOp.PWRITE, pathId, position, writer, data, 0, data.remaining(),
        (to, at, buffer, offset, length) -> to.write(at, buffer));
  }

  @Override
  public void write(long position, byte[] data, int offset, int length) throws IOException {
    tracer.transferWhole(TraceOp.PWRITE, pathId, position, writer, data, offset, length,
        (to, at, array, from, count) -> to.write(at, array, from, count));
  }

  @Override
  public void sync() throws IOException {
    tracer.traced(TraceOp.HSYNC, pathId, NONE, NONE, NONE, writer::sync);
  }

  @Override
  public void close() throws IOException {
    tracer.traced(TraceOp.CLOSE, pathId, NONE, NONE, NONE, writer::close);
  }
}
