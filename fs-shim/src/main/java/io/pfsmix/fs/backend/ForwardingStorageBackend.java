package io.pfsmix.fs.backend;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * A backend that passes every call to another one: the base of {@link StorageBackendDecorator}s, which override only
 * the calls they watch or change. Its handles are {@link ForwardingReadHandle} and {@link ForwardingWriteHandle}.
 */
public abstract class ForwardingStorageBackend implements StorageBackend {

  protected final StorageBackend delegate;

  protected ForwardingStorageBackend(StorageBackend delegate) {
    this.delegate = delegate;
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
  public ReadHandle openForRead(String path) throws IOException {
    return delegate.openForRead(path);
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    return delegate.create(path, options);
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    return delegate.openForAppend(path);
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    return delegate.openShared(path, options);
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
    return delegate.preferredBufferSize(file);
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return delegate.allocateBuffer(capacity);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(" + delegate + ")";
  }
}
