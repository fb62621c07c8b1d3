package io.pfsmix.trace.shim;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;

import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.trace.TraceContext;
import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.TraceRecorder;

/** A storage backend that records each of its calls, and each call on its handles, at the STORAGE trace point. */
final class TracingStorageBackend implements StorageBackend {

  private final StorageBackend backend;
  private final TraceRecorder recorder;
  private final EventContext baseContext;
  private final int baseContextId;

  TracingStorageBackend(StorageBackend backend, TraceRecorder recorder, EventContext baseContext) {
    this.backend = backend;
    this.recorder = recorder;
    this.baseContext = baseContext;
    this.baseContextId = recorder.contextId(baseContext);
  }

  @FunctionalInterface
  private interface IOCall<T> {
    T call() throws IOException;
  }

  private int contextId() {
    EventContext context = TraceContext.resolve(baseContext);
    return context == baseContext ? baseContextId : recorder.contextId(context);
  }

  private void record(long start, TraceOp op, int pathId, long offset, long length, long bytes, Throwable failure) {
    recorder.record(start, TraceRecorder.now(), op, TracePoint.STORAGE, pathId, offset, length, bytes,
        recorder.resultId(failure), contextId());
  }

  private <T> T traced(TraceOp op, String path, long length, IOCall<T> call) throws IOException {
    long start = TraceRecorder.now();
    int pathId = recorder.pathId(path);
    try {
      T result = call.call();
      long bytes = result instanceof List<?> list ? list.size()
          : result instanceof BlockLocation[] locations ? locations.length : TraceRecord.NONE;
      record(start, op, pathId, TraceRecord.NONE, length, bytes, null);
      return result;
    } catch (IOException | RuntimeException | Error e) {
      record(start, op, pathId, TraceRecord.NONE, length, TraceRecord.NONE, e);
      throw e;
    }
  }

  private void tracedVoid(TraceOp op, String path, long length, IOCall<Void> call) throws IOException {
    traced(op, path, length, call);
  }

  @Override
  public String name() {
    return backend.name();
  }

  @Override
  public Set<BackendCapability> capabilities() {
    return backend.capabilities();
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    return traced(TraceOp.GET_FILE_STATUS, path, TraceRecord.NONE, () -> backend.stat(path));
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    return traced(TraceOp.GET_FILE_STATUS, path, TraceRecord.NONE, () -> backend.statFollowingLinks(path));
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    return traced(TraceOp.LIST_STATUS, directory, TraceRecord.NONE, () -> backend.list(directory));
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    tracedVoid(TraceOp.MKDIRS, path, TraceRecord.NONE, () -> {
      backend.mkdir(path, permission);
      return null;
    });
  }

