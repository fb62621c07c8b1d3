package io.pfsmix.fs.orangefs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

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
import io.pfsmix.fs.posix.CallDeadline;
import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeCalls;
import io.pfsmix.fs.posix.UnixNames;

/**
 * The pfs storage backend over OrangeFS through its client library's system interface, with no kernel module or FUSE
 * mount in between: fs-orangefs's own binding ({@link OrangefsClient}), every path resolved beneath the configured
 * root by {@link OrangefsRoot}. Reads and writes move the bytes of direct buffers ({@link #allocateBuffer}) in place,
 * so the shim's read-ahead and write-behind buffers reach the servers without a copy. Every call has a deadline
 * ({@link OrangefsConfigKeys#IO_TIMEOUT_SECONDS}): a server that died or hangs gives an IOException, never a hang.
 */
public final class OrangefsBackend implements StorageBackend {

  private static final Set<BackendCapability> CAPABILITIES = EnumSet.of(BackendCapability.APPEND,
      BackendCapability.SHARED_WRITES, BackendCapability.TRUNCATE, BackendCapability.PERMISSIONS);

  private final OrangefsRoot root;
  private final String server;
  private final CallDeadline calls;
  private final OrangefsLayouts layouts;
  private final UnixNames names = new UnixNames();
  private volatile boolean closed;

  OrangefsBackend(OrangefsRoot root, String server, CallDeadline calls, Configuration conf) throws IOException {
    this.root = root;
    this.server = server;
    this.calls = calls;
    this.layouts = new OrangefsLayouts(conf);
  }

  /** Connects to the configured file system and returns a backend over its configured root. */
  public static OrangefsBackend connect(Configuration conf) throws IOException {
    return OrangefsConnection.connect(conf);
  }

  @Override
  public String name() {
    return OrangefsConfigKeys.BACKEND_NAME;
  }

  @Override
  public Set<BackendCapability> capabilities() {
    return CAPABILITIES;
  }

  int fs() {
    return root.fs();
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
  private FileInfo stat(String path, boolean followLinks) throws IOException {
    try {
      return calls.call("stat", path, () -> info(path, root.existing(path, followLinks)));
    } catch (ParentNotDirectoryException e) {
      FileNotFoundException notFound = new FileNotFoundException("orangefs stat " + path + ": no such file or "
          + "directory (an ancestor is a file)");
      notFound.initCause(e);
      throw notFound;
    }
  }

  /** The info of an existing place, its size asked of the servers when it is a file. */
  private FileInfo info(String path, OrangefsRoot.Place place) throws ErrnoException {
    OrangefsClient.Attributes attributes = place.attributes();
    if (attributes.isFile()) {
      attributes = OrangefsClient.attributes(fs(), place.handle(), true);
    }
    return info(path, attributes);
  }

  private FileInfo info(String path, OrangefsClient.Attributes attributes) {
    boolean file = attributes.isFile();
    return new FileInfo(path, attributes.isDirectory(), file ? attributes.size() : 0,
        attributes.modifiedSeconds() * 1000, attributes.accessedSeconds() * 1000,
        new FsPermission((short) attributes.permissions()), names.user(attributes.uid()),
        names.group(attributes.gid()), file ? attributes.stripSize() : 0, (short) (file ? 1 : 0),
        attributes.isSymlink() ? attributes.linkTarget() : null);
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    return calls.call("readdir", directory, () -> {
      OrangefsRoot.Place place = root.existing(directory, true);
      String prefix = directory.endsWith("/") ? directory : directory + "/";
      List<FileInfo> infos = new ArrayList<>();
      for (OrangefsClient.Entry entry : OrangefsClient.list(fs(), place.handle())) {
        infos.add(info(prefix + entry.name(), entry.attributes()));
      }
      return infos;
    });
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    calls.run("mkdir", path, () -> {
      OrangefsRoot.Place place = root.resolve(path, false);
      if (place.exists()) {
        throw new FileAlreadyExistsException("orangefs mkdir " + path + ": already exists");
      }
      OrangefsClient.mkdir(fs(), place.parent(), OrangefsClient.bytes(place.name()), permission.toShort());
    });
  }

  @Override
  public void delete(String path) throws IOException {
    calls.run("delete", path, () -> {
      OrangefsRoot.Place place = removable(path);
      OrangefsClient.remove(fs(), place.parent(), OrangefsClient.bytes(place.name()));
    });
  }

  /** An existing entry other than the root, as itself (a symlink, not its target). */
  private OrangefsRoot.Place removable(String path) throws IOException {
    OrangefsRoot.Place place = root.existing(path, false);
    if (place.name() == null) {
      throw new IOException("orangefs " + path + ": the root cannot be removed or renamed");
    }
    return place;
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    calls.run("rename", source + " -> " + destination, () -> {
      OrangefsRoot.Place from = removable(source);
      OrangefsRoot.Place to = root.resolve(destination, false);
      if (to.exists()) {
        throw new FileAlreadyExistsException("orangefs rename " + source + " -> " + destination
            + ": the destination exists");
      }
      OrangefsClient.rename(fs(), from.parent(), OrangefsClient.bytes(from.name()), to.parent(),
          OrangefsClient.bytes(to.name()));
    });
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    long handle = calls.call("open", path, () -> file(path).handle());
    return new OrangefsReadHandle(this, handle, path);
  }

  /** The regular file {@code path} leads to. */
  private OrangefsRoot.Place file(String path) throws IOException {
    OrangefsRoot.Place place = root.existing(path, true);
    if (place.attributes().isDirectory()) {
      throw new PathIsDirectoryException(path);
    }
    if (!place.attributes().isFile()) {
      throw new FileNotFoundException("orangefs " + path + ": not a regular file");
    }
    return place;
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    OrangefsLayouts.Layout layout = layouts.layoutFor(options);
    long handle = calls.call("create (" + layout + ")", path, () -> {
      OrangefsRoot.Place place = root.resolve(path, true);
      if (place.exists()) {
        if (!options.overwrite()) {
          throw new FileAlreadyExistsException("orangefs create " + path + ": already exists");
        }
        long existing = file(path).handle();
        OrangefsClient.truncate(fs(), existing, 0);
        return existing;
      }
      return OrangefsClient.create(fs(), place.parent(), OrangefsClient.bytes(place.name()),
          options.permission().toShort(), layout.stripSize(), layout.width());
    });
    return new OrangefsWriteHandle(this, handle, path, 0);
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    long[] handleAndLength = calls.call("open", path, () -> {
      long handle = file(path).handle();
      return new long[] {handle, OrangefsClient.attributes(fs(), handle, true).size()};
    });
    return new OrangefsWriteHandle(this, handleAndLength[0], path, handleAndLength[1]);
  }

  /** A new file gets the layout asked for; the other writers of an existing one use it as it is. */
  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    OrangefsLayouts.Layout layout = layouts.layoutFor(options);
    long[] handleAndLength = calls.call("open shared (" + layout + ")", path, () -> {
      OrangefsRoot.Place place = root.resolve(path, true);
      if (!place.exists()) {
        try {
          long created = OrangefsClient.create(fs(), place.parent(), OrangefsClient.bytes(place.name()),
              options.permission().toShort(), layout.stripSize(), layout.width());
          return new long[] {created, 0};
        } catch (ErrnoException e) {
          if (e.errno() != ErrnoException.EEXIST) {
            throw e;
          }
          // another writer created it first: share that one
        }
      }
      long handle = file(path).handle();
      return new long[] {handle, OrangefsClient.attributes(fs(), handle, true).size()};
    });
    return new OrangefsWriteHandle(this, handleAndLength[0], path, handleAndLength[1]);
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    calls.run("truncate", path, () -> OrangefsClient.truncate(fs(), file(path).handle(), length));
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    ConcatByCopy.concat(this, target, sources);
  }

