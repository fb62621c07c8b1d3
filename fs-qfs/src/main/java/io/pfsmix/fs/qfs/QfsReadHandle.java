package io.pfsmix.fs.qfs;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.ScratchBuffer;
import io.pfsmix.fs.posix.NativeCalls;

/** A QFS file open for reading at explicit offsets. */
final class QfsReadHandle implements ReadHandle {

  private final QfsBackend backend;
  private final int fd;
  private final String path;
  private final ScratchBuffer scratch = new ScratchBuffer();
  private boolean closed;

  QfsReadHandle(QfsBackend backend, int fd, String path) {
    this.backend = backend;
    this.fd = fd;
    this.path = path;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    if (!destination.hasRemaining()) {
      return 0;
    }
    return scratch.read(position, destination, (at, buffer, offset, length) -> backend.retryingTemporaryFailures(
        () -> QfsClient.pread(backend.clientFor(path), fd, at, buffer, offset, length), "read at " + at, path));
  }

  @Override
  public long length() throws IOException {
    return NativeCalls.call(QfsConfigKeys.BACKEND_NAME, "fstat", path,
        () -> QfsClient.stat(backend.clientFor(path), fd).size());
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      NativeCalls.run(QfsConfigKeys.BACKEND_NAME, "close", path, () -> QfsClient.close(backend.clientFor(path), fd));
    }
  }
}
