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
    boolean copied = !destination.isDirect();
    int read = scratch.read(position, destination, this::readAt);
    if (copied && read > 0) {
      backend.countCopy(read);
    }
    return read;
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
