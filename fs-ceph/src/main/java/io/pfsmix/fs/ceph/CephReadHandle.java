package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.ScratchBuffer;

/** A CephFS file open for reading at explicit offsets (ceph_ll_read with an offset: a pread). */
final class CephReadHandle implements ReadHandle {

  private final CephFsBackend backend;
  private final CephRoot.OpenFile file;
  private final String path;
  private final ScratchBuffer scratch = new ScratchBuffer();
  private boolean closed;

  CephReadHandle(CephFsBackend backend, CephRoot.OpenFile file, String path) {
    this.backend = backend;
    this.file = file;
    this.path = path;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    int length = destination.remaining();
    if (length == 0) {
      return 0;
    }
    int read;
    if (destination.isDirect()) {
      // The common path: the shim's read-ahead buffer from allocateBuffer, filled by libcephfs directly.
      read = readAt(position, destination, destination.position(), length);
      if (read > 0) {
        destination.position(destination.position() + read);
      }
    } else {
      ByteBuffer through = scratch.take(length);
      length = Math.min(length, through.capacity());
      read = readAt(position, through, 0, length);
      if (read > 0) {
        destination.put(through.limit(read));
        backend.countCopy(read);
      }
    }
    return read > 0 ? read : -1;
  }

  private int readAt(long position, ByteBuffer buffer, int offset, int length) throws IOException {
    return backend.io().call("read at " + position, path, () -> file.read(position, buffer, offset, length));
  }

  @Override
  public long length() throws IOException {
    return backend.io().call("getattr", path, file::length);
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      backend.io().run("close", path, file::close);
    }
  }
}