  /** OrangeFS keeps times in whole seconds: milliseconds are truncated. Negative times are left as they are. */
  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    int mask = (modificationTimeMillis >= 0 ? OrangefsClient.SET_MTIME : 0)
        | (accessTimeMillis >= 0 ? OrangefsClient.SET_ATIME : 0);
    if (mask != 0) {
      setattr("setattr times", path, mask, 0, 0, 0, Math.max(0, modificationTimeMillis) / 1000,
          Math.max(0, accessTimeMillis) / 1000);
    }
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    setattr("chmod", path, OrangefsClient.SET_PERMISSIONS, permission.toShort(), 0, 0, 0, 0);
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    UnixNames.Owner owner = names.owner(path, user, group);
    int mask = (owner.uid() >= 0 ? OrangefsClient.SET_UID : 0) | (owner.gid() >= 0 ? OrangefsClient.SET_GID : 0);
    if (mask != 0) {
      setattr("chown", path, mask, 0, owner.uid(), owner.gid(), 0, 0);
    }
  }

  private void setattr(String operation, String path, int mask, int permissions, int uid, int gid, long mtime,
      long atime) throws IOException {
    calls.run(operation, path, () -> OrangefsClient.setattr(fs(), root.existing(path, true).handle(), mask,
        permissions, uid, gid, mtime, atime));
  }

  @Override
  public FsStatus status() throws IOException {
    long[] space = calls.call("statfs", "/", () -> OrangefsClient.statfs(fs()));
    return new FsStatus(space[0], space[0] - space[1], space[1]);
  }

  /** One location per strip the range touches, on the host of the I/O server holding that strip's datafile. */
  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    if (file.isDirectory() || start >= file.length() || length <= 0) {
      return new BlockLocation[0];
    }
    return calls.call("layout", path, () -> layouts.read(fs(), file(path).handle(), path))
        .blockLocations(file.length(), start, length);
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return ByteBuffer.allocateDirect(capacity);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      calls.close();
    }
  }

  // ---- used by the handles ----

  CallDeadline calls() {
    return calls;
  }

  void checkOpen(String path) throws IOException {
    if (closed) {
      throw new IOException("orangefs " + path + ": the file system " + server + " is closed");
    }
  }

  @Override
  public String toString() {
    return "OrangefsBackend[" + server + root.directory() + (closed ? ", closed" : "") + "]";
  }
}
