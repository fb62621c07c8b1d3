package io.pfsmix.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;

import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendDecorator;
import io.pfsmix.fs.backend.WriteHandle;

/**
 * Counts the reads and writes that reach the real backend underneath, recording each read's offset and size. Install
 * it with {@code fs.pfs.backend.decorators = io.pfsmix.fs.CountingBackend$Decorator}.
 */
public final class CountingBackend implements StorageBackend {

  /** The decorator that wraps a file system's backend. */
  public static final class Decorator implements StorageBackendDecorator {
    @Override
    public StorageBackend decorate(StorageBackend backend, Configuration conf) {
      return new CountingBackend(backend);
    }
  }

  /** One backend read: where, how much was asked, how much came back. */
  public record Read(long offset, int requested, int returned) {
  }

  private final StorageBackend delegate;
  private final List<Read> reads = new CopyOnWriteArrayList<>();
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong bytesWritten = new AtomicLong();
  private final AtomicLong syncs = new AtomicLong();
  private volatile int preferredBufferSize;

  public CountingBackend(StorageBackend delegate) {
    this.delegate = delegate;
  }

  public static CountingBackend of(PfsFileSystem fs) {
    return (CountingBackend) fs.getBackend();
  }

  public List<Read> reads() {
    return List.copyOf(reads);
  }

  public long readBytes() {
    return reads.stream().mapToLong(r -> Math.max(r.returned(), 0)).sum();
  }

  public long writes() {
    return writes.get();
  }

  public long bytesWritten() {
    return bytesWritten.get();
  }

  public long syncs() {
    return syncs.get();
  }

  public void reset() {
    reads.clear();
    writes.set(0);
    bytesWritten.set(0);
    syncs.set(0);
    preferredBufferSize = 0;
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    ReadHandle handle = delegate.openForRead(path);
    return new ReadHandle() {
      @Override
      public int read(long position, ByteBuffer destination) throws IOException {
        int requested = destination.remaining();
        int n = handle.read(position, destination);
        reads.add(new Read(position, requested, n));
        return n;
      }

      @Override
      public long length() throws IOException {
        return handle.length();
      }

      @Override
      public void close() throws IOException {
        handle.close();
      }
    };
  }

  private WriteHandle counted(WriteHandle handle) {
    return new WriteHandle() {
      @Override
      public void write(long position, ByteBuffer source) throws IOException {
        int n = source.remaining();
        handle.write(position, source);
        writes.incrementAndGet();
        bytesWritten.addAndGet(n);
      }

      @Override
      public void sync(boolean metadata) throws IOException {
        handle.sync(metadata);
        syncs.incrementAndGet();
      }

      @Override
      public long initialLength() {
        return handle.initialLength();
      }

      @Override
      public void close() throws IOException {
        handle.close();
      }
    };
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    return counted(delegate.create(path, options));
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    return counted(delegate.openForAppend(path));
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    return counted(delegate.openShared(path, options));
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public Set<BackendCapability> capabilities() {
    return delegate.capabilities();
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    return delegate.stat(path);
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    return delegate.statFollowingLinks(path);
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    return delegate.list(directory);
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    delegate.mkdir(path, permission);
  }

  @Override
  public void delete(String path) throws IOException {
    delegate.delete(path);
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    delegate.rename(source, destination);
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    delegate.truncate(path, length);
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    delegate.concat(target, sources);
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    delegate.setTimes(path, modificationTimeMillis, accessTimeMillis);
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    delegate.setPermission(path, permission);
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    delegate.setOwner(path, user, group);
  }

  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    return delegate.getXAttrs(path);
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    delegate.setXAttr(path, name, value, create, replace);
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    delegate.removeXAttr(path, name);
  }

  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    return delegate.blockLocations(path, file, start, length);
  }

  @Override
  public FsStatus status() throws IOException {
    return delegate.status();
  }

  @Override
  public int preferredBufferSize(FileInfo file) {
    return preferredBufferSize > 0 ? preferredBufferSize : delegate.preferredBufferSize(file);
  }

  /** Makes this backend prefer a read-ahead size, as a striped backend would (0: ask the real backend). */
  public void preferBufferSize(int size) {
    preferredBufferSize = size;
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return delegate.allocateBuffer(capacity);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
