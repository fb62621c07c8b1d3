package io.pfsmix.trace.shim;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.permission.FsPermission;

import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ForwardingReadHandle;
import io.pfsmix.fs.backend.ForwardingStorageBackend;
import io.pfsmix.fs.backend.ForwardingWriteHandle;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.trace.CallTracer;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TraceRecord;

/**
 * A storage backend that records each of its calls, and each call on its handles, at the STORAGE trace point. Calls
 * about the whole file system (name, capabilities, status, buffers) are not I/O on a path and pass through untraced.
 */
final class TracingStorageBackend extends ForwardingStorageBackend {

  private static final long NONE = TraceRecord.NONE;

  private final CallTracer tracer;

  TracingStorageBackend(StorageBackend backend, CallTracer tracer) {
    super(backend);
    this.tracer = tracer;
  }

  private <T> T traced(TraceOp op, String path, long length, CallTracer.Call<T> call) throws IOException {
    return tracer.traced(op, tracer.pathId(path), NONE, length, call, null);
  }

  private void traced(TraceOp op, String path, long length, CallTracer.VoidCall call) throws IOException {
    tracer.traced(op, tracer.pathId(path), NONE, length, NONE, call);
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    return traced(TraceOp.GET_FILE_STATUS, path, NONE, () -> delegate.stat(path));
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    return traced(TraceOp.GET_FILE_STATUS, path, NONE, () -> delegate.statFollowingLinks(path));
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    return tracer.traced(TraceOp.LIST_STATUS, tracer.pathId(directory), NONE, NONE, () -> delegate.list(directory),
        List::size);
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    traced(TraceOp.MKDIRS, path, NONE, () -> delegate.mkdir(path, permission));
  }

  @Override
  public void delete(String path) throws IOException {
    traced(TraceOp.DELETE, path, NONE, () -> delegate.delete(path));
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    traced(TraceOp.RENAME, source, NONE, () -> delegate.rename(source, destination));
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    ReadHandle handle = traced(TraceOp.OPEN, path, NONE, () -> delegate.openForRead(path));
    return tracedReads(handle, tracer.pathId(path));
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    return tracedWriter(TraceOp.CREATE, path, () -> delegate.create(path, options));
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    return tracedWriter(TraceOp.APPEND, path, () -> delegate.openForAppend(path));
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    return tracedWriter(TraceOp.OPEN_POSITIONED_WRITER, path, () -> delegate.openShared(path, options));
  }

  private WriteHandle tracedWriter(TraceOp op, String path, CallTracer.Call<WriteHandle> open) throws IOException {
    return tracedWrites(traced(op, path, NONE, open), tracer.pathId(path));
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    traced(TraceOp.TRUNCATE, path, length, () -> delegate.truncate(path, length));
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    traced(TraceOp.CONCAT, target, sources.size(), () -> delegate.concat(target, sources));
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    traced(TraceOp.SET_TIMES, path, NONE, () -> delegate.setTimes(path, modificationTimeMillis, accessTimeMillis));
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    traced(TraceOp.SET_PERMISSION, path, NONE, () -> delegate.setPermission(path, permission));
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    traced(TraceOp.SET_OWNER, path, NONE, () -> delegate.setOwner(path, user, group));
  }

  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    return traced(TraceOp.GET_XATTRS, path, NONE, () -> delegate.getXAttrs(path));
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    traced(TraceOp.SET_XATTR, path, NONE, () -> delegate.setXAttr(path, name, value, create, replace));
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    traced(TraceOp.REMOVE_XATTR, path, NONE, () -> delegate.removeXAttr(path, name));
  }

  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    return tracer.traced(TraceOp.GET_FILE_BLOCK_LOCATIONS, tracer.pathId(path), NONE, length,
        () -> delegate.blockLocations(path, file, start, length), locations -> locations.length);
  }

  /** Backend reads: what the read-ahead buffer fetched from storage. */
  private ReadHandle tracedReads(ReadHandle handle, int pathId) {
    return new ForwardingReadHandle(handle) {
      @Override
      public int read(long position, ByteBuffer destination) throws IOException {
        return tracer.transfer(TraceOp.PREAD, pathId, position, delegate, destination, 0, destination.remaining(),
            (from, at, buffer, offset, length) -> from.read(at, buffer));
      }

      @Override
      public void close() throws IOException {
        tracer.traced(TraceOp.CLOSE, pathId, NONE, NONE, NONE, delegate::close);
      }
    };
  }

  /** Backend writes: what the write buffer sent to storage. */
  private WriteHandle tracedWrites(WriteHandle handle, int pathId) {
    return new ForwardingWriteHandle(handle) {
      @Override
      public void write(long position, ByteBuffer source) throws IOException {
        tracer.transferWhole(TraceOp.PWRITE, pathId, position, delegate, source, 0, source.remaining(),
            (to, at, buffer, offset, length) -> to.write(at, buffer));
      }

      @Override
      public void sync(boolean metadata) throws IOException {
        tracer.traced(metadata ? TraceOp.SYNC : TraceOp.DATASYNC, pathId, NONE, NONE, NONE,
            () -> delegate.sync(metadata));
      }

      @Override
      public void close() throws IOException {
        tracer.traced(TraceOp.CLOSE, pathId, NONE, NONE, NONE, delegate::close);
      }
    };
  }
}
