package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.backend.ScratchBuffer;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.posix.CallDeadline;

/**
 * A CephFS file open for writing at explicit offsets. Close syncs before it closes, so that an error of buffered
 * (write-back) data surfaces as an IOException from close instead of being lost.
 */
final class CephWriteHandle implements WriteHandle {

  private final CephFsBackend backend;
  private final CephRoot.OpenFile file;
  private final String path;
  private final long initialLength;
  private final CallDeadline.FileCalls calls;
  private final ScratchBuffer scratch = new ScratchBuffer();
  private boolean closed;

  CephWriteHandle(CephFsBackend backend, CephRoot.OpenFile file, String path, long initialLength) {
    this.backend = backend;
    this.file = file;
    this.path = path;
    this.initialLength = initialLength;
    this.calls = backend.io().forFile(path);
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    int length = source.remaining();
    scratch.write(position, source, this::writeAt);
    if (!source.isDirect() && length > 0) {
      backend.countCopy(length);
    }
  }

  private void writeAt(long position, ByteBuffer buffer, int offset, int length) throws IOException {
    calls.run("write at " + position, () -> file.write(position, buffer, offset, length));
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    calls.run("fsync", () -> file.sync(!metadata));
  }

  @Override
  public long initialLength() {
    return initialLength;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      sync(false);
    } catch (IOException e) {
      if (calls.missedDeadline()) {
        // closing would wait on the same unanswered file; it is left to libcephfs
        throw e;
      }
      try {
        backend.io().run("close", path, file::close);
      } catch (IOException alsoFailed) {
        e.addSuppressed(alsoFailed);
      }
      throw e;
    }
    backend.io().run("close", path, file::close);
  }
}
