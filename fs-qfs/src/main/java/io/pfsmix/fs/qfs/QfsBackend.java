package io.pfsmix.fs.qfs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsDirectoryException;
import org.apache.hadoop.fs.permission.FsPermission;

import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.ConcatByCopy;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeCalls;
import io.pfsmix.fs.posix.UnixNames;

/**
 * The pfs storage backend over QFS (the Quantcast File System, CloudStore/KFS's successor) through fs-qfs's own
 * binding to QFS's C++ client ({@link QfsClient}), every path walked beneath the configured root by {@link QfsRoot}.
 * Files are created replicated, never striped: QFS's default 6+3 Reed-Solomon files accept only whole-stripe writes.
 * Shared (N-to-1) writes: exactly one writer creates the file, exclusively, and every other one opens it without
 * truncation, since a second create would replace the file and silently drop what the first writer wrote. Writers of
 * one file take turns holding each chunk's write lease; each handover stalls a writer for
 * {@link QfsConfigKeys#RETRY_DELAY_SECONDS} (docs/qfs.md).
 */
public final class QfsBackend implements StorageBackend {

  private static final Set<BackendCapability> CAPABILITIES = EnumSet.of(BackendCapability.APPEND,
      BackendCapability.SHARED_WRITES, BackendCapability.PERMISSIONS);

  private final QfsRoot root;
  private final QfsConnection.Clients clients;
  private final String metaserver;
  private final int replicas;
  private final UnixNames names = new UnixNames();
  private volatile boolean closed;

  QfsBackend(QfsRoot root, QfsConnection.Clients clients, int replicas) throws IOException {
    this.root = root;
    this.clients = clients;
    this.metaserver = clients.metaserver();
    this.replicas = replicas;
  }

  /** Connects to the configured metaserver and returns a backend over its configured root. */
  public static QfsBackend connect(Configuration conf) throws IOException {
    return QfsConnection.connect(conf);
  }

  @Override
  public String name() {
    return QfsConfigKeys.BACKEND_NAME;
  }

  @Override
  public Set<BackendCapability> capabilities() {
    return CAPABILITIES;
  }

  private long client() {
    return root.client();
  }

  private <T> T call(String operation, String path, NativeCalls.Call<T> call) throws IOException {
    checkOpen(path);
    return NativeCalls.call(name(), operation, path, call);
  }

  private void run(String operation, String path, NativeCalls.Action action) throws IOException {
    checkOpen(path);
    NativeCalls.run(name(), operation, path, action);
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    return stat(path, false);
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    return stat(path, true);
  }

  /** A path under a file does not exist, as stat(2) says (ENOTDIR is only for the calls that would create it). */
  private FileInfo stat(String path, boolean target) throws IOException {
    try {
      return call("stat", path, () -> info(path, root.sized(path, target).attributes()));
    } catch (ParentNotDirectoryException e) {
      FileNotFoundException notFound = new FileNotFoundException("qfs stat " + path + ": no such file or directory"
          + " (an ancestor is a file)");
      notFound.initCause(e);
      throw notFound;
    }
  }

  private FileInfo info(String path, QfsClient.Attributes attributes) throws ErrnoException {
    boolean file = !attributes.isDirectory() && !attributes.isSymlink();
    return new FileInfo(path, attributes.isDirectory(), file ? attributes.size() : 0, attributes.modifiedMillis(),
        attributes.modifiedMillis(), new FsPermission((short) attributes.permissions()),
        names.user((int) attributes.uid()), names.group((int) attributes.gid()), file ? QfsConnection.CHUNK_SIZE : 0,
        (short) (file ? attributes.replicas() : 0),
        attributes.isSymlink() ? QfsClient.linkTarget(client(), root.qfsPath(path)) : null);
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    return call("readdir", directory, () -> {
      QfsRoot.Place place = root.target(directory);
      String prefix = directory.endsWith("/") ? directory : directory + "/";
      List<FileInfo> infos = new ArrayList<>();
      for (QfsClient.Entry entry : QfsClient.list(client(), place.qfsPath())) {
        infos.add(info(prefix + entry.name(), entry.attributes()));
      }
      return infos;
    });
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    run("mkdir", path, () -> {
      QfsRoot.Place place = root.resolve(path);
      if (place.exists()) {
        throw new FileAlreadyExistsException("qfs mkdir " + path + ": already exists");
      }
      QfsClient.mkdir(client(), QfsClient.bytes(place.qfsPath()), permission.toShort());
    });
  }

