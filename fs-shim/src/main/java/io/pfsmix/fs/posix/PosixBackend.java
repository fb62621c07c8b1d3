package io.pfsmix.fs.posix;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;

import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.layout.XattrReader;

/**
 * A parallel file system mounted as a POSIX directory tree (Lustre, GPFS, BeeGFS, CephFS or OrangeFS mounts, or a local
 * directory): positioned reads and writes through {@link FileChannel}s, every path resolved by the kernel beneath the
 * root ({@link RootDirectory}), so nothing outside it is ever read or written.
 */
public final class PosixBackend implements StorageBackend {

  private static final Set<BackendCapability> CAPABILITIES = EnumSet.of(BackendCapability.APPEND,
      BackendCapability.SHARED_WRITES, BackendCapability.TRUNCATE, BackendCapability.XATTRS,
      BackendCapability.PERMISSIONS);
  /**
   * File systems whose data this machine's page cache holds and whose kernel reads ahead from the device itself: the
   * shim's large requests buy nothing there, and a 4 MiB chunk no longer fits the CPU cache, so copying it in and out
   * of the buffer costs more than the small reads it saves (docs/benchmarks.md). Parallel and network file systems
   * (Lustre, GPFS, BeeGFS, NFS, FUSE mounts) are not listed: they keep the large requests the study is about.
   */
  private static final Set<String> PAGE_CACHE_FILE_SYSTEMS = Set.of("ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs",
      "jfs", "reiserfs", "bcachefs", "zfs", "tmpfs", "ramfs", "overlay");
  /** Read-ahead on those: Linux's own default readahead window (read_ahead_kb = 128), well inside any L2 cache. */
  static final int PAGE_CACHE_READ_AHEAD = 128 << 10;
  /** Hadoop names user attributes "user.x" and so does the kernel; only that namespace is passed through. */
  private static final String USER_XATTR_PREFIX = "user.";

  private final RootDirectory root;
  private final UnixNames names;
  private final long defaultBlockSize;
  private final PosixBlockLocator blockLocator;
  private final Mappability mappability;
  /** {@link #preferredBufferSize}: 0 for the configured read-ahead. */
  private final int readAhead;

  /** @param ownReadAhead the configured read-ahead applies whatever the root's file system is */
  PosixBackend(RootDirectory root, long defaultBlockSize, PosixBlockLocator blockLocator, boolean ownReadAhead)
      throws IOException {
    this.root = root;
    this.names = new UnixNames();
    this.defaultBlockSize = defaultBlockSize;
    this.blockLocator = blockLocator;
    this.mappability = new Mappability(root.path());
    this.readAhead = !ownReadAhead
        && PAGE_CACHE_FILE_SYSTEMS.contains(Files.getFileStore(root.path()).type()) ? PAGE_CACHE_READ_AHEAD : 0;
  }

  /** The real path of the directory that pfs:/// maps to. */
  public Path root() {
    return root.path();
  }

  @Override
  public String name() {
    return "posix";
  }

  @Override
  public Set<BackendCapability> capabilities() {
    return CAPABILITIES;
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    try {
      RootDirectory.Stat stat = root.stat(path, false);
      return info(path, stat, stat.isSymlink() ? root.readLink(path) : null);
    } catch (ErrnoException e) {
      throw translateStat(path, e);
    }
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    try {
      return info(path, root.stat(path, true), null);
    } catch (ErrnoException e) {
      throw translateStat(path, e);
    }
  }

  /** A stat that meets a file where a directory should be finds nothing: not found, not a failure. */
  private IOException translateStat(String path, ErrnoException e) {
    if (e.errno() != ErrnoException.ENOTDIR) {
      return translate(path, e);
    }
    FileNotFoundException notFound = new FileNotFoundException("pfs path not found: " + path
        + " (an ancestor is a file)");
    notFound.initCause(e);
    return notFound;
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    List<RootDirectory.Entry> entries;
    try {
      entries = root.list(directory);
    } catch (ErrnoException e) {
      throw translate(directory, e);
    }
    String prefix = directory.endsWith("/") ? directory : directory + "/";
    List<FileInfo> infos = new ArrayList<>(entries.size());
    for (RootDirectory.Entry entry : entries) {
      if (entry.stat().isSymlink() && entry.linkTarget() == null) {
        continue; // a link removed while the directory was listed
      }
      infos.add(info(prefix + entry.name(), entry.stat(), entry.linkTarget()));
    }
    return infos;
  }

