package io.pfsmix.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ForwardingReadHandle;
import io.pfsmix.fs.backend.ForwardingStorageBackend;
import io.pfsmix.fs.backend.ForwardingWriteHandle;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendDecorator;
import io.pfsmix.fs.backend.WriteHandle;

/**
 * Counts the reads and writes that reach the real backend underneath, recording each read's offset and size. Install
 * it with {@code fs.pfs.backend.decorators = io.pfsmix.fs.CountingBackend$Decorator}.
 */
public final class CountingBackend extends ForwardingStorageBackend {

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

  private final List<Read> reads = new CopyOnWriteArrayList<>();
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong bytesWritten = new AtomicLong();
  private final AtomicLong syncs = new AtomicLong();
  private volatile int preferredBufferSize;

  public CountingBackend(StorageBackend delegate) {
    super(delegate);
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
    return new ForwardingReadHandle(delegate.openForRead(path)) {
      @Override
      public int read(long position, ByteBuffer destination) throws IOException {
        int requested = destination.remaining();
        int n = delegate.read(position, destination);
        reads.add(new Read(position, requested, n));
        return n;
      }
    };
  }

  private WriteHandle counted(WriteHandle handle) {
    return new ForwardingWriteHandle(handle) {
      @Override
      public void write(long position, ByteBuffer source) throws IOException {
        int n = source.remaining();
        delegate.write(position, source);
        writes.incrementAndGet();
        bytesWritten.addAndGet(n);
      }

      @Override
      public void sync(boolean metadata) throws IOException {
        delegate.sync(metadata);
        syncs.incrementAndGet();
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
  public int preferredBufferSize(FileInfo file) {
    return preferredBufferSize > 0 ? preferredBufferSize : delegate.preferredBufferSize(file);
  }

  /** Makes this backend prefer a read-ahead size, as a striped backend would (0: ask the real backend). */
  public void preferBufferSize(int size) {
    preferredBufferSize = size;
  }
}
