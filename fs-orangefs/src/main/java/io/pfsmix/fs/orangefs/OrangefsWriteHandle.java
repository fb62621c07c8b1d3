package io.pfsmix.fs.orangefs;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.backend.ScratchBuffer;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.posix.CallDeadline;

/**
 * An OrangeFS file open for writing at explicit offsets, by this and any other writer at once (OrangeFS serializes
 * nothing: writers of disjoint regions never wait for each other). Close flushes, so that an error of data the
 * servers buffered surfaces as an IOException from close instead of being lost.
 */
final class OrangefsWriteHandle implements WriteHandle {

  private final OrangefsBackend backend;
  private final long handle;
  private final String path;
  private final long initialLength;
  private final CallDeadline.FileCalls calls;
  private final ScratchBuffer scratch = new ScratchBuffer();
  private boolean closed;

  OrangefsWriteHandle(OrangefsBackend backend, long handle, String path, long initialLength) {
    this.backend = backend;
    this.handle = handle;
    this.path = path;
    this.initialLength = initialLength;
    this.calls = backend.calls().forFile(path);
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    backend.checkOpen(path);
    scratch.write(position, source, this::writeAt);
  }

  private void writeAt(long position, ByteBuffer buffer, int offset, int length) throws IOException {
    calls.run("write at " + position,
        () -> OrangefsClient.io(backend.fs(), handle, true, position, buffer, offset, length));
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    backend.checkOpen(path);
    calls.run("flush", () -> OrangefsClient.flush(backend.fs(), handle));
  }

  @Override
  public long initialLength() {
    return initialLength;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      sync(true);
    }
  }
}
