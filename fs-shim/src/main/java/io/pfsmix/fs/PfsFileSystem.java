package io.pfsmix.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.HadoopIllegalArgumentException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.Options.OpenFileOptions;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.impl.AbstractFSBuilderImpl;
import org.apache.hadoop.fs.impl.OpenFileParameters;
import org.apache.hadoop.fs.impl.PathCapabilitiesSupport;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.StoreStatisticNames;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.util.LambdaUtils;
import org.apache.hadoop.util.Progressable;

import io.pfsmix.fs.api.PositionedWriteFileSystem;
import io.pfsmix.fs.api.PositionedWriteUnsupportedException;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;

/**
 * The Hadoop FileSystem for {@code pfs://}: Hadoop's semantics (qualified paths, recursive mkdirs and delete, rename
 * into directories, the exceptions of the FileSystem specification), read-ahead and write-behind buffering, statistics
 * and the jail's path normalisation, over a thin {@link StorageBackend} chosen by {@code fs.pfs.backend}.
 */
public class PfsFileSystem extends FileSystem implements PositionedWriteFileSystem, IOStatisticsSource {

  private final String scheme;
  /** The backend the scheme is fixed to, or null for the one fs.pfs.backend names. */
  private final String fixedBackend;
  private URI uri;
  private Path workingDirectory;
  private StorageBackend backend;
  private IOStatisticsStore statistics;
  /** Read-ahead buffers for reuse, by size: the configured, the random-read and the backend's preferred sizes. */
  private final Map<Integer, ReadBufferPool> readBuffers = new ConcurrentHashMap<>();
  private PfsStreamSettings settings;

  /** {@code pfs://}, over the backend {@code fs.pfs.backend} names. */
  public PfsFileSystem() {
    this(PfsConfigKeys.SCHEME, null);
  }

  /**
   * A scheme of its own for one backend ({@code ceph://}, {@code ofs://}): this file system fixed to that backend,
   * with the same Hadoop semantics, buffering and statistics as {@code pfs://}, whatever {@code fs.pfs.backend} says.
   * A URI's authority is kept (it keys Hadoop's FileSystem cache) but chooses nothing: the backend's keys do.
   */
  protected PfsFileSystem(String scheme, String backend) {
    this.scheme = scheme;
    this.fixedBackend = backend;
  }

  @Override
  public void initialize(URI name, Configuration given) throws IOException {
    Configuration conf = PfsSystemDefaults.apply(given);
    if (fixedBackend != null) {
      conf = new Configuration(conf);
      conf.set(PfsConfigKeys.BACKEND, fixedBackend);
    }
    super.initialize(name, conf);
    setConf(conf);
    String authority = name.getAuthority();
    uri = URI.create(scheme + "://" + (authority == null ? "" : authority) + "/");
    settings = PfsStreamSettings.of(conf);
    backend = BackendLoader.load(uri, conf);
    statistics = IOStatisticsBinding.iostatisticsStore()
        .withCounters(StoreStatisticNames.OP_OPEN, StoreStatisticNames.OP_CREATE, StoreStatisticNames.OP_APPEND,
            StoreStatisticNames.OP_DELETE, StoreStatisticNames.OP_RENAME, StoreStatisticNames.OP_MKDIRS,
            StoreStatisticNames.OP_LIST_STATUS, StoreStatisticNames.OP_GET_FILE_STATUS,
            StoreStatisticNames.OP_TRUNCATE, StoreStatisticNames.OP_SET_TIMES, StoreStatisticNames.OP_SET_PERMISSION,
            StoreStatisticNames.OP_SET_OWNER, StreamStatisticNames.STREAM_READ_BYTES,
            StreamStatisticNames.STREAM_WRITE_BYTES, PfsStatisticNames.BACKEND_READ_OPERATIONS,
            PfsStatisticNames.BACKEND_READ_BYTES, PfsStatisticNames.READAHEAD_HITS, PfsStatisticNames.READAHEAD_MISSES,
            PfsStatisticNames.BACKEND_WRITE_OPERATIONS, PfsStatisticNames.BACKEND_WRITE_BYTES)
        .build();
    workingDirectory = getHomeDirectory();
  }

  /** The backend this file system talks to (after decorators), for tools and tests that inspect it. */
  public StorageBackend getBackend() {
    return backend;
  }

