package io.pfsmix.fs.ceph;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;

import com.ceph.crush.Bucket;
import com.ceph.fs.CephFileExtent;
import com.ceph.fs.CephMount;
import com.ceph.fs.CephStat;
import com.ceph.fs.CephStatVFS;

import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;

/**
 * The pfs storage backend over CephFS through libcephfs (JNI): every operation is a CephMount call, without a kernel
 * or FUSE mount in between.
 *
 * <p>Buffers: libcephfs-java reads and writes whole byte[]s from index 0, so {@link #allocateBuffer} returns heap
 * buffers whose array starts at offset 0 and the shim's read-ahead and write-behind buffers go to the native call as
 * they are. A caller's buffer that does not start at array index 0 (a slice, a direct buffer) is copied through a
 * scratch array; {@link #bufferCopies()} counts those copies.
 */
public final class CephFsBackend implements StorageBackend {

  private static final Set<BackendCapability> CAPABILITIES = EnumSet.of(BackendCapability.APPEND,
      BackendCapability.SHARED_WRITES, BackendCapability.TRUNCATE, BackendCapability.XATTRS,
      BackendCapability.PERMISSIONS);

  /** libcephfs-jni passes file offsets to C as int: beyond this, position the descriptor with lseek first. */
  static final long LARGEST_JNI_OFFSET = Integer.MAX_VALUE;

  private final CephMount mount;
  private final CephIo io;
  private final CephLayoutPolicy layouts;
  private final UnixNames names = UnixNames.load();
  private final Map<String, Short> replicationByPool = new ConcurrentHashMap<>();
  private final AtomicLong bufferCopies = new AtomicLong();
  private final AtomicLong copiedBytes = new AtomicLong();
  private volatile boolean closed;

  CephFsBackend(CephMount mount, Configuration conf) throws IOException {
    this.mount = mount;
    this.io = new CephIo(conf.getLong(CephConfigKeys.IO_TIMEOUT_SECONDS, CephConfigKeys.IO_TIMEOUT_SECONDS_DEFAULT));
    int granularity = CephCalls.call("get_stripe_unit_granularity", "/", mount::get_stripe_unit_granularity);
    this.layouts = new CephLayoutPolicy(conf, granularity);
    for (Map.Entry<Short, String> pool : layouts.pools().entrySet()) {
      try {
        CephCalls.raw(() -> mount.get_pool_id(pool.getValue()));
      } catch (IOException e) {
        throw new IOException("data pool '" + pool.getValue() + "' for replication " + pool.getKey() + " ("
            + CephConfigKeys.REPLICATION_POOLS + ") does not exist in the cluster", e);
      }
    }
    if (conf.getBoolean(CephConfigKeys.LOCALIZE_READS, CephConfigKeys.LOCALIZE_READS_DEFAULT)) {
      CephCalls.run("localize_reads", "/", () -> mount.localize_reads(true));
    }
  }

  /** Mounts CephFS as configured and returns a backend over it. */
  public static CephFsBackend mount(Configuration conf) throws IOException {
    CephMount mount = CephMounts.mount(conf);
    try {
      return new CephFsBackend(mount, conf);
    } catch (IOException | RuntimeException e) {
      CephMounts.unmountQuietly(mount);
      throw e;
    }
  }

  @Override
  public String name() {
    return CephConfigKeys.BACKEND_NAME;
  }

  @Override
  public Set<BackendCapability> capabilities() {
    return CAPABILITIES;
  }

  /** How many reads and writes went through a scratch array because the caller's buffer was not at array index 0. */
  public long bufferCopies() {
    return bufferCopies.get();
  }

  /** Bytes copied by those reads and writes. */
  public long copiedBytes() {
    return copiedBytes.get();
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    CephStat stat = new CephStat();
    try {
      CephCalls.run("stat", path, () -> mount.lstat(path, stat));
    } catch (AccessControlException denied) {
      // libcephfs answers EACCES, not ENOTDIR, when the walk meets a file: then nothing exists at this path
      String ancestor = fileAncestor(path);
      if (ancestor != null) {
        FileNotFoundException notFound = new FileNotFoundException("cephfs stat " + path + ": no such file or "
            + "directory (" + ancestor + " is a file)");
        notFound.initCause(denied);
        throw notFound;
      }
      throw denied;
    }
    return info(path, stat);
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    CephStat stat = new CephStat();
    CephCalls.run("stat", path, () -> mount.stat(path, stat));
    return info(path, stat);
  }