  @Override
  public void delete(String path) throws IOException {
    run("delete", path, () -> {
      QfsRoot.Place place = removable(path);
      byte[] qfsPath = QfsClient.bytes(place.qfsPath());
      if (place.attributes().isDirectory()) {
        QfsClient.rmdir(client(), qfsPath);
      } else {
        QfsClient.remove(client(), qfsPath);
      }
    });
  }

  /** An existing entry other than the root, as itself (a symlink, not its target). */
  private QfsRoot.Place removable(String path) throws IOException {
    QfsRoot.Place place = root.existing(path);
    if (place.isRoot()) {
      throw new IOException("qfs " + path + ": the root cannot be removed or renamed");
    }
    return place;
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    run("rename", source + " -> " + destination, () -> {
      QfsRoot.Place from = removable(source);
      QfsRoot.Place to = root.resolve(destination);
      if (to.exists()) {
        throw new FileAlreadyExistsException("qfs rename " + source + " -> " + destination
            + ": the destination exists");
      }
      QfsClient.rename(client(), QfsClient.bytes(from.qfsPath()), QfsClient.bytes(to.qfsPath()));
    });
  }

  /** The regular file {@code path} names. */
  private QfsRoot.Place file(String path) throws IOException {
    QfsRoot.Place place = root.target(path);
    if (place.attributes().isDirectory()) {
      throw new PathIsDirectoryException(path);
    }
    return place;
  }

  /** An existing file, opened by the path walked (by {@code client}) and checked to be the file the walk found. */
  private int open(QfsRoot.Place place, long client, boolean write) throws IOException {
    return root.checkOpened(place, client, QfsClient.open(client, QfsClient.bytes(place.qfsPath()), write));
  }

  /** An existing file opened for writing as {@link #open} does, and its length (the walk did not ask for it). */
  private long[] openForWriting(QfsRoot.Place place, long client) throws IOException {
    int fd = open(place, client, true);
    try {
      return new long[] {fd, QfsClient.stat(client, fd).size()};
    } catch (ErrnoException e) {
      QfsRoot.closeQuietly(client, fd, e);
      throw e;
    }
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    int fd = call("open", path, () -> open(file(path), client(), false));
    return new QfsReadHandle(this, fd, path);
  }

  private int replicas(CreateOptions options) {
    return replicas > 0 ? replicas : Math.max(1, options.replication());
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    int fd = call("create", path, () -> {
      QfsRoot.Place place = root.resolve(path);
      if (place.exists()) {
        if (!options.overwrite()) {
          throw new FileAlreadyExistsException("qfs create " + path + ": already exists");
        }
        file(path);
      }
      return QfsClient.create(client(), QfsClient.bytes(place.qfsPath()), replicas(options), !place.exists(),
          options.permission().toShort());
    });
    return new QfsWriteHandle(this, client(), false, fd, path, 0);
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    long[] fdAndLength = call("open for append", path, () -> openForWriting(file(path), client()));
    return new QfsWriteHandle(this, client(), false, (int) fdAndLength[0], path, fdAndLength[1]);
  }

