package io.pfsmix.fs.posix;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;

import io.pfsmix.fs.backend.ReadHandle;

/**
 * pread(2) through a FileChannel (into a direct buffer one system call and no copy), or mmap(2) of a range where the file
 * system allows it.
 */
final class PosixReadHandle implements ReadHandle {

  private static final sun.misc.Unsafe UNSAFE = unsafe();

  private final FileChannel channel;
  private final String path;
  private final Mappability mappability;

  PosixReadHandle(FileChannel channel, String path, Mappability mappability) {
    this.channel = channel;
    this.path = path;
    this.mappability = mappability;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    return channel.read(destination, position);
  }

  @Override
  public boolean canMap() {
    return mappability.allowed();
  }

  @Override
  public ByteBuffer map(long position, int length) throws IOException {
    try {
      return channel.map(FileChannel.MapMode.READ_ONLY, position, length);
    } catch (ClosedChannelException e) {
      throw e;
    } catch (IOException e) {
      // mmap's own errors (ENODEV on a direct_io FUSE mount); a real I/O problem shows in the read that follows
      throw mappability.refuse(path, e);
    }
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
