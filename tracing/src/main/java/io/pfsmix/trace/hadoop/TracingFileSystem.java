package io.pfsmix.trace.hadoop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToLongFunction;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsServerDefaults;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.FutureDataInputStreamBuilder;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.impl.OpenFileParameters;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclStatus;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.Progressable;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.api.PositionedWriteFileSystem;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;
import io.pfsmix.trace.CallTracer;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.TraceContext;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.TraceRecorder;

/**
 * Wraps any Hadoop FileSystem and records every file-system and stream call at the APPLICATION trace point. Switched
 * on by configuration alone: bind a scheme to this class ({@code fs.<scheme>.impl}) and, unless Hadoop's service loader
 * already knows the real class, name it in {@code pfsmix.trace.wrapped.<scheme>.impl}. Jobs keep their paths and code.
 *
 * <p>Streams are wrapped so that positioned reads, vectored reads, byte-buffer reads, hflush/hsync, stream
 * capabilities and IOStatistics keep working; the positioned-write extension of the pfs shim is delegated and traced.
 * Each record's context is the task in this instance's configuration ({@code mapreduce.job.id},
 * {@code mapreduce.task.attempt.id}) unless the calling thread is marked through {@link TraceContext}.
 */
public class TracingFileSystem extends FileSystem implements PositionedWriteFileSystem, IOStatisticsSource {

  private FileSystem fs;
  private URI uri;
  /** Null when the APPLICATION point is off: calls pass straight through. */
  private CallTracer tracer;

  public TracingFileSystem() {
  }

  /** Traces {@code wrapped} (not yet initialized; {@link #initialize} initializes it) instead of a configured class. */
  public TracingFileSystem(FileSystem wrapped) {
    this.fs = wrapped;
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    String scheme = name.getScheme();
    if (scheme == null) {
      throw new IOException("TracingFileSystem needs a URI with a scheme, got " + name);
    }
    if (fs == null) {
      fs = newWrapped(scheme, conf);
    }
    fs.initialize(name, conf);
    uri = fs.getUri();
    setConf(conf);
    PfsConfigValues values = PfsConfigValues.of(conf);
    if (values.bool(TraceConfigKeys.ENABLED, TraceConfigKeys.ENABLED_DEFAULT)
        && values.bool(TraceConfigKeys.APPLICATION_ENABLED, TraceConfigKeys.APPLICATION_ENABLED_DEFAULT)) {
      tracer = TraceRecorders.tracer(conf, TracePoint.APPLICATION);
    }
  }

  /** Instantiates the wrapped class: the configured one, else the one Hadoop's service loader has for the scheme. */
  private static FileSystem newWrapped(String scheme, Configuration conf) throws IOException {
    String key = TraceConfigKeys.wrappedImplKey(scheme);
    Class<?> wrapped;
    try {
      wrapped = conf.getClass(key, null);
    } catch (RuntimeException e) {
      throw new IOException(key + " names a class that cannot be loaded: " + conf.get(key), e);
    }
    if (wrapped == null) {
      Configuration lookup = new Configuration(conf);
      lookup.unset("fs." + scheme + ".impl");
      try {
        wrapped = FileSystem.getFileSystemClass(scheme, lookup);
      } catch (IOException e) {
        throw new IOException("no FileSystem to trace for scheme \"" + scheme + "\": set " + key
            + " to the FileSystem class to wrap", e);
      }
    }
    if (TracingFileSystem.class.isAssignableFrom(wrapped)) {
      throw new IOException(key + " names " + wrapped.getName() + " itself: name the FileSystem class to trace");
    }
    if (!FileSystem.class.isAssignableFrom(wrapped)) {
      throw new IOException(key + " = " + wrapped.getName() + " is not a org.apache.hadoop.fs.FileSystem");
    }
    try {
      return (FileSystem) wrapped.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IOException("cannot instantiate " + wrapped.getName() + " named by " + key, e);
    }
  }

  /** The file system this one traces. */
  public FileSystem getWrappedFileSystem() {
    return fs;
  }

  /** The recorder, or null when the APPLICATION trace point is off. */
  TraceRecorder recorder() {
    return tracer == null ? null : tracer.recorder();
  }

  // ----- tracing helpers

  private int pathId(Path path) {
    return tracer.pathId(path == null ? null : fs.makeQualified(path).toString());
  }

  /** @param bytesOf the bytes a result reports, or null for none */
  private <T> T traced(TraceOp op, Path path, long offset, long length, CallTracer.Call<T> call,
      ToLongFunction<? super T> bytesOf) throws IOException {
    return tracer == null ? call.call() : tracer.traced(op, pathId(path), offset, length, call, bytesOf);
  }

