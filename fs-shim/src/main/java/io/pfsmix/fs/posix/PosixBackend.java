package io.pfsmix.fs.posix;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;

import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;

/**
 * A parallel file system mounted as a POSIX directory tree (Lustre, GPFS, BeeGFS, CephFS or OrangeFS mounts, or a local
 * directory): positioned reads and writes through {@link FileChannel}, metadata through NIO attribute views, every path
 * confined to the root by {@link PosixJail}.
 */
public final class PosixBackend implements StorageBackend {

  private static final Set<BackendCapability> CAPABILITIES = EnumSet.of(BackendCapability.APPEND,
      BackendCapability.SHARED_WRITES, BackendCapability.TRUNCATE, BackendCapability.XATTRS,
      BackendCapability.PERMISSIONS, BackendCapability.SYMLINKS);
  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
  /** Hadoop names user attributes "user.x"; NIO's user view names them "x". */
  private static final String USER_XATTR_PREFIX = "user.";

  private final PosixJail jail;
  private final long defaultBlockSize;
  private final PosixBlockLocator blockLocator;

  PosixBackend(Path realRoot, long defaultBlockSize, PosixBlockLocator blockLocator) {
    this.jail = new PosixJail(realRoot);
    this.defaultBlockSize = defaultBlockSize;
    this.blockLocator = blockLocator;
  }