  @Override
  public FsStatus getStatus(Path p) throws IOException {
    // one backend root is one file system: the same answer for every path under it
    return backend.status();
  }

  @Override
  public String getScheme() {
    return scheme;
  }

  @Override
  public URI getUri() {
    return uri;
  }

  @Override
  public String getCanonicalServiceName() {
    // no delegation tokens: the parallel file system authenticates by the POSIX identity of the process
    return null;
  }

  @Override
  public Path getWorkingDirectory() {
    return workingDirectory;
  }

  @Override
  public void setWorkingDirectory(Path directory) {
    workingDirectory = makeQualified(directory);
  }

  @Override
  public long getDefaultBlockSize(Path path) {
    return settings.defaultBlockSize();
  }

  /** Replication is the parallel file system's business (RAID, pool replicas); Hadoop sees one copy. */
  @Override
  public short getDefaultReplication(Path path) {
    return 1;
  }

  // ---- reading ----

  @Override
  public FSDataInputStream open(Path file, int bufferSize) throws IOException {
    return open(file, null, -1, PfsReadPolicy.SEQUENTIAL, 0);
  }

  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(Path file, OpenFileParameters parameters)
      throws IOException {
    Set<String> known = new HashSet<>(OpenFileOptions.FS_OPTION_OPENFILE_STANDARD_OPTIONS);
    known.add(PfsConfigKeys.READAHEAD_SIZE);
    AbstractFSBuilderImpl.rejectUnknownMandatoryKeys(parameters.getMandatoryKeys(), known, "for " + file);
    Configuration options = parameters.getOptions();
    PfsReadPolicy policy = PfsReadPolicy.fromOptions(
        options.getTrimmedStrings(OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY));
    long length = lengthHint(options.getTrimmed(OpenFileOptions.FS_OPTION_OPENFILE_LENGTH));
    int readAhead = options.get(PfsConfigKeys.READAHEAD_SIZE) == null ? 0
        : PfsConfigValues.of(options).bufferBytes(PfsConfigKeys.READAHEAD_SIZE, settings.readAheadSize(), 1);
    FileStatus status = parameters.getStatus();
    if (status != null && !status.getPath().getName().equals(file.getName())) {
      throw new IllegalArgumentException("openFile(" + file + "): the FileStatus given is for another path, "
          + status.getPath());
    }
    CompletableFuture<FSDataInputStream> result = new CompletableFuture<>();
    return LambdaUtils.eval(result, () -> open(file, status, length, policy, readAhead));
  }

  /**
   * The file length an openFile() caller declared, or -1. Builders pass numbers as text, doubles included ("4096.0");
   * a value that is no whole byte count is ignored, as the option is only a hint that saves a stat.
   */
  private static long lengthHint(String value) {
    if (value == null || value.isEmpty()) {
      return -1;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException notLong) {
      try {
        double length = Double.parseDouble(value);
        return length >= 0 && length < Long.MAX_VALUE && length == Math.rint(length) ? (long) length : -1;
      } catch (NumberFormatException notNumber) {
        return -1;
      }
    }
  }

  /** @param readAhead the read-ahead size asked for in openFile(), or 0 */
  private FSDataInputStream open(Path file, FileStatus status, long lengthOption, PfsReadPolicy policy,
      int readAhead) throws IOException {
    String path = backendPath(file);
    statistics.incrementCounter(StoreStatisticNames.OP_OPEN);
    FileInfo info;
    if (status != null) {
      if (status.isDirectory()) {
        throw new FileNotFoundException("pfs path " + file + " is a directory, not a file");
      }
      info = fileInfo(path, status);
    } else if (lengthOption >= 0) {
      info = new FileInfo(path, false, lengthOption, 0, 0, null, null, null, settings.defaultBlockSize(), (short) 1,
          null);
    } else {
      info = statFollowing(path, file);
      if (info.isDirectory()) {
        throw new FileNotFoundException("pfs path " + file + " is a directory, not a file");
      }
    }
    ReadHandle handle = backend.openForRead(path);
    incrementReadOps();
    int chunk;
    ReadBufferPool pool;
    if (policy == PfsReadPolicy.SEQUENTIAL && readAhead > 0) {
      chunk = readAhead;
      // any size a caller likes: pooling it would keep buffers of every size ever asked for
      pool = new ReadBufferPool(backend, chunk);
    } else {
      if (policy == PfsReadPolicy.RANDOM) {
        chunk = settings.randomReadSize();
      } else {
        // a backend may know the size that suits a file best (its stripe size, or a cache-sized one on a local file
        // system); an openFile() option wins over both
        int preferred = backend.preferredBufferSize(info);
        chunk = preferred > 0 ? preferred : settings.readAheadSize();
      }
      pool = readBuffers.computeIfAbsent(chunk, size -> new ReadBufferPool(backend, size));
    }
    PfsInputStream.Settings stream = new PfsInputStream.Settings(chunk, policy == PfsReadPolicy.SEQUENTIAL,
        settings.mappedReadAhead(), settings.vectoredMinSeek(), settings.vectoredMaxMerged());
    return new FSDataInputStream(new PfsInputStream(file.toString(), handle, info.length(), pool, stream,
        super.statistics, this::mergeStreamStatistics));
  }