  private <T> T traced(TraceOp op, Path path, CallTracer.Call<T> call) throws IOException {
    return traced(op, path, TraceRecord.NONE, TraceRecord.NONE, call, null);
  }

  private void traced(TraceOp op, Path path, CallTracer.VoidCall call) throws IOException {
    if (tracer == null) {
      call.run();
    } else {
      tracer.traced(op, pathId(path), TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, call);
    }
  }

  private static long bool(Boolean value) {
    return value ? 1 : 0;
  }

  private FSDataInputStream wrapInput(Path path, FSDataInputStream in) {
    return tracer == null ? in : new FSDataInputStream(new TracingInputStream(in, tracer, pathId(path)));
  }

  private FSDataOutputStream wrapOutput(Path path, FSDataOutputStream out) {
    if (tracer == null) {
      return out;
    }
    return new FSDataOutputStream(new TracingOutputStream(out, tracer, pathId(path)), null, out.getPos());
  }

  // ----- FileSystem

  @Override
  public String getScheme() {
    return uri.getScheme();
  }

  @Override
  public URI getUri() {
    return uri;
  }

  @Override
  public String getCanonicalServiceName() {
    return fs.getCanonicalServiceName();
  }

  @Override
  public Token<?> getDelegationToken(String renewer) throws IOException {
    return fs.getDelegationToken(renewer);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return wrapInput(f, traced(TraceOp.OPEN, f, TraceRecord.NONE, bufferSize, () -> fs.open(f, bufferSize), null));
  }

  /**
   * {@code openFile(path).build()} lands here (FileSystem's builder is bound to this instance): the open goes through
   * the wrapped file system's builder with the same options, and the stream gets wrapped.
   */
  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(Path path, OpenFileParameters parameters)
      throws IOException {
    long start = TraceRecorder.now();
    FutureDataInputStreamBuilder builder = fs.openFile(path);
    Configuration options = parameters.getOptions();
    for (Map.Entry<String, String> option : options) {
      if (parameters.getMandatoryKeys().contains(option.getKey())) {
        builder.must(option.getKey(), option.getValue());
      } else {
        builder.opt(option.getKey(), option.getValue());
      }
    }
    if (parameters.getStatus() != null) {
      builder.withFileStatus(parameters.getStatus());
    }
    CompletableFuture<FSDataInputStream> opened = builder.build();
    if (tracer == null) {
      return opened;
    }
    int contextId = tracer.contextId();
    int pathId = pathId(path);
    return opened.handle((in, failure) -> {
      Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
          ? failure.getCause() : failure;
      tracer.record(start, TraceOp.OPEN_FILE, pathId, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, cause,
          contextId);
      if (failure != null) {
        throw failure instanceof java.util.concurrent.CompletionException ce ? ce
            : new java.util.concurrent.CompletionException(failure);
      }
      return new FSDataInputStream(new TracingInputStream(in, tracer, pathId));
    });
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
      short replication, long blockSize, Progressable progress) throws IOException {
    return wrapOutput(f, traced(TraceOp.CREATE, f, TraceRecord.NONE, TraceRecord.NONE,
        () -> fs.create(f, permission, overwrite, bufferSize, replication, blockSize, progress), null));
  }

  @Override
  public FSDataOutputStream createNonRecursive(Path f, FsPermission permission, EnumSet<CreateFlag> flags,
      int bufferSize, short replication, long blockSize, Progressable progress) throws IOException {
    return wrapOutput(f, traced(TraceOp.CREATE_NON_RECURSIVE, f, TraceRecord.NONE, TraceRecord.NONE,
        () -> fs.createNonRecursive(f, permission, flags, bufferSize, replication, blockSize, progress), null));
  }