  /** The real path of the directory that pfs:/// maps to. */
  public Path root() {
    return jail.root();
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
    Path local = jail.resolve(path, false);
    PosixFileAttributes attributes;
    try {
      attributes = Files.readAttributes(local, PosixFileAttributes.class, NOFOLLOW);
    } catch (FileSystemException e) {
      if (isNotDirectory(e)) {
        // an ancestor is a file: nothing exists at this path
        FileNotFoundException notFound = new FileNotFoundException("pfs path not found: " + path
            + " (an ancestor is a file)");
        notFound.initCause(e);
        throw notFound;
      }
      throw translate(path, e);
    } catch (IOException e) {
      throw translate(path, e);
    }
    return info(path, local, attributes);
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    Path local = jail.resolve(directory, true);
    List<FileInfo> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(local)) {
      String prefix = directory.endsWith("/") ? directory : directory + "/";
      for (Path entry : stream) {
        String entryPath = prefix + entry.getFileName();
        try {
          entries.add(info(entryPath, entry, Files.readAttributes(entry, PosixFileAttributes.class, NOFOLLOW)));
        } catch (NoSuchFileException deletedMeanwhile) {
          // listing and deletion race: the entry is simply gone
        }
      }
    } catch (IOException e) {
      throw translate(directory, e);
    }
    return entries;
  }

  private FileInfo info(String path, Path local, PosixFileAttributes attributes) throws IOException {
    String symlinkTarget = null;
    if (attributes.isSymbolicLink()) {
      symlinkTarget = Files.readSymbolicLink(local).toString();
    }
    return new FileInfo(path, attributes.isDirectory(), attributes.isDirectory() ? 0 : attributes.size(),
        attributes.lastModifiedTime().toMillis(), attributes.lastAccessTime().toMillis(),
        permission(attributes.permissions()), attributes.owner().getName(), attributes.group().getName(),
        defaultBlockSize, (short) 1, symlinkTarget);
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    Path local = jail.resolve(path, false);
    try {
      Files.createDirectory(local);
      Files.setPosixFilePermissions(local, permissions(permission));
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void delete(String path) throws IOException {
    Path local = jail.resolve(path, false);
    try {
      Files.delete(local);
    } catch (DirectoryNotEmptyException e) {
      throw new PathIsNotEmptyDirectoryException(path);
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    Path from = jail.resolve(source, false);
    Path to = jail.resolve(destination, false);
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw translate(source + " -> " + destination, e);
    }
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    Path local = jail.resolve(path, true);
    return new PosixReadHandle(open(path, local, Set.<OpenOption>of(StandardOpenOption.READ)));
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    Path local = jail.resolve(path, true);
    Set<OpenOption> flags = options.overwrite()
        ? Set.<OpenOption>of(StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)
        : Set.<OpenOption>of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
    FileChannel channel = open(path, local, flags);
    applyPermission(path, local, options.permission(), channel);
    return new PosixWriteHandle(channel, 0);
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    Path local = jail.resolve(path, true);
    FileChannel channel = open(path, local, Set.<OpenOption>of(StandardOpenOption.WRITE));
    return new PosixWriteHandle(channel, channel.size());
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    Path local = jail.resolve(path, true);
    boolean existed = Files.exists(local, NOFOLLOW);
    FileChannel channel = open(path, local, Set.<OpenOption>of(StandardOpenOption.WRITE, StandardOpenOption.CREATE));
    if (!existed) {
      applyPermission(path, local, options.permission(), channel);
    }
    return new PosixWriteHandle(channel, channel.size());
  }

  /** Opens without following a final symlink unless the jail has checked that link (it then points inside). */
  private static FileChannel open(String path, Path local, Set<OpenOption> flags) throws IOException {
    Set<OpenOption> options = new java.util.HashSet<>(flags);
    if (!Files.isSymbolicLink(local)) {
      options.add(LinkOption.NOFOLLOW_LINKS);
    }
    try {
      return FileChannel.open(local, options);
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  private static void applyPermission(String path, Path local, FsPermission permission, FileChannel channel)
      throws IOException {
    if (permission == null) {
      return;
    }
    try {
      Files.setPosixFilePermissions(local, permissions(permission));
    } catch (IOException e) {
      channel.close();
      throw translate(path, e);
    }
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    Path local = jail.resolve(path, true);
    try (FileChannel channel = open(path, local, Set.<OpenOption>of(StandardOpenOption.WRITE))) {
      channel.truncate(length);
    }
  }

  @Override
  public void concat(String target, List<String> sources) throws IOException {
    Path targetLocal = jail.resolve(target, true);
    List<Path> sourceLocals = new ArrayList<>(sources.size());
    for (String source : sources) {
      sourceLocals.add(jail.resolve(source, true));
    }
    try (FileChannel out = open(target, targetLocal, Set.<OpenOption>of(StandardOpenOption.WRITE))) {
      long position = out.size();
      for (int i = 0; i < sourceLocals.size(); i++) {
        try (FileChannel in = open(sources.get(i), sourceLocals.get(i), Set.<OpenOption>of(StandardOpenOption.READ))) {
          long size = in.size();
          long copied = 0;
          while (copied < size) {
            long n = in.transferTo(copied, size - copied, out.position(position + copied));
            if (n <= 0) {
              throw new IOException("concat of " + sources.get(i) + " into " + target + " stopped at byte " + copied
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
    for (int i = 0; i < sourceLocals.size(); i++) {
      try {
        Files.delete(sourceLocals.get(i));
      } catch (IOException e) {
        throw translate(sources.get(i), e);
      }
    }
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    Path local = jail.resolve(path, true);
    try {
      Files.getFileAttributeView(local, BasicFileAttributeView.class).setTimes(time(modificationTimeMillis),
          time(accessTimeMillis), null);
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  private static FileTime time(long millis) {
    return millis < 0 ? null : FileTime.fromMillis(millis);
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    Path local = jail.resolve(path, true);
    try {
      Files.setPosixFilePermissions(local, permissions(permission));
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    Path local = jail.resolve(path, true);
    PosixFileAttributeView view = Files.getFileAttributeView(local, PosixFileAttributeView.class);
    UserPrincipalLookupService lookup = local.getFileSystem().getUserPrincipalLookupService();
    try {
      if (user != null) {
        UserPrincipal owner = lookup.lookupPrincipalByName(user);
        view.setOwner(owner);
      }
      if (group != null) {
        GroupPrincipal groupPrincipal = lookup.lookupPrincipalByGroupName(group);
        view.setGroup(groupPrincipal);
      }
    } catch (java.nio.file.attribute.UserPrincipalNotFoundException e) {
      throw new IOException("setOwner of pfs path " + path + ": no such user or group '" + e.getName() + "'", e);
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    UserDefinedFileAttributeView view = xattrView(path);
    Map<String, byte[]> values = new LinkedHashMap<>();
    try {
      for (String name : view.list()) {
        ByteBuffer value = ByteBuffer.allocate(view.size(name));
        view.read(name, value);
        values.put(USER_XATTR_PREFIX + name, value.array());
      }
    } catch (IOException e) {
      throw translate(path, e);
    }
    return values;
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    UserDefinedFileAttributeView view = xattrView(path);
    String localName = userName(path, name);
    boolean exists = view.list().contains(localName);
    if (exists && !replace) {
      throw new IOException("xattr " + name + " of pfs path " + path + " already exists (replace flag not given)");
    }
    if (!exists && !create) {
      throw new IOException("xattr " + name + " of pfs path " + path + " does not exist (create flag not given)");
    }
    try {
      view.write(localName, ByteBuffer.wrap(value == null ? new byte[0] : value));
    } catch (IOException e) {
      throw translate(path, e);
    }
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    UserDefinedFileAttributeView view = xattrView(path);
    String localName = userName(path, name);
    if (!view.list().contains(localName)) {
      throw new IOException("xattr " + name + " of pfs path " + path + " does not exist");
    }
    view.delete(localName);
  }

  private UserDefinedFileAttributeView xattrView(String path) throws IOException {
    Path local = jail.resolve(path, true);
    if (!Files.exists(local)) {
      throw new FileNotFoundException("pfs path not found: " + path);
    }
    return Files.getFileAttributeView(local, UserDefinedFileAttributeView.class);
  }

  private static String userName(String path, String name) throws IOException {
    if (!name.startsWith(USER_XATTR_PREFIX) || name.length() == USER_XATTR_PREFIX.length()) {
      throw new IOException("xattr " + name + " of pfs path " + path
          + ": the POSIX backend passes through only the user namespace (names starting with \"user.\")");
    }
    return name.substring(USER_XATTR_PREFIX.length());
  }

  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    return blockLocator.locate(jail.resolve(path, true), file, start, length);
  }

  @Override
  public FsStatus status() throws IOException {
    FileStore store = Files.getFileStore(root());
    long capacity = store.getTotalSpace();
    // remaining is what this user may still write (df's "Avail"), used is what is allocated (df's "Used")
    return new FsStatus(capacity, capacity - store.getUnallocatedSpace(), store.getUsableSpace());
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return ByteBuffer.allocateDirect(capacity);
  }

  @Override
  public void close() {
    // nothing is held open between operations
  }

  static FsPermission permission(Set<PosixFilePermission> permissions) {
    return new FsPermission(
        action(permissions, PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_EXECUTE),
        action(permissions, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE),
        action(permissions, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE));
  }

  private static FsAction action(Set<PosixFilePermission> permissions, PosixFilePermission read,
      PosixFilePermission write, PosixFilePermission execute) {
    FsAction action = FsAction.NONE;
    if (permissions.contains(read)) {
      action = action.or(FsAction.READ);
    }
    if (permissions.contains(write)) {
      action = action.or(FsAction.WRITE);
    }
    if (permissions.contains(execute)) {
      action = action.or(FsAction.EXECUTE);
    }
    return action;
  }

  static Set<PosixFilePermission> permissions(FsPermission permission) {
    Set<PosixFilePermission> result = EnumSet.noneOf(PosixFilePermission.class);
    add(result, permission.getUserAction(), PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
        PosixFilePermission.OWNER_EXECUTE);
    add(result, permission.getGroupAction(), PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.GROUP_EXECUTE);
    add(result, permission.getOtherAction(), PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
        PosixFilePermission.OTHERS_EXECUTE);
    return result;
  }

  private static void add(Set<PosixFilePermission> result, FsAction action, PosixFilePermission read,
      PosixFilePermission write, PosixFilePermission execute) {
    if (action.implies(FsAction.READ)) {
      result.add(read);
    }
    if (action.implies(FsAction.WRITE)) {
      result.add(write);
    }
    if (action.implies(FsAction.EXECUTE)) {
      result.add(execute);
    }
  }

  private static boolean isNotDirectory(FileSystemException e) {
    return e instanceof NotDirectoryException || "Not a directory".equals(e.getReason());
  }

  /** NIO's exceptions carry the local path; Hadoop callers expect java.io types naming the pfs path. */
  static IOException translate(String path, IOException e) {
    if (e instanceof NoSuchFileException) {
      FileNotFoundException notFound = new FileNotFoundException("pfs path not found: " + path);
      notFound.initCause(e);
      return notFound;
    }
    if (e instanceof FileAlreadyExistsException) {
      return new org.apache.hadoop.fs.FileAlreadyExistsException("pfs path already exists: " + path);
    }
    if (e instanceof FileSystemException fse && isNotDirectory(fse)) {
      return new org.apache.hadoop.fs.ParentNotDirectoryException("pfs path " + path + ": not a directory");
    }
    if (e instanceof AccessDeniedException) {
      return new org.apache.hadoop.security.AccessControlException("pfs path " + path + ": permission denied ("
          + e.getMessage() + ")");
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return new IOException("pfs path " + path + ": " + fse.getReason(), e);
    }
    return e;
  }
}