  /** The nearest proper ancestor of a path that exists and is not a directory, or null. */
  private String fileAncestor(String path) {
    for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      String ancestor = path.substring(0, slash);
      CephStat stat = new CephStat();
      try {
        CephCalls.run("stat", ancestor, () -> mount.lstat(ancestor, stat));
        return stat.isDir() ? null : ancestor;
      } catch (IOException unreachable) {
        // look further up
      }
    }
    return null;
  }

  private FileInfo info(String path, CephStat stat) throws IOException {
    String target = stat.isSymlink() ? CephCalls.call("readlink", path, () -> mount.readlink(path)) : null;
    long blockSize = 0;
    short replication = 0;
    if (stat.isFile()) {
      blockSize = Long.parseLong(xattr(path, "ceph.file.layout.object_size"));
      replication = poolReplication(xattr(path, "ceph.file.layout.pool"));
    }
    return new FileInfo(path, stat.isDir(), stat.isFile() ? stat.size : 0, stat.m_time, stat.a_time,
        new FsPermission((short) (stat.mode & 07777)), names.user(stat.uid), names.group(stat.gid), blockSize,
        replication, target);
  }

  private String xattr(String path, String name) throws IOException {
    byte[] value = CephCalls.call("getxattr " + name, path, () -> {
      long size = mount.getxattr(path, name, null);
      byte[] buffer = new byte[(int) size];
      long read = mount.getxattr(path, name, buffer);
      return read == size ? buffer : java.util.Arrays.copyOf(buffer, (int) Math.min(read, size));
    });
    return new String(value, StandardCharsets.UTF_8).trim();
  }

  private short poolReplication(String pool) throws IOException {
    Short known = replicationByPool.get(pool);
    if (known != null) {
      return known;
    }
    short replicas = CephCalls.call("get_pool_replication", pool,
        () -> (short) mount.get_pool_replication(mount.get_pool_id(pool)));
    replicationByPool.put(pool, replicas);
    return replicas;
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    String[] entries = CephCalls.call("listdir", directory, () -> mount.listdir(directory));
    List<FileInfo> infos = new ArrayList<>(entries.length);
    String prefix = directory.endsWith("/") ? directory : directory + "/";
    for (String entry : entries) {
      try {
        infos.add(stat(prefix + entry));
      } catch (FileNotFoundException deletedMeanwhile) {
        // listed, then removed by another client before we could stat it
      }
    }
    return infos;
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    CephCalls.run("mkdir", path, () -> mount.mkdir(path, permission.toShort()));
  }

  @Override
  public void delete(String path) throws IOException {
    CephStat stat = new CephStat();
    CephCalls.run("stat", path, () -> mount.lstat(path, stat));
    if (stat.isDir()) {
      CephCalls.run("rmdir", path, () -> mount.rmdir(path));
    } else {
      CephCalls.run("unlink", path, () -> mount.unlink(path));
    }
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    CephCalls.run("rename to " + destination + " from", source, () -> mount.rename(source, destination));
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    int fd = CephCalls.call("open", path, () -> mount.open(path, CephMount.O_RDONLY, 0));
    return new CephReadHandle(this, fd, path);
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    CephLayoutPolicy.Layout layout = layouts.layoutFor(options);
    int flags = CephMount.O_WRONLY | CephMount.O_CREAT | CephMount.O_EXCL;
    try {
      return new CephWriteHandle(this, openWithLayout(path, flags, options, layout), path, 0);
    } catch (FileAlreadyExistsException exists) {
      if (!options.overwrite()) {
        throw exists;
      }
      // Replace the file rather than truncate it, so the new file gets the layout asked for now.
      CephCalls.run("unlink", path, () -> mount.unlink(path));
      return new CephWriteHandle(this, openWithLayout(path, flags, options, layout), path, 0);
    }
  }

  private int openWithLayout(String path, int flags, CreateOptions options, CephLayoutPolicy.Layout layout)
      throws IOException {
    return CephCalls.call("create (layout " + layout + ")", path, () -> mount.open(path, flags,
        options.permission().toShort(), layout.stripeUnit(), layout.stripeCount(), layout.objectSize(),
        layout.pool()));
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    int fd = CephCalls.call("open for append", path, () -> mount.open(path, CephMount.O_WRONLY, 0));
    return new CephWriteHandle(this, fd, path, fileLength(fd, path));
  }

  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    CephLayoutPolicy.Layout layout = layouts.layoutFor(options);
    int fd = openWithLayout(path, CephMount.O_WRONLY | CephMount.O_CREAT, options, layout);
    return new CephWriteHandle(this, fd, path, fileLength(fd, path));
  }

  long fileLength(int fd, String path) throws IOException {
    CephStat stat = new CephStat();
    io.run("fstat", path, () -> mount.fstat(fd, stat));
    return stat.size;
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    CephCalls.run("truncate", path, () -> mount.truncate(path, length));
  }

  /** CephFS has no concat: the sources' bytes are copied to the target's end, then the sources deleted. */
  @Override
  public void concat(String target, List<String> sources) throws IOException {
    ByteBuffer buffer = allocateBuffer(4 << 20);
    try (WriteHandle out = openForAppend(target)) {
      long position = out.initialLength();
      for (String source : sources) {
        try (ReadHandle in = openForRead(source)) {
          long offset = 0;
          int read;
          while ((read = in.read(offset, buffer.clear())) > 0) {
            offset += read;
            out.write(position, buffer.flip());
            position += read;
          }
        }
      }
      out.sync(true);
    }
    for (String source : sources) {
      delete(source);
    }
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    CephStat stat = new CephStat();
    int mask = 0;
    // libcephfs-jni takes milliseconds, as its stat reports them; -1 means "leave unchanged" in Hadoop.
    if (modificationTimeMillis >= 0) {
      stat.m_time = modificationTimeMillis;
      mask |= CephMount.SETATTR_MTIME;
    }
    if (accessTimeMillis >= 0) {
      stat.a_time = accessTimeMillis;
      mask |= CephMount.SETATTR_ATIME;
    }
    if (mask != 0) {
      int attributes = mask;
      CephCalls.run("setattr times", path, () -> mount.setattr(path, stat, attributes));
    }
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    CephCalls.run("chmod", path, () -> mount.chmod(path, permission.toShort()));
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    CephStat stat = new CephStat();
    int mask = 0;
    if (user != null) {
      stat.uid = names.uid(user);
      mask |= CephMount.SETATTR_UID;
    }
    if (group != null) {
      stat.gid = names.gid(group);
      mask |= CephMount.SETATTR_GID;
    }
    if (mask != 0) {
      int attributes = mask;
      CephCalls.run("setattr owner", path, () -> mount.setattr(path, stat, attributes));
    }
  }

  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    String[] xattrNames = CephCalls.call("listxattr", path, () -> mount.listxattr(path));
    Map<String, byte[]> xattrs = new LinkedHashMap<>();
    for (String xattrName : xattrNames) {
      xattrs.put(xattrName, CephCalls.call("getxattr " + xattrName, path, () -> {
        byte[] value = new byte[(int) mount.getxattr(path, xattrName, null)];
        mount.getxattr(path, xattrName, value);
        return value;
      }));
    }
    return xattrs;
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    int flags = create && replace ? CephMount.XATTR_NONE : create ? CephMount.XATTR_CREATE : CephMount.XATTR_REPLACE;
    CephCalls.run("setxattr " + name, path, () -> mount.setxattr(path, name, value, value.length, flags));
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    CephCalls.run("removexattr " + name, path, () -> mount.removexattr(path, name));
  }

  /**
   * One location per stripe unit the range touches: the OSDs holding that stripe's object (get_file_extent), named by
   * their addresses, on their CRUSH hosts, with topology /root/host/osd.N (distinct even for OSDs sharing an address).
   */
  @Override
  public FsStatus status() throws IOException {
    CephStatVFS vfs = new CephStatVFS();
    CephCalls.run("statfs", "/", () -> mount.statfs("/", vfs));
    if (vfs.blocks == 0) {
      // the monitors learn space usage from a manager; a cluster without one reports none. Hadoop's "unknown" is
      // unlimited, which callers must not read as a full file system
      return new FsStatus(Long.MAX_VALUE, 0, Long.MAX_VALUE);
    }
    // libcephfs reports available blocks only: used is what is not available
    long capacity = vfs.blocks * vfs.frsize;
    long remaining = vfs.bavail * vfs.frsize;
    return new FsStatus(capacity, capacity - remaining, remaining);
  }

  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    long end = Math.min(file.length(), start + length);
    if (start >= end || file.isDirectory()) {
      return new BlockLocation[0];
    }
    int fd = CephCalls.call("open", path, () -> mount.open(path, CephMount.O_RDONLY, 0));
    try {
      long stripeUnit = CephCalls.call("get_file_stripe_unit", path, () -> mount.get_file_stripe_unit(fd));
      List<BlockLocation> locations = new ArrayList<>();
      for (long offset = start - start % stripeUnit; offset < end; offset += stripeUnit) {
        long at = offset;
        CephFileExtent extent = CephCalls.call("get_file_extent at " + at, path, () -> mount.get_file_extent(fd, at));
        int[] osds = extent.getOSDs();
        String[] hostNames = new String[osds.length];
        String[] addresses = new String[osds.length];
        String[] topology = new String[osds.length];
        for (int i = 0; i < osds.length; i++) {
          OsdPlace place = osdPlace(osds[i]);
          hostNames[i] = place.host();
          addresses[i] = place.address();
          topology[i] = place.topologyPath();
        }
        locations.add(new BlockLocation(addresses, hostNames, topology, offset,
            Math.min(stripeUnit, file.length() - offset)));
      }
      return locations.toArray(new BlockLocation[0]);
    } finally {
      closeDescriptor(fd, path);
    }
  }

  /** Where an OSD lives: its CRUSH host, its address, and the CRUSH path from the root. */
  record OsdPlace(String host, String address, String topologyPath) {
  }

  private final Map<Integer, OsdPlace> osdPlaces = new ConcurrentHashMap<>();

  OsdPlace osdPlace(int osd) throws IOException {
    OsdPlace known = osdPlaces.get(osd);
    if (known != null) {
      return known;
    }
    Bucket[] buckets = CephCalls.call("get_osd_crush_location", "osd." + osd, () -> mount.get_osd_crush_location(osd));
    InetAddress address = CephCalls.call("get_osd_address", "osd." + osd, () -> mount.get_osd_address(osd));
    String host = "osd." + osd;
    StringBuilder path = new StringBuilder();
    for (Bucket bucket : buckets) {
      if ("host".equals(bucket.getType())) {
        host = bucket.getName();
      } else {
        path.append('/').append(bucket.getName());
      }
    }
    String addressText = address.getHostAddress();
    OsdPlace place = new OsdPlace(host, addressText, path + "/" + host + "/osd." + osd);
    osdPlaces.put(osd, place);
    return place;
  }

  /** The stripe unit of a file: the read-ahead size that fills whole stripes with one libcephfs read. */
  @Override
  public int preferredBufferSize(FileInfo file) {
    if (file.isDirectory()) {
      return 0;
    }
    try {
      return Integer.parseInt(xattr(file.path(), "ceph.file.layout.stripe_unit"));
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return ByteBuffer.allocate(capacity);
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      io.close();
      CephCalls.run("unmount", "/", mount::unmount);
    }
  }

  // ---- used by the handles ----

  CephMount mount() {
    return mount;
  }

  CephIo io() {
    return io;
  }

  void countCopy(int bytes) {
    bufferCopies.incrementAndGet();
    copiedBytes.addAndGet(bytes);
  }

  void closeDescriptor(int fd, String path) throws IOException {
    io.run("close", path, () -> mount.close(fd));
  }

  @Override
  public String toString() {
    return "CephFsBackend[" + (closed ? "closed" : "mounted") + "]";
  }
}