  @Override
  public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) throws IOException {
    return wrapOutput(f, traced(TraceOp.APPEND, f, TraceRecord.NONE, TraceRecord.NONE,
        () -> fs.append(f, bufferSize, progress), null));
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    return traced(TraceOp.RENAME, src, TraceRecord.NONE, TraceRecord.NONE, () -> fs.rename(src, dst),
        TracingFileSystem::bool);
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    return traced(TraceOp.DELETE, f, TraceRecord.NONE, recursive ? 1 : 0, () -> fs.delete(f, recursive),
        TracingFileSystem::bool);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws FileNotFoundException, IOException {
    return traced(TraceOp.LIST_STATUS, f, TraceRecord.NONE, TraceRecord.NONE, () -> fs.listStatus(f),
        statuses -> statuses.length);
  }

  @Override
  public RemoteIterator<FileStatus> listStatusIterator(Path p) throws FileNotFoundException, IOException {
    return traced(TraceOp.LIST_STATUS, p, () -> fs.listStatusIterator(p));
  }

  @Override
  protected RemoteIterator<LocatedFileStatus> listLocatedStatus(Path f, PathFilter filter) throws IOException {
    RemoteIterator<LocatedFileStatus> all = traced(TraceOp.LIST_LOCATED_STATUS, f, () -> fs.listLocatedStatus(f));
    return new RemoteIterator<>() {
      private LocatedFileStatus next;

      @Override
      public boolean hasNext() throws IOException {
        while (next == null && all.hasNext()) {
          LocatedFileStatus candidate = all.next();
          if (filter.accept(candidate.getPath())) {
            next = candidate;
          }
        }
        return next != null;
      }

      @Override
      public LocatedFileStatus next() throws IOException {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException("no more entries under " + f);
        }
        LocatedFileStatus result = next;
        next = null;
        return result;
      }
    };
  }

  @Override
  public void setWorkingDirectory(Path newDir) {
    fs.setWorkingDirectory(newDir);
  }

  @Override
  public Path getWorkingDirectory() {
    return fs.getWorkingDirectory();
  }

  @Override
  public Path getHomeDirectory() {
    return fs.getHomeDirectory();
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    return traced(TraceOp.MKDIRS, f, TraceRecord.NONE, TraceRecord.NONE, () -> fs.mkdirs(f, permission),
        TracingFileSystem::bool);
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    return traced(TraceOp.GET_FILE_STATUS, f, () -> fs.getFileStatus(f));
  }

  @Override
  public FileStatus getFileLinkStatus(Path f) throws IOException {
    return traced(TraceOp.GET_FILE_LINK_STATUS, f, () -> fs.getFileLinkStatus(f));
  }

  @Override
  public boolean supportsSymlinks() {
    return fs.supportsSymlinks();
  }

  @Override
  public void createSymlink(Path target, Path link, boolean createParent) throws IOException {
    traced(TraceOp.CREATE_SYMLINK, link, () -> fs.createSymlink(target, link, createParent));
  }

  @Override
  public Path getLinkTarget(Path f) throws IOException {
    return fs.getLinkTarget(f);
  }

  @Override
  public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len) throws IOException {
    return traced(TraceOp.GET_FILE_BLOCK_LOCATIONS, file == null ? null : file.getPath(), start, len,
        () -> fs.getFileBlockLocations(file, start, len), locations -> locations == null ? 0 : locations.length);
  }

  @Override
  public BlockLocation[] getFileBlockLocations(Path p, long start, long len) throws IOException {
    return traced(TraceOp.GET_FILE_BLOCK_LOCATIONS, p, start, len, () -> fs.getFileBlockLocations(p, start, len),
        locations -> locations == null ? 0 : locations.length);
  }

  @Override
  public void concat(Path trg, Path[] psrcs) throws IOException {
    if (tracer == null) {
      fs.concat(trg, psrcs);
    } else {
      tracer.traced(TraceOp.CONCAT, pathId(trg), TraceRecord.NONE, psrcs.length, TraceRecord.NONE,
          () -> fs.concat(trg, psrcs));
    }
  }

  @Override
  public boolean truncate(Path f, long newLength) throws IOException {
    return traced(TraceOp.TRUNCATE, f, TraceRecord.NONE, newLength, () -> fs.truncate(f, newLength),
        TracingFileSystem::bool);
  }

  @Override
  public void setTimes(Path p, long mtime, long atime) throws IOException {
    traced(TraceOp.SET_TIMES, p, () -> fs.setTimes(p, mtime, atime));
  }

  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    traced(TraceOp.SET_PERMISSION, p, () -> fs.setPermission(p, permission));
  }

  @Override
  public void setOwner(Path p, String username, String groupname) throws IOException {
    traced(TraceOp.SET_OWNER, p, () -> fs.setOwner(p, username, groupname));
  }

  @Override
  public boolean setReplication(Path src, short replication) throws IOException {
    return traced(TraceOp.SET_REPLICATION, src, TraceRecord.NONE, replication, () -> fs.setReplication(src,
        replication), TracingFileSystem::bool);
  }

  @Override
  public ContentSummary getContentSummary(Path f) throws IOException {
    return traced(TraceOp.GET_CONTENT_SUMMARY, f, TraceRecord.NONE, TraceRecord.NONE, () -> fs.getContentSummary(f),
        ContentSummary::getLength);
  }

  @Override
  public FileChecksum getFileChecksum(Path f) throws IOException {
    return traced(TraceOp.GET_FILE_CHECKSUM, f, () -> fs.getFileChecksum(f));
  }

  @Override
  public FileChecksum getFileChecksum(Path f, long length) throws IOException {
    return traced(TraceOp.GET_FILE_CHECKSUM, f, TraceRecord.NONE, length, () -> fs.getFileChecksum(f, length), null);
  }

  @Override
  public void setVerifyChecksum(boolean verifyChecksum) {
    fs.setVerifyChecksum(verifyChecksum);
  }

  @Override
  public void setWriteChecksum(boolean writeChecksum) {
    fs.setWriteChecksum(writeChecksum);
  }

  @Override
  public byte[] getXAttr(Path path, String name) throws IOException {
    return traced(TraceOp.GET_XATTRS, path, () -> fs.getXAttr(path, name));
  }

  @Override
  public Map<String, byte[]> getXAttrs(Path path) throws IOException {
    return traced(TraceOp.GET_XATTRS, path, () -> fs.getXAttrs(path));
  }

  @Override
  public Map<String, byte[]> getXAttrs(Path path, List<String> names) throws IOException {
    return traced(TraceOp.GET_XATTRS, path, () -> fs.getXAttrs(path, names));
  }

  @Override
  public List<String> listXAttrs(Path path) throws IOException {
    return traced(TraceOp.GET_XATTRS, path, () -> fs.listXAttrs(path));
  }

  @Override
  public void setXAttr(Path path, String name, byte[] value, EnumSet<XAttrSetFlag> flag) throws IOException {
    traced(TraceOp.SET_XATTR, path, () -> fs.setXAttr(path, name, value, flag));
  }

  @Override
  public void removeXAttr(Path path, String name) throws IOException {
    traced(TraceOp.REMOVE_XATTR, path, () -> fs.removeXAttr(path, name));
  }

  @Override
  public void access(Path path, FsAction mode) throws AccessControlException, FileNotFoundException, IOException {
    fs.access(path, mode);
  }

  @Override
  public AclStatus getAclStatus(Path path) throws IOException {
    return fs.getAclStatus(path);
  }

  @Override
  public void setAcl(Path path, List<AclEntry> aclSpec) throws IOException {
    fs.setAcl(path, aclSpec);
  }

  @Override
  public void modifyAclEntries(Path path, List<AclEntry> aclSpec) throws IOException {
    fs.modifyAclEntries(path, aclSpec);
  }

  @Override
  public void removeAclEntries(Path path, List<AclEntry> aclSpec) throws IOException {
    fs.removeAclEntries(path, aclSpec);
  }

  @Override
  public void removeDefaultAcl(Path path) throws IOException {
    fs.removeDefaultAcl(path);
  }

  @Override
  public void removeAcl(Path path) throws IOException {
    fs.removeAcl(path);
  }

  @Override
  public FsStatus getStatus(Path p) throws IOException {
    return fs.getStatus(p);
  }

  @Override
  public long getDefaultBlockSize(Path f) {
    return fs.getDefaultBlockSize(f);
  }

  /** Deprecated in Hadoop, yet still called by older code: delegated so it answers as the wrapped file system. */
  @Override
  @Deprecated
  public long getDefaultBlockSize() {
    return fs.getDefaultBlockSize();
  }

  @Override
  public short getDefaultReplication(Path path) {
    return fs.getDefaultReplication(path);
  }

  /** Deprecated in Hadoop, yet still called by older code: delegated so it answers as the wrapped file system. */
  @Override
  @Deprecated
  public short getDefaultReplication() {
    return fs.getDefaultReplication();
  }

  @Override
  public FsServerDefaults getServerDefaults(Path p) throws IOException {
    return fs.getServerDefaults(p);
  }

  @Override
  public long getUsed() throws IOException {
    return fs.getUsed();
  }

  @Override
  public Path getTrashRoot(Path path) {
    return fs.getTrashRoot(path);
  }

  @Override
  public Path getEnclosingRoot(Path path) throws IOException {
    return fs.getEnclosingRoot(path);
  }

  @Override
  public void msync() throws IOException {
    fs.msync();
  }

  @Override
  public FileSystem[] getChildFileSystems() {
    return new FileSystem[] {fs};
  }

  @Override
  public boolean hasPathCapability(Path path, String capability) throws IOException {
    return fs.hasPathCapability(path, capability);
  }

  @Override
  public IOStatistics getIOStatistics() {
    return fs instanceof IOStatisticsSource source ? source.getIOStatistics() : null;
  }

  /** Delegates to the wrapped file system's positioned-write extension and traces the writer's calls. */
  @Override
  public PositionedWriter openPositionedWriter(Path path) throws IOException {
    PositionedWriter writer = traced(TraceOp.OPEN_POSITIONED_WRITER, path, () -> PositionedWrites.open(fs, path));
    return tracer == null ? writer : new TracingPositionedWriter(writer, tracer, pathId(path));
  }

  @Override
  public void close() throws IOException {
    try (FileSystem wrapped = fs) {
      super.close();
    }
  }

  @Override
  public String toString() {
    return "TracingFileSystem(" + fs + ")";
  }
}
