package io.pfsmix.fs.backend;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/** Concat for a file system that has none: the sources' bytes copied to the target's end, then the sources deleted. */
public final class ConcatByCopy {

  private static final int BUFFER_BYTES = 4 << 20;

  private ConcatByCopy() {
  }

  public static void concat(StorageBackend backend, String target, List<String> sources) throws IOException {
    ByteBuffer buffer = backend.allocateBuffer(BUFFER_BYTES);
    try (WriteHandle out = backend.openForAppend(target)) {
      long position = out.initialLength();
      for (String source : sources) {
        try (ReadHandle in = backend.openForRead(source)) {
          long offset = 0;
          int read;
          while ((read = in.read(offset, buffer.clear())) > 0) {
            offset += read;
            out.write(position, buffer.flip());
            position += read;
          }
        }
      }
      out.sync(true);
    }
    // sources are deleted only once all bytes are in the target: a failure above loses nothing
    for (String source : sources) {
      backend.delete(source);
    }
  }
}