  @Override
  public void delete(String path) throws IOException {
    tracedVoid(TraceOp.DELETE, path, TraceRecord.NONE, () -> {
      backend.delete(path);
      return null;
    });
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    tracedVoid(TraceOp.RENAME, source, TraceRecord.NONE, () -> {
      backend.rename(source, destination);
      return null;
    });
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    ReadHandle handle = traced(TraceOp.OPEN, path, TraceRecord.NONE, () -> backend.openForRead(path));
    return new TracingReadHandle(handle, recorder.pathId(path));
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    WriteHandle handle = traced(TraceOp.CREATE, path, TraceRecord.NONE, () -> backend.create(path, options));
    return new TracingWriteHandle(handle, recorder.pathId(path));
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    WriteHandle handle = traced(TraceOp.APPEND, path, TraceRecord.NONE, () -> backend.openForAppend(path));
    return new TracingWriteHandle(handle, recorder.pathId(path));
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    WriteHandle handle =
        traced(TraceOp.OPEN_POSITIONED_WRITER, path, TraceRecord.NONE, () -> backend.openShared(path, options));
    return new TracingWriteHandle(handle, recorder.pathId(path));
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    tracedVoid(TraceOp.TRUNCATE, path, length, () -> {
      backend.truncate(path, length);
      return null;
    });
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    tracedVoid(TraceOp.CONCAT, target, sources.size(), () -> {
      backend.concat(target, sources);
      return null;
    });
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    tracedVoid(TraceOp.SET_TIMES, path, TraceRecord.NONE, () -> {
      backend.setTimes(path, modificationTimeMillis, accessTimeMillis);
      return null;
    });
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    tracedVoid(TraceOp.SET_PERMISSION, path, TraceRecord.NONE, () -> {
      backend.setPermission(path, permission);
      return null;
    });
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    tracedVoid(TraceOp.SET_OWNER, path, TraceRecord.NONE, () -> {
      backend.setOwner(path, user, group);
      return null;
    });
  }

  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    return traced(TraceOp.GET_XATTRS, path, TraceRecord.NONE, () -> backend.getXAttrs(path));
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    tracedVoid(TraceOp.SET_XATTR, path, TraceRecord.NONE, () -> {
      backend.setXAttr(path, name, value, create, replace);
      return null;
    });
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    tracedVoid(TraceOp.REMOVE_XATTR, path, TraceRecord.NONE, () -> {
      backend.removeXAttr(path, name);
      return null;
    });
  }

  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    return traced(TraceOp.GET_FILE_BLOCK_LOCATIONS, path, length,
        () -> backend.blockLocations(path, file, start, length));
  }

  @Override
  public FsStatus status() throws IOException {
    // a question about the whole file system, not I/O on a path: not a trace record
    return backend.status();
  }

  @Override
  public int preferredBufferSize(FileInfo file) {
    return backend.preferredBufferSize(file);
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return backend.allocateBuffer(capacity);
  }

  @Override
  public void close() throws IOException {
    backend.close();
  }

  @Override
  public String toString() {
    return "TracingStorageBackend(" + backend + ")";
  }

  /** Backend reads: what the read-ahead buffer fetched from storage. */
  private final class TracingReadHandle implements ReadHandle {
    private final ReadHandle handle;
    private final int pathId;

    TracingReadHandle(ReadHandle handle, int pathId) {
      this.handle = handle;
      this.pathId = pathId;
    }

    @Override
    public int read(long position, ByteBuffer destination) throws IOException {
      int length = destination.remaining();
      long start = TraceRecorder.now();
      try {
        int n = handle.read(position, destination);
        record(start, TraceOp.PREAD, pathId, position, length, n, null);
        return n;
      } catch (IOException | RuntimeException e) {
        record(start, TraceOp.PREAD, pathId, position, length, TraceRecord.NONE, e);
        throw e;
      }
    }

    @Override
    public long length() throws IOException {
      return handle.length();
    }

    @Override
    public void close() throws IOException {
      long start = TraceRecorder.now();
      try {
        handle.close();
        record(start, TraceOp.CLOSE, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
      } catch (IOException | RuntimeException e) {
        record(start, TraceOp.CLOSE, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, e);
        throw e;
      }
    }
  }

  /** Backend writes: what the write buffer sent to storage. */
  private final class TracingWriteHandle implements WriteHandle {
    private final WriteHandle handle;
    private final int pathId;

    TracingWriteHandle(WriteHandle handle, int pathId) {
      this.handle = handle;
      this.pathId = pathId;
    }

    @Override
    public void write(long position, ByteBuffer source) throws IOException {
      int length = source.remaining();
      long start = TraceRecorder.now();
      try {
        handle.write(position, source);
        record(start, TraceOp.PWRITE, pathId, position, length, length, null);
      } catch (IOException | RuntimeException e) {
        record(start, TraceOp.PWRITE, pathId, position, length, TraceRecord.NONE, e);
        throw e;
      }
    }

    @Override
    public void sync(boolean metadata) throws IOException {
      TraceOp op = metadata ? TraceOp.SYNC : TraceOp.DATASYNC;
      long start = TraceRecorder.now();
      try {
        handle.sync(metadata);
        record(start, op, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
      } catch (IOException | RuntimeException e) {
        record(start, op, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, e);
        throw e;
      }
    }

    @Override
    public long initialLength() {
      return handle.initialLength();
    }

    @Override
    public void close() throws IOException {
      long start = TraceRecorder.now();
      try {
        handle.close();
        record(start, TraceOp.CLOSE, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, null);
      } catch (IOException | RuntimeException e) {
        record(start, TraceOp.CLOSE, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, e);
        throw e;
      }
    }
  }
}