  private static FileInfo fileInfo(String path, FileStatus status) {
    return new FileInfo(path, status.isDirectory(), status.getLen(), status.getModificationTime(),
        status.getAccessTime(), status.getPermission(), status.getOwner(), status.getGroup(), status.getBlockSize(),
        status.getReplication(), null);
  }

  // ---- writing ----

  @Override
  public FSDataOutputStream create(Path file, FsPermission permission, boolean overwrite, int bufferSize,
      short replication, long blockSize, Progressable progress) throws IOException {
    String path = backendPath(file);
    checkCreatable(file, path, overwrite);
    String parent = parentOf(path);
    if (parent != null) {
      mkdirs(parent, file.getParent(), FsPermission.getDirDefault().applyUMask(FsPermission.getUMask(getConf())));
    }
    return createFile(file, path, permission, overwrite, replication, blockSize);
  }

  @Override
  public FSDataOutputStream createNonRecursive(Path file, FsPermission permission, EnumSet<CreateFlag> flags,
      int bufferSize, short replication, long blockSize, Progressable progress) throws IOException {
    String path = backendPath(file);
    boolean overwrite = flags.contains(CreateFlag.OVERWRITE);
    checkCreatable(file, path, overwrite);
    String parent = parentOf(path);
    if (parent != null) {
      FileInfo parentInfo = statOrNull(parent);
      if (parentInfo == null) {
        throw new FileNotFoundException("parent directory of " + file + " does not exist");
      }
      if (!parentInfo.isDirectory()) {
        throw new ParentNotDirectoryException("parent of " + file + " is not a directory");
      }
    }
    return createFile(file, path, permission, overwrite, replication, blockSize);
  }

  private void checkCreatable(Path file, String path, boolean overwrite) throws IOException {
    FileInfo existing = statOrNull(path);
    if (existing != null) {
      if (existing.isDirectory()) {
        throw new FileAlreadyExistsException("pfs path " + file + " is a directory");
      }
      if (!overwrite) {
        throw new FileAlreadyExistsException("pfs path " + file + " already exists");
      }
    }
  }

  private FSDataOutputStream createFile(Path file, String path, FsPermission permission, boolean overwrite,
      short replication, long blockSize) throws IOException {
    FsPermission effective = (permission == null ? FsPermission.getFileDefault() : permission)
        .applyUMask(FsPermission.getUMask(getConf()));
    WriteHandle handle = backend.create(path, new CreateOptions(overwrite, effective, replication, blockSize));
    statistics.incrementCounter(StoreStatisticNames.OP_CREATE);
    incrementWriteOps();
    return new FSDataOutputStream(outputStream(file, handle), super.statistics, handle.initialLength());
  }

  private PfsOutputStream outputStream(Path file, WriteHandle handle) {
    return new PfsOutputStream(file.toString(), handle, settings.writeBufferSize(), backend::allocateBuffer,
        this::mergeStreamStatistics);
  }

  @Override
  public FSDataOutputStream append(Path file, int bufferSize, Progressable progress) throws IOException {
    require(BackendCapability.APPEND, "append", file);
    String path = backendPath(file);
    FileInfo info = statFollowing(path, file);
    if (info.isDirectory()) {
      throw new FileAlreadyExistsException("cannot append to pfs path " + file + ": it is a directory");
    }
    WriteHandle handle = backend.openForAppend(path);
    statistics.incrementCounter(StoreStatisticNames.OP_APPEND);
    incrementWriteOps();
    return new FSDataOutputStream(outputStream(file, handle), super.statistics, handle.initialLength());
  }

