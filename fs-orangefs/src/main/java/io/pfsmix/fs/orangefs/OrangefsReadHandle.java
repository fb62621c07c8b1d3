package io.pfsmix.fs.orangefs;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.ScratchBuffer;

/**
 * An OrangeFS file open for reading at explicit offsets. OrangeFS has no open files: each read names the file's
 * handle, so closing releases nothing on the servers.
 */
final class OrangefsReadHandle implements ReadHandle {

  private final OrangefsBackend backend;
  private final long handle;
  private final String path;
  private final ScratchBuffer scratch = new ScratchBuffer();

  OrangefsReadHandle(OrangefsBackend backend, long handle, String path) {
    this.backend = backend;
    this.handle = handle;
    this.path = path;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    if (!destination.hasRemaining()) {
      return 0;
    }
    backend.checkOpen(path);
    return scratch.read(position, destination, (at, buffer, offset, length) -> backend.calls().call("read at " + at,
        path, () -> (int) OrangefsClient.io(backend.fs(), handle, false, at, buffer, offset, length)));
  }

  @Override
  public long length() throws IOException {
    return backend.calls().call("getattr", path, () -> OrangefsClient.attributes(backend.fs(), handle, true).size());
  }

  @Override
  public void close() {
  }
}
