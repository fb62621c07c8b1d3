package io.pfsmix.fs.qfs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;

import io.pfsmix.fs.backend.ScratchBuffer;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeCalls;

/**
 * A QFS file open for writing at explicit offsets. QFS's client buffers writes and sends them to the chunkservers
 * behind the caller; sync and close wait for them, so the servers' errors surface there instead of being lost. A
 * shared writer's handle owns its client, and disconnects it on close.
 */
final class QfsWriteHandle implements WriteHandle {

  /**
   * What QFS answers a writer whose chunk write lease another writer took: EBUSY, EINVAL ("invalid write id"), and
   * QFS's own EBADVERS, ELEASEEXPIRED and EALLOCFAILED (kfstypes.h).
   */
  private static final Set<Integer> LOST_LEASE = Set.of(16, 22, 1000, 1001, 1005);

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
    scratch.write(position, source, (at, buffer, offset, length) -> run("write at " + at,
        () -> QfsClient.pwrite(client(), fd, at, buffer, offset, length)));
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    run("sync", () -> QfsClient.sync(client(), fd));
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
        run("close", () -> QfsClient.close(client(), fd));
      } finally {
        if (ownsClient) {
          QfsClient.disconnect(client);
        }
      }
    }
  }

  /**
   * A shared writer's failure that QFS gives a writer which lost the chunk's write lease says that its retries ran
   * out, and which key sets them: QFS's own message ("Device or resource busy") does not.
   */
  private void run(String operation, NativeCalls.Action action) throws IOException {
    try {
      NativeCalls.run(QfsConfigKeys.BACKEND_NAME, operation, path, action);
    } catch (IOException e) {
      if (ownsClient && e.getCause() instanceof ErrnoException errno && LOST_LEASE.contains(errno.errno())) {
        throw new IOException(e.getMessage() + "; a shared writer retries while other writers of the file take"
            + " the chunk's write lease, " + backend.sharedWriterMaxRetries() + " times in a row at most ("
            + QfsConfigKeys.SHARED_WRITER_MAX_RETRIES + ")", e);
      }
      throw e;
    }
  }

  /** The handle's client, while the backend is open (the backend's own client ends with it). */
  private long client() throws IOException {
    backend.checkOpen(path);
    return client;
  }
}
