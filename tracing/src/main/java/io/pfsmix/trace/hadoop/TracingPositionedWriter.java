package io.pfsmix.trace.hadoop;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.PositionedWriter;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.TraceRecorder;

/** Records the calls on a positioned writer (IOR's N-to-1 writes through the pfs shim). */
final class TracingPositionedWriter implements PositionedWriter {

  private final PositionedWriter writer;
  private final TracingFileSystem owner;
  private final TraceRecorder recorder;
  private final int pathId;

  TracingPositionedWriter(PositionedWriter writer, TracingFileSystem owner, int pathId) {
    this.writer = writer;
    this.owner = owner;
    this.recorder = owner.recorder();
    this.pathId = pathId;
  }

  private void record(long start, TraceOp op, long offset, long length, long bytes, Throwable failure) {
    recorder.record(start, TraceRecorder.now(), op, TracePoint.APPLICATION, pathId, offset, length, bytes,
        recorder.resultId(failure), owner.contextId());
  }

  @Override
  public void write(long position, ByteBuffer data) throws IOException {
    int length = data.remaining();
    long start = TraceRecorder.now();
    try {
      writer.write(position, data);
      record(start, TraceOp.PWRITE, position, length, length, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.PWRITE, position, length, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void write(long position, byte[] data, int offset, int length) throws IOException {
    long start = TraceRecorder.now();
    try {
      writer.write(position, data, offset, length);
      record(start, TraceOp.PWRITE, position, length, length, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.PWRITE, position, length, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void sync() throws IOException {
    long start = TraceRecorder.now();
    try {
      writer.sync();
      record(start, TraceOp.HSYNC, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.HSYNC, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, e);
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    long start = TraceRecorder.now();
    try {
      writer.close();
      record(start, TraceOp.CLOSE, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
    } catch (IOException | RuntimeException e) {
      record(start, TraceOp.CLOSE, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, e);
      throw e;
    }
  }
}
