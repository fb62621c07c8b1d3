package io.pfsmix.fs.posix;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import io.pfsmix.fs.backend.ReadHandle;

/** pread(2) through a FileChannel (into a direct buffer one system call and no copy), or mmap(2) of a range. */
final class PosixReadHandle implements ReadHandle {

  private static final sun.misc.Unsafe UNSAFE = unsafe();

  private final FileChannel channel;

  PosixReadHandle(FileChannel channel) {
    this.channel = channel;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    return channel.read(destination, position);
  }

  @Override
  public boolean canMap() {
    return true;
  }

  @Override
  public ByteBuffer map(long position, int length) throws IOException {
    return channel.map(FileChannel.MapMode.READ_ONLY, position, length);
  }

  @Override
  public void unmap(ByteBuffer mapping) {
    // Java 17 has no public unmap; without it each mapping lives until a GC, and a long read would pile up thousands
    UNSAFE.invokeCleaner(mapping);
  }

  @Override
  public long length() throws IOException {
    return channel.size();
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  private static sun.misc.Unsafe unsafe() {
    try {
      Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      field.setAccessible(true);
      return (sun.misc.Unsafe) field.get(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
