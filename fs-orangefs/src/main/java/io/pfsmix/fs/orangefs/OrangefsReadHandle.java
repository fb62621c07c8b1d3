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
    int length = destination.remaining();
    if (length == 0) {
      return 0;
    }
    backend.checkOpen(path);
    // the shim's buffers are direct (allocateBuffer); a caller's heap buffer goes through the scratch buffer
    ByteBuffer buffer = destination.isDirect() ? destination : scratch.take(length);
    int offset = buffer.position();
    int wanted = Math.min(length, buffer.capacity() - offset);
    int read = backend.calls().call("read at " + position, path,
        () -> (int) OrangefsClient.io(backend.fs(), handle, false, position, buffer, offset, wanted));
    if (read <= 0) {
      return -1;
    }
    if (buffer != destination) {
      destination.put(buffer.limit(read));
    } else {
      destination.position(offset + read);
    }
    return read;
  }

  @Override
  public long length() throws IOException {
    return backend.calls().call("getattr", path, () -> OrangefsClient.attributes(backend.fs(), handle, true).size());
  }

  @Override
  public void close() {
  }
}
