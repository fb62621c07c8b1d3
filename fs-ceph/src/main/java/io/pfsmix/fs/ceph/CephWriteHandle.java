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

  CephWriteHandle(CephFsBackend backend, int fd, String path, long initialLength) {
    this.backend = backend;
    this.fd = fd;
    this.path = path;
    this.initialLength = initialLength;
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
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

  private void writeFully(long position, byte[] bytes, int length) throws IOException {
    CephMount mount = backend.mount();
    CephCalls.run("write at " + position, path, () -> {
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
    });
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    CephCalls.run("fsync", path, () -> backend.mount().fsync(fd, !metadata));
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
