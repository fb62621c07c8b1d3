package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.ByteBuffer;

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
  private ByteBuffer scratch;
  private boolean closed;
  /** A call that missed the I/O deadline: the file may still be busy, so nothing more is sent through it. */
  private IOException timedOut;

  CephWriteHandle(CephFsBackend backend, CephRoot.OpenFile file, String path, long initialLength) {
    this.backend = backend;
    this.file = file;
    this.path = path;
    this.initialLength = initialLength;
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    checkUsable();
    if (source.isDirect()) {
      int length = source.remaining();
      writeAt(position, source, source.position(), length);
      source.position(source.position() + length);
      return;
    }
    // a heap buffer goes through a direct one, a piece at a time
    for (long at = position; source.hasRemaining();) {
      scratch = CephFsBackend.scratch(scratch, source.remaining());
      int length = Math.min(source.remaining(), scratch.capacity());
      scratch.clear().put(source.duplicate().limit(source.position() + length));
      writeAt(at, scratch, 0, length);
      backend.countCopy(length);
      source.position(source.position() + length);
      at += length;
    }
  }

  private void checkUsable() throws IOException {
    if (timedOut != null) {
      throw new IOException("cephfs " + path + " is unusable after an earlier call got no answer: "
          + timedOut.getMessage(), timedOut);
    }
  }

  private void writeAt(long position, ByteBuffer buffer, int offset, int length) throws IOException {
    timed(() -> backend.io().run("write at " + position, path, () -> file.write(position, buffer, offset, length)));
  }

  private interface Call {
    void run() throws IOException;
  }

  private void timed(Call call) throws IOException {
    try {
      call.run();
    } catch (CallDeadline.DeadlineMissedException e) {
      timedOut = e;
      throw e;
    }
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    checkUsable();
    timed(() -> backend.io().run("fsync", path, () -> file.sync(!metadata)));
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
      if (timedOut != null) {
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