  @Override
  public PositionedWriter openPositionedWriter(Path file) throws IOException {
    if (!backend.capabilities().contains(BackendCapability.SHARED_WRITES)) {
      throw new PositionedWriteUnsupportedException("the " + backend.name() + " backend of " + uri
          + " cannot write one file from several writers at independent offsets: " + file);
    }
    String path = backendPath(file);
    FileInfo existing = statOrNull(path);
    if (existing != null && existing.isDirectory()) {
      throw new FileAlreadyExistsException("pfs path " + file + " is a directory");
    }
    String parent = parentOf(path);
    if (parent != null) {
      mkdirs(parent, file.getParent(), FsPermission.getDirDefault().applyUMask(FsPermission.getUMask(getConf())));
    }
    FsPermission permission = FsPermission.getFileDefault().applyUMask(FsPermission.getUMask(getConf()));
    WriteHandle handle = backend.openShared(path, new CreateOptions(false, permission, (short) 1,
        settings.defaultBlockSize()));
    incrementWriteOps();
    return new PfsPositionedWriter(file.toString(), handle, super.statistics);
  }

  @Override
  public boolean truncate(Path file, long newLength) throws IOException {
    require(BackendCapability.TRUNCATE, "truncate", file);
    String path = backendPath(file);
    FileInfo info = statFollowing(path, file);
    if (info.isDirectory()) {
      throw new FileNotFoundException("cannot truncate pfs path " + file + ": it is a directory");
    }
    if (newLength < 0 || newLength > info.length()) {
      throw new HadoopIllegalArgumentException("truncate of " + file + " to " + newLength
          + ": the new length must be between 0 and the current length " + info.length());
    }
    backend.truncate(path, newLength);
    statistics.incrementCounter(StoreStatisticNames.OP_TRUNCATE);
    incrementWriteOps();
    return true;
  }