  /**
   * The one writer that finds the file missing creates it, exclusively; every other writer (also one that lost the
   * race to create it) opens the existing file without truncating it. Each shared writer has a client of its own, as
   * writers in separate processes do: descriptors of one client writing the same chunk fail ("lease has expired",
   * then EINVAL) where separate clients take the chunk's write lease in turn.
   */
  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    checkOpen(path);
    long client = clients.connectSharedWriter();
    try {
      long[] fdAndLength = call("open shared", path, () -> {
        QfsRoot.Place place = root.resolve(path);
        if (!place.exists()) {
          try {
            return new long[] {QfsClient.create(client, QfsClient.bytes(place.qfsPath()), replicas(options), true,
                options.permission().toShort()), 0};
          } catch (ErrnoException e) {
            if (e.errno() != ErrnoException.EEXIST) {
              throw e;
            }
          }
        }
        QfsRoot.Place existing = file(path);
        return openForWriting(existing, client);
      });
      return new QfsWriteHandle(this, client, true, (int) fdAndLength[0], path, fdAndLength[1]);
    } catch (IOException | RuntimeException e) {
      QfsClient.disconnect(client);
      throw e;
    }
  }

  /**
   * QFS's metaserver checks a truncation against the permissions of a client it does not know (no authentication:
   * not the file's owner) and refuses it for files pfs:// creates (EACCES), by path or by open file alike.
   */
  @Override
  public void truncate(String path, long length) {
    throw new UnsupportedOperationException("the qfs backend cannot truncate: QFS's metaserver refuses it to clients"
        + " without authentication (" + path + ")");
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    ConcatByCopy.concat(this, target, sources);
  }

  /** QFS keeps no access time: only the modification time is set; a negative time is left as it is. */
  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    run("utimes", path, () -> QfsClient.setTimes(client(), QfsClient.bytes(root.target(path).qfsPath()),
        modificationTimeMillis, -1));
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    run("chmod", path, () -> QfsClient.chmod(client(), QfsClient.bytes(root.target(path).qfsPath()),
        permission.toShort()));
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    UnixNames.Owner owner = names.owner(path, user, group);
    run("chown", path, () -> QfsClient.chown(client(), QfsClient.bytes(root.target(path).qfsPath()), owner.uid(),
        owner.gid()));
  }

  /** QFS's client API reports no capacity (qfsadmin asks the metaserver for it). */
  @Override
  public FsStatus status() throws IOException {
    throw new UnsupportedOperationException("the qfs backend cannot report capacity: QFS's client API has no call"
        + " for it (`qfsadmin -m HOST -p PORT ping` shows the chunkservers' space)");
  }

  /** One location per chunk the range touches, on the chunkservers holding its replicas. */
  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    if (file.isDirectory() || start >= file.length() || length <= 0) {
      return new BlockLocation[0];
    }
    long end = Math.min(file.length(), start + length);
    QfsClient.Locations found = call("locations", path,
        () -> QfsClient.locations(client(), file(path).qfsPath(), start, end - start));
    long chunk = found.chunkSize();
    BlockLocation[] locations = new BlockLocation[found.hosts().length];
    for (int i = 0; i < locations.length; i++) {
      long chunkStart = (start / chunk + i) * chunk;
      long from = Math.max(start, chunkStart);
      long to = Math.min(end, chunkStart + chunk);
      locations[i] = new BlockLocation(found.hosts()[i], found.hosts()[i], from, Math.max(0, to - from));
    }
    return locations;
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return ByteBuffer.allocateDirect(capacity);
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      QfsClient.disconnect(client());
    }
  }

  // ---- used by the handles ----

  /**
   * Runs a read, again after the retry delay while QFS answers EAGAIN, up to the configured retries: a replica's
   * chunkserver that just died makes the client give up with EAGAIN until the metaserver has noticed and names the
   * replica left (QfsFaultTest read a closed file so once).
   */
  <T> T retryingTemporaryFailures(NativeCalls.Call<T> read, String operation, String path) throws IOException {
    for (int attempt = 0; ; attempt++) {
      try {
        return NativeCalls.call(QfsConfigKeys.BACKEND_NAME, operation, path, read);
      } catch (IOException e) {
        if (attempt >= clients.maxRetries() || !(e.getCause() instanceof ErrnoException errno)
            || errno.errno() != ErrnoException.EAGAIN) {
          throw e;
        }
        try {
          Thread.sleep(TimeUnit.SECONDS.toMillis(Math.max(1, clients.retryDelaySeconds())));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException(QfsConfigKeys.BACKEND_NAME + " " + operation + " " + path
              + ": interrupted while waiting to retry");
        }
      }
    }
  }

  int sharedWriterMaxRetries() {
    return clients.sharedWriterMaxRetries();
  }

  long clientFor(String path) throws IOException {
    checkOpen(path);
    return client();
  }

  void checkOpen(String path) throws IOException {
    if (closed) {
      throw new IOException("qfs " + path + ": the file system " + metaserver + root.directory() + " is closed");
    }
  }

  @Override
  public String toString() {
    return "QfsBackend[" + metaserver + root.directory() + (closed ? ", closed" : "") + "]";
  }
}
