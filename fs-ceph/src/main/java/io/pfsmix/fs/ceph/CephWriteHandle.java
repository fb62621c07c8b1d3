package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.ByteBuffer;

import com.ceph.fs.CephMount;

import io.pfsmix.fs.backend.WriteHandle;

/**
 * A CephFS file open for writing at explicit offsets. Close syncs before it closes, so that an error of buffered
 * (write-back) data surfaces as an IOException from close instead of being lost.
 */
final class CephWriteHandle implements WriteHandle {

  private final CephFsBackend backend;
  private final int fd;
  private final String path;
  private final long initialLength;
  private byte[] scratch = new byte[0];
  private boolean closed;
  /** A call that missed the I/O deadline: the descriptor may still be busy, so nothing more is sent through it. */
  private IOException timedOut;

  CephWriteHandle(CephFsBackend backend, int fd, String path, long initialLength) {
    this.backend = backend;
    this.fd = fd;
    this.path = path;
    this.initialLength = initialLength;
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    checkUsable();
    int length = source.remaining();
    if (length == 0) {
      return;
    }
    byte[] bytes;
    if (source.hasArray() && source.arrayOffset() + source.position() == 0) {
      bytes = source.array();
    } else {
      if (scratch.length < length) {
        scratch = new byte[length];
      }
      source.duplicate().get(scratch, 0, length);
      bytes = scratch;
      backend.countCopy(length);
    }
    writeFully(position, bytes, length);
    source.position(source.position() + length);
  }

  private void checkUsable() throws IOException {
    if (timedOut != null) {
      throw new IOException("cephfs " + path + " is unusable after an earlier call got no answer: "
          + timedOut.getMessage(), timedOut);
    }
  }

  private void writeFully(long position, byte[] bytes, int length) throws IOException {
    CephMount mount = backend.mount();
    timed(() -> backend.io().run("write at " + position, path, () -> {
      if (position <= CephFsBackend.LARGEST_JNI_OFFSET) {
        long written = mount.write(fd, bytes, length, position);
        if (written != length) {
          throw new IOException("short write: " + written + " of " + length + " bytes");
        }
      } else {
        mount.lseek(fd, position, CephMount.SEEK_SET);
        long written = mount.write(fd, bytes, length, -1);
        if (written != length) {
          throw new IOException("short write: " + written + " of " + length + " bytes");
        }
      }
    }));
  }

  private interface Call {
    void run() throws IOException;
  }

  private void timed(Call call) throws IOException {
    try {
      call.run();
    } catch (CephIo.CephIoTimeoutException e) {
      timedOut = e;
      throw e;
    }
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    checkUsable();
    timed(() -> backend.io().run("fsync", path, () -> backend.mount().fsync(fd, !metadata)));
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
        // closing would wait on the same unanswered descriptor; it is left to libcephfs
        throw e;
      }
      try {
        backend.closeDescriptor(fd, path);
      } catch (IOException alsoFailed) {
        e.addSuppressed(alsoFailed);
      }
      throw e;
    }
    backend.closeDescriptor(fd, path);
  }
}