  private FileInfo info(String path, RootDirectory.Stat stat, String symlinkTarget) {
    boolean directory = stat.isDirectory();
    return new FileInfo(path, directory, directory ? 0 : stat.size(), stat.modifiedMillis(), stat.accessedMillis(),
        new FsPermission((short) stat.permissions()), names.user(stat.uid()), names.group(stat.gid()),
        defaultBlockSize, (short) 1, symlinkTarget);
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    try {
      root.mkdir(path, permission.toShort());
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void delete(String path) throws IOException {
    try {
      root.remove(path);
    } catch (ErrnoException e) {
      if (e.errno() == ErrnoException.ENOTEMPTY) {
        throw new PathIsNotEmptyDirectoryException(path);
      }
      throw translate(path, e);
    }
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    try {
      root.rename(source, destination);
    } catch (ErrnoException e) {
      throw translate(source + " -> " + destination, e);
    }
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    return new PosixReadHandle(open(path, RootDirectory.OPEN_READ, null), path, mappability);
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    int mode = options.overwrite() ? RootDirectory.OPEN_CREATE_TRUNCATE : RootDirectory.OPEN_CREATE_NEW;
    return new PosixWriteHandle(open(path, mode, options.permission()), 0);
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    FileChannel channel = open(path, RootDirectory.OPEN_WRITE, null);
    return new PosixWriteHandle(channel, channel.size());
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    FileChannel channel;
    try {
      // the permission applies to a file this call creates, never to one that other writers opened first
      channel = open(path, RootDirectory.OPEN_CREATE_NEW, options.permission());
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException exists) {
      channel = open(path, RootDirectory.OPEN_WRITE, null);
    }
    return new PosixWriteHandle(channel, channel.size());
  }

  private FileChannel open(String path, int mode, FsPermission permission) throws IOException {
    try {
      return root.openChannel(path, mode, permission == null ? -1 : permission.toShort());
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    try (FileChannel channel = open(path, RootDirectory.OPEN_WRITE, null)) {
      channel.truncate(length);
    }
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    try (FileChannel out = open(target, RootDirectory.OPEN_WRITE, null)) {
      long position = out.size();
      for (String source : sources) {
        try (FileChannel in = open(source, RootDirectory.OPEN_READ, null)) {
          long size = in.size();
          long copied = 0;
          while (copied < size) {
            long n = in.transferTo(copied, size - copied, out.position(position + copied));
            if (n <= 0) {
              throw new IOException("concat of " + source + " into " + target + " stopped at byte " + copied
                  + " of " + size);
            }
            copied += n;
          }
          position += size;
        }
      }
      out.force(true);
    }
    // sources are deleted only once all bytes are in the target: a failure above loses nothing
    for (String source : sources) {
      delete(source);
    }
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    try {
      root.setTimes(path, modificationTimeMillis, accessTimeMillis);
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    try {
      root.chmod(path, permission.toShort());
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    UnixNames.Owner owner = names.owner(path, user, group);
    try {
      root.chown(path, owner.uid(), owner.gid());
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
  }


  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    Map<String, byte[]> values = new LinkedHashMap<>();
    try {
      for (String name : root.listXattrs(path)) {
        if (name.startsWith(USER_XATTR_PREFIX)) {
          byte[] value = root.getXattr(path, name);
          if (value != null) {
            values.put(name, value);
          }
        }
      }
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
    return values;
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    checkUserNamespace(path, name);
    int flags = create && replace ? 0 : create ? RootDirectory.XATTR_CREATE : RootDirectory.XATTR_REPLACE;
    try {
      root.setXattr(path, name, value == null ? new byte[0] : value, flags);
    } catch (ErrnoException e) {
      if (e.errno() == ErrnoException.EEXIST) {
        throw new IOException("xattr " + name + " of pfs path " + path + " already exists (replace flag not given)");
      }
      if (e.errno() == ErrnoException.ENODATA) {
        throw new IOException("xattr " + name + " of pfs path " + path + " does not exist (create flag not given)");
      }
      throw translate(path, e);
    }
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    checkUserNamespace(path, name);
    try {
      root.removeXattr(path, name);
    } catch (ErrnoException e) {
      if (e.errno() == ErrnoException.ENODATA) {
        throw new IOException("xattr " + name + " of pfs path " + path + " does not exist");
      }
      throw translate(path, e);
    }
  }

  private static void checkUserNamespace(String path, String name) throws IOException {
    if (!name.startsWith(USER_XATTR_PREFIX) || name.length() == USER_XATTR_PREFIX.length()) {
      throw new IOException("xattr " + name + " of pfs path " + path
          + ": the POSIX backend passes through only the user namespace (names starting with \"user.\")");
    }
  }

  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    int slash = path.lastIndexOf('/');
    String directory = slash <= 0 ? "/" : path.substring(0, slash);
    try {
      return blockLocator.locate(xattrs(path), path.equals("/") ? null : xattrs(directory), file, start, length);
    } catch (ErrnoException e) {
      throw translate(path, e);
    }
  }

  /** A file's attributes in every namespace, read beneath the root. */
  private XattrReader.Source xattrs(String path) {
    return new XattrReader.Source() {
      @Override
      public byte[] get(String name) throws IOException {
        return root.getXattr(path, name);
      }

      @Override
      public List<String> names() throws IOException {
        return root.listXattrs(path);
      }
    };
  }

  @Override
  public FsStatus status() throws IOException {
    FileStore store = Files.getFileStore(root());
    long capacity = store.getTotalSpace();
    // remaining is what this user may still write (df's "Avail"), used is what is allocated (df's "Used")
    return new FsStatus(capacity, capacity - store.getUnallocatedSpace(), store.getUsableSpace());
  }

  /** A cache-sized read-ahead on a local file system (unless the configuration chose its own), else 0. */
  @Override
  public int preferredBufferSize(FileInfo file) {
    return readAhead;
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return ByteBuffer.allocateDirect(capacity);
  }

  @Override
  public void close() throws IOException {
    root.close();
  }

  /**
   * A failed call as the exception Hadoop callers expect, naming the pfs path (never the local one). EXDEV from the
   * kernel's walk means the path leads outside the root: the refusal names the symlink that does it.
   */
  private IOException translate(String path, ErrnoException e) {
    IOException translated = switch (e.errno()) {
      case ErrnoException.EXDEV -> e.call().equals("openat2") ? refusal(path) : null;
      case ErrnoException.ENOENT -> new FileNotFoundException("pfs path not found: " + path);
      case ErrnoException.EEXIST -> new org.apache.hadoop.fs.FileAlreadyExistsException("pfs path already exists: "
          + path);
      case ErrnoException.ENOTDIR -> new org.apache.hadoop.fs.ParentNotDirectoryException("pfs path " + path
          + ": not a directory");
      case ErrnoException.EACCES, ErrnoException.EPERM -> new AccessControlException("pfs path " + path
          + ": permission denied (" + e.getMessage() + ")");
      case ErrnoException.ELOOP -> new IOException("pfs path " + path + ": too many levels of symbolic links");
      default -> null;
    };
    if (translated == null) {
      translated = new IOException("pfs path " + path + ": " + e.reason()
          + (e.errno() == 0 ? "" : " (" + e.call() + ")"));
    }
    translated.initCause(e);
    return translated;
  }

  /**
   * The refusal of a path whose resolution would leave the root. The kernel has refused already; walking the path
   * once more, beneath the root too, only finds the symlink to name in the message.
   */
  private AccessControlException refusal(String path) {
    String reason = "resolving it leads outside the root " + root() + " (a component was changed meanwhile)";
    StringBuilder prefix = new StringBuilder();
    for (String part : path.split("/")) {
      if (part.isEmpty()) {
        continue;
      }
      prefix.append('/').append(part);
      String link = prefix.toString();
      try {
        if (!root.stat(link, false).isSymlink()) {
          continue;
        }
        String target = root.readLink(link);
        try {
          root.stat(link, true);
          continue; // this link stays inside (or dangles there): the way out is further on
        } catch (ErrnoException followed) {
          if (followed.errno() != ErrnoException.EXDEV) {
            continue;
          }
        }
        reason = target.startsWith("/")
            ? link + " is an absolute symlink (to " + target + "); only relative symlinks that stay inside the root "
                + root() + " are followed"
            : "symlink " + link + " -> " + target + " leads outside the root " + root();
        break;
      } catch (IOException unexplained) {
        break;
      }
    }
    return new AccessControlException("pfs path " + path + " is refused: " + reason);
  }
}