  @Override
  public void concat(Path target, Path[] sources) throws IOException {
    if (sources == null || sources.length == 0) {
      throw new HadoopIllegalArgumentException("concat into " + target + ": no source files given");
    }
    String targetPath = backendPath(target);
    FileInfo targetInfo = statFollowing(targetPath, target);
    if (targetInfo.isDirectory()) {
      throw new FileNotFoundException("concat target " + target + " is a directory");
    }
    List<String> sourcePaths = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Path source : sources) {
      String sourcePath = backendPath(source);
      FileInfo info = statFollowing(sourcePath, source);
      if (info.isDirectory()) {
        throw new FileNotFoundException("concat source " + source + " is a directory");
      }
      if (sourcePath.equals(targetPath)) {
        throw new HadoopIllegalArgumentException("concat: source " + source + " is the target itself");
      }
      if (!seen.add(sourcePath)) {
        throw new HadoopIllegalArgumentException("concat: source " + source + " is given twice");
      }
      sourcePaths.add(sourcePath);
    }
    backend.concat(targetPath, sourcePaths);
    incrementWriteOps();
  }

  // ---- namespace ----

  @Override
  public boolean rename(Path source, Path destination) throws IOException {
    String from = backendPath(source);
    String to = backendPath(destination);
    statistics.incrementCounter(StoreStatisticNames.OP_RENAME);
    incrementWriteOps();
    if (from.equals("/")) {
      return false;
    }
    FileInfo sourceInfo = statOrNull(from);
    if (sourceInfo == null) {
      return false;
    }
    if (from.equals(to)) {
      // renaming a file onto itself succeeds; a directory cannot be moved into itself
      return !sourceInfo.isDirectory();
    }
    FileInfo destinationInfo = statOrNull(to);
    if (destinationInfo != null) {
      if (!destinationInfo.isDirectory()) {
        return false;
      }
      to = child(to, from.substring(from.lastIndexOf('/') + 1));
      if (to.equals(from)) {
        return !sourceInfo.isDirectory();
      }
      if (statOrNull(to) != null) {
        return false;
      }
    } else {
      String parent = parentOf(to);
      FileInfo parentInfo = parent == null ? null : statOrNull(parent);
      if (parentInfo == null || !parentInfo.isDirectory()) {
        return false;
      }
    }
    if (sourceInfo.isDirectory() && (to + "/").startsWith(from + "/")) {
      return false;
    }
    backend.rename(from, to);
    return true;
  }

  @Override
  public boolean delete(Path file, boolean recursive) throws IOException {
    String path = backendPath(file);
    statistics.incrementCounter(StoreStatisticNames.OP_DELETE);
    FileInfo info;
    try {
      info = backend.stat(path);
    } catch (FileNotFoundException e) {
      return false;
    }
    incrementWriteOps();
    if (!info.isDirectory()) {
      backend.delete(path);
      return true;
    }
    List<FileInfo> children = backend.list(path);
    if (!children.isEmpty() && !recursive) {
      throw new PathIsNotEmptyDirectoryException(file.toString());
    }
    if (path.equals("/")) {
      // the root of the parallel file system itself is never removed; with recursive, its contents are
      for (FileInfo child : children) {
        deleteTree(child);
      }
      return !children.isEmpty();
    }
    for (FileInfo child : children) {
      deleteTree(child);
    }
    backend.delete(path);
    return true;
  }

  private void deleteTree(FileInfo entry) throws IOException {
    if (entry.isDirectory()) {
      for (FileInfo child : backend.list(entry.path())) {
        deleteTree(child);
      }
    }
    try {
      backend.delete(entry.path());
    } catch (FileNotFoundException concurrentlyDeleted) {
      // someone else removed it first: the outcome is the same
    }
  }

  @Override
  public boolean mkdirs(Path directory, FsPermission permission) throws IOException {
    String path = backendPath(directory);
    FsPermission effective = (permission == null ? FsPermission.getDirDefault() : permission)
        .applyUMask(FsPermission.getUMask(getConf()));
    mkdirs(path, directory, effective);
    return true;
  }

  private void mkdirs(String path, Path original, FsPermission permission) throws IOException {
    statistics.incrementCounter(StoreStatisticNames.OP_MKDIRS);
    Deque<String> missing = new ArrayDeque<>();
    for (String current = path; current != null; current = parentOf(current)) {
      FileInfo info = statOrNull(current);
      if (info != null) {
        if (!info.isDirectory()) {
          if (current.equals(path)) {
            throw new FileAlreadyExistsException("cannot create directory " + original + ": a file exists there");
          }
          throw new ParentNotDirectoryException("cannot create directory " + original + ": " + qualify(current)
              + " is a file");
        }
        break;
      }
      missing.push(current);
    }
    while (!missing.isEmpty()) {
      String next = missing.pop();
      try {
        backend.mkdir(next, permission);
        incrementWriteOps();
      } catch (FileAlreadyExistsException raced) {
        FileInfo info = statOrNull(next);
        if (info == null || !info.isDirectory()) {
          throw raced;
        }
      }
    }
  }

  @Override
  public FileStatus[] listStatus(Path directory) throws IOException {
    String path = backendPath(directory);
    statistics.incrementCounter(StoreStatisticNames.OP_LIST_STATUS);
    incrementReadOps();
    FileInfo info = statFollowing(path, directory);
    Path qualified = makeQualified(directory);
    if (!info.isDirectory()) {
      return new FileStatus[] {status(info, qualified)};
    }
    List<FileInfo> entries = backend.list(path);
    FileStatus[] result = new FileStatus[entries.size()];
    for (int i = 0; i < result.length; i++) {
      FileInfo entry = entries.get(i);
      result[i] = status(entry, new Path(qualified, entry.path().substring(entry.path().lastIndexOf('/') + 1)));
    }
    Arrays.sort(result, Comparator.comparing(FileStatus::getPath));
    return result;
  }

  @Override
  public FileStatus getFileStatus(Path file) throws IOException {
    String path = backendPath(file);
    statistics.incrementCounter(StoreStatisticNames.OP_GET_FILE_STATUS);
    incrementReadOps();
    return status(statFollowing(path, file), makeQualified(file));
  }

  /** The status of a symlink itself (not its target); other entries as getFileStatus. */
  @Override
  public FileStatus getFileLinkStatus(Path file) throws IOException {
    String path = backendPath(file);
    incrementReadOps();
    FileInfo info = backend.stat(path);
    return status(info, makeQualified(file));
  }

  @Override
  public Path getLinkTarget(Path file) throws IOException {
    FileInfo info = backend.stat(backendPath(file));
    if (!info.isSymlink()) {
      throw new IOException("pfs path " + file + " is not a symlink");
    }
    return new Path(info.symlinkTarget());
  }

  private FileStatus status(FileInfo info, Path qualified) {
    Path symlink = info.isSymlink() ? new Path(info.symlinkTarget()) : null;
    return new FileStatus(info.length(), info.isDirectory(), info.replication(),
        info.blockSize() > 0 ? info.blockSize() : settings.defaultBlockSize(), info.modificationTimeMillis(),
        info.accessTimeMillis(), info.permission(), info.owner(), info.group(), symlink, qualified);
  }

  @Override
  public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long length) throws IOException {
    if (file == null) {
      return null;
    }
    if (start < 0 || length < 0) {
      throw new IllegalArgumentException("getFileBlockLocations of " + file.getPath() + ": negative start " + start
          + " or length " + length);
    }
    if (file.getLen() <= start || file.isDirectory()) {
      return new BlockLocation[0];
    }
    String path = backendPath(file.getPath());
    return backend.blockLocations(path, fileInfo(path, file), start, length);
  }

  // ---- attributes ----

  @Override
  public void setTimes(Path file, long modificationTime, long accessTime) throws IOException {
    String path = backendPath(file);
    statFollowing(path, file);
    backend.setTimes(path, modificationTime, accessTime);
    statistics.incrementCounter(StoreStatisticNames.OP_SET_TIMES);
    incrementWriteOps();
  }

  @Override
  public void setPermission(Path file, FsPermission permission) throws IOException {
    require(BackendCapability.PERMISSIONS, "setPermission", file);
    String path = backendPath(file);
    statFollowing(path, file);
    backend.setPermission(path, permission);
    statistics.incrementCounter(StoreStatisticNames.OP_SET_PERMISSION);
    incrementWriteOps();
  }

  @Override
  public void setOwner(Path file, String user, String group) throws IOException {
    require(BackendCapability.PERMISSIONS, "setOwner", file);
    if (user == null && group == null) {
      throw new IllegalArgumentException("setOwner of " + file + ": neither user nor group given");
    }
    String path = backendPath(file);
    statFollowing(path, file);
    backend.setOwner(path, user, group);
    statistics.incrementCounter(StoreStatisticNames.OP_SET_OWNER);
    incrementWriteOps();
  }

  @Override
  public byte[] getXAttr(Path file, String name) throws IOException {
    Map<String, byte[]> all = getXAttrs(file);
    if (!all.containsKey(name)) {
      throw new IOException("pfs path " + file + " has no xattr " + name);
    }
    return all.get(name);
  }

  @Override
  public Map<String, byte[]> getXAttrs(Path file) throws IOException {
    require(BackendCapability.XATTRS, "getXAttrs", file);
    incrementReadOps();
    return backend.getXAttrs(backendPath(file));
  }

  @Override
  public Map<String, byte[]> getXAttrs(Path file, List<String> names) throws IOException {
    Map<String, byte[]> all = getXAttrs(file);
    Map<String, byte[]> selected = new LinkedHashMap<>();
    for (String name : names) {
      if (!all.containsKey(name)) {
        throw new IOException("pfs path " + file + " has no xattr " + name);
      }
      selected.put(name, all.get(name));
    }
    return selected;
  }

  @Override
  public List<String> listXAttrs(Path file) throws IOException {
    return new ArrayList<>(getXAttrs(file).keySet());
  }

  @Override
  public void setXAttr(Path file, String name, byte[] value, EnumSet<XAttrSetFlag> flags) throws IOException {
    require(BackendCapability.XATTRS, "setXAttr", file);
    backend.setXAttr(backendPath(file), name, value, flags.contains(XAttrSetFlag.CREATE),
        flags.contains(XAttrSetFlag.REPLACE));
    incrementWriteOps();
  }

  @Override
  public void removeXAttr(Path file, String name) throws IOException {
    require(BackendCapability.XATTRS, "removeXAttr", file);
    backend.removeXAttr(backendPath(file), name);
    incrementWriteOps();
  }

  // ---- capabilities and statistics ----

  @Override
  @SuppressWarnings("deprecation") // HFLUSH: deprecated constant, but the capability is still asked for by name
  public boolean hasPathCapability(Path path, String capability) throws IOException {
    Set<BackendCapability> abilities = backend.capabilities();
    switch (PathCapabilitiesSupport.validatePathCapabilityArgs(makeQualified(path), capability)) {
      case CommonPathCapabilities.FS_APPEND:
        return abilities.contains(BackendCapability.APPEND);
      case CommonPathCapabilities.FS_CONCAT:
        return true;
      case CommonPathCapabilities.FS_TRUNCATE:
        return abilities.contains(BackendCapability.TRUNCATE);
      case CommonPathCapabilities.FS_XATTRS:
        return abilities.contains(BackendCapability.XATTRS);
      case CommonPathCapabilities.FS_PERMISSIONS:
        return abilities.contains(BackendCapability.PERMISSIONS);
      case PositionedWriteFileSystem.CAPABILITY:
        return abilities.contains(BackendCapability.SHARED_WRITES);
      case StreamCapabilities.HFLUSH:
      case StreamCapabilities.HSYNC:
      case StreamCapabilities.READAHEAD:
      case StreamCapabilities.UNBUFFER:
      case StreamCapabilities.IOSTATISTICS:
      case StreamCapabilities.VECTOREDIO:
      case StreamCapabilities.READBYTEBUFFER:
      case StreamCapabilities.PREADBYTEBUFFER:
        return true;
      default:
        return super.hasPathCapability(path, capability);
    }
  }

  @Override
  public IOStatistics getIOStatistics() {
    return statistics;
  }

  private void mergeStreamStatistics(IOStatistics streamStatistics) {
    statistics.aggregate(streamStatistics);
  }

  @Override
  public void close() throws IOException {
    try {
      super.close();
    } finally {
      if (backend != null) {
        backend.close();
      }
    }
  }

  @Override
  public String toString() {
    return "PfsFileSystem{" + uri + ", backend=" + (backend == null ? "none" : backend.name()) + ", readahead="
        + settings.readAheadSize() + ", " + statistics + "}";
  }

  // ---- paths ----

  /**
   * The normalized backend path ("/a/b") of a Hadoop path; {@code ..} that would climb above the root is refused, so
   * no path names anything outside the backend's root.
   */
  String backendPath(Path file) throws IOException {
    Path qualified = makeQualified(file);
    String raw = qualified.toUri().getPath();
    Deque<String> parts = new ArrayDeque<>();
    for (String part : raw.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        if (parts.isEmpty()) {
          throw new AccessControlException("pfs path " + file + " is refused: '..' leads above the root of " + uri);
        }
        parts.removeLast();
      } else {
        parts.addLast(part);
      }
    }
    return parts.isEmpty() ? "/" : "/" + String.join("/", parts);
  }

  private Path qualify(String backendPath) {
    return makeQualified(new Path(null, null, backendPath));
  }

  private static String parentOf(String path) {
    if (path.equals("/")) {
      return null;
    }
    int slash = path.lastIndexOf('/');
    return slash == 0 ? "/" : path.substring(0, slash);
  }

  private static String child(String directory, String name) {
    return directory.equals("/") ? "/" + name : directory + "/" + name;
  }

  /** Stat following symlinks (inside the root: the backend refuses the others), as getFileStatus must. */
  private FileInfo statFollowing(String path, Path original) throws IOException {
    try {
      return backend.statFollowingLinks(path);
    } catch (FileNotFoundException e) {
      FileNotFoundException notFound = new FileNotFoundException("File " + original + " does not exist");
      notFound.initCause(e);
      throw notFound;
    }
  }

  private FileInfo statOrNull(String path) throws IOException {
    try {
      return statFollowing(path, qualify(path));
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  private void require(BackendCapability capability, String operation, Path file) {
    if (!backend.capabilities().contains(capability)) {
      throw new UnsupportedOperationException(operation + " of " + file + ": the " + backend.name()
          + " backend does not support " + capability);
    }
  }

  private void incrementReadOps() {
    if (super.statistics != null) {
      super.statistics.incrementReadOps(1);
    }
  }

  private void incrementWriteOps() {
    if (super.statistics != null) {
      super.statistics.incrementWriteOps(1);
    }
  }
}
