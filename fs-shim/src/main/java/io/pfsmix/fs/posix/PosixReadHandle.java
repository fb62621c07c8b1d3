package io.pfsmix.fs.posix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import io.pfsmix.fs.backend.ReadHandle;

/** pread(2) through a FileChannel: into a direct buffer it is one system call and no copy. */
final class PosixReadHandle implements ReadHandle {

  private final FileChannel channel;

  PosixReadHandle(FileChannel channel) {
    this.channel = channel;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    return channel.read(destination, position);
  }

  @Override
  public long length() throws IOException {
    return channel.size();
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
