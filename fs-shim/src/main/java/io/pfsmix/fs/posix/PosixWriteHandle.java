package io.pfsmix.fs.posix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import io.pfsmix.fs.backend.WriteHandle;

/** pwrite(2) through a FileChannel, so several handles (and processes) can write one file at independent offsets. */
final class PosixWriteHandle implements WriteHandle {

  private final FileChannel channel;
  private final long initialLength;

  PosixWriteHandle(FileChannel channel, long initialLength) {
    this.channel = channel;
    this.initialLength = initialLength;
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    long at = position;
    while (source.hasRemaining()) {
      at += channel.write(source, at);
    }
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    channel.force(metadata);
  }

  @Override
  public long initialLength() {
    return initialLength;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
