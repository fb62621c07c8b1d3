package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.ByteBuffer;

import com.ceph.fs.CephMount;

import io.pfsmix.fs.backend.ReadHandle;

/** A CephFS file open for reading at explicit offsets (ceph_read with an offset: a pread). */
final class CephReadHandle implements ReadHandle {

  private final CephFsBackend backend;
  private final int fd;
  private final String path;
  private byte[] scratch = new byte[0];
  private boolean closed;

  CephReadHandle(CephFsBackend backend, int fd, String path) {
    this.backend = backend;
    this.fd = fd;
    this.path = path;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    int length = destination.remaining();
    if (length == 0) {
      return 0;
    }
    int read;
    if (destination.hasArray() && destination.arrayOffset() + destination.position() == 0) {
      // The common path: the shim's read-ahead buffer from allocateBuffer, filled by the binding directly.
      read = readAt(position, destination.array(), length);
      if (read > 0) {
        destination.position(read);
      }
    } else {
      if (scratch.length < length) {
        scratch = new byte[length];
      }
      read = readAt(position, scratch, length);
      if (read > 0) {
        destination.put(scratch, 0, read);
        backend.countCopy(read);
      }
    }
    return read > 0 ? read : -1;
  }

  private int readAt(long position, byte[] buffer, int length) throws IOException {
    CephMount mount = backend.mount();
    return backend.io().call("read at " + position, path, () -> {
      if (position <= CephFsBackend.LARGEST_JNI_OFFSET) {
        return (int) mount.read(fd, buffer, length, position);
      }
      mount.lseek(fd, position, CephMount.SEEK_SET);
      return (int) mount.read(fd, buffer, length, -1);
    });
  }

  @Override
  public long length() throws IOException {
    return backend.fileLength(fd, path);
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      backend.closeDescriptor(fd, path);
    }
  }
}
