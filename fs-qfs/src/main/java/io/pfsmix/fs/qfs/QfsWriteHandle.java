package io.pfsmix.fs.qfs;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.backend.ScratchBuffer;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.posix.NativeCalls;

/**
 * A QFS file open for writing at explicit offsets. QFS's client buffers writes and sends them to the chunkservers
 * behind the caller; sync and close wait for them, so the servers' errors surface there instead of being lost. A
 * shared writer's handle owns its client, and disconnects it on close.
 */
final class QfsWriteHandle implements WriteHandle {

  private final QfsBackend backend;
  private final long client;
  private final boolean ownsClient;
  private final int fd;
  private final String path;
  private final long initialLength;
  private final ScratchBuffer scratch = new ScratchBuffer();
  private boolean closed;

  QfsWriteHandle(QfsBackend backend, long client, boolean ownsClient, int fd, String path, long initialLength) {
    this.backend = backend;
    this.client = client;
    this.ownsClient = ownsClient;
    this.fd = fd;
    this.path = path;
    this.initialLength = initialLength;
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    scratch.write(position, source, (at, buffer, offset, length) -> NativeCalls.run(QfsConfigKeys.BACKEND_NAME,
        "write at " + at, path, () -> QfsClient.pwrite(client(), fd, at, buffer, offset, length)));
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    NativeCalls.run(QfsConfigKeys.BACKEND_NAME, "sync", path, () -> QfsClient.sync(client(), fd));
  }

  @Override
  public long initialLength() {
    return initialLength;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      try {
        NativeCalls.run(QfsConfigKeys.BACKEND_NAME, "close", path, () -> QfsClient.close(client(), fd));
      } finally {
        if (ownsClient) {
          QfsClient.disconnect(client);
        }
      }
    }
  }

  /** The handle's client, while the backend is open (the backend's own client ends with it). */
  private long client() throws IOException {
    backend.checkOpen(path);
    return client;
  }
}
