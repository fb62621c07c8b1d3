package io.pfsmix.fs.ceph;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.backend.BackendCapability;
import io.pfsmix.fs.backend.ConcatByCopy;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.posix.CallDeadline;
import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.UnixNames;

/**
 * The pfs storage backend over CephFS through libcephfs, without a kernel or FUSE mount in between: fs-ceph's own
 * binding ({@link CephRoot}) resolves every path beneath the root inode itself, component by component, so nothing
 * outside {@code fs.pfs.cephfs.root.dir} is ever read or written.
 *
 * <p>Buffers: {@link #allocateBuffer} returns direct buffers, which libcephfs fills and drains in place, so the shim's
 * read-ahead and write-behind buffers reach it without a copy. A caller's heap buffer is copied through a direct
 * scratch buffer; {@link #bufferCopies()} counts those copies.
 */
public final class CephFsBackend implements StorageBackend {

  private static final Set<BackendCapability> CAPABILITIES = EnumSet.of(BackendCapability.APPEND,
      BackendCapability.SHARED_WRITES, BackendCapability.TRUNCATE, BackendCapability.XATTRS,
      BackendCapability.PERMISSIONS);

  private final CephRoot root;
  private final CallDeadline io;
  private final long ioTimeoutSeconds;
  private final CephLayoutPolicy layouts;
  private final UnixNames names = new UnixNames();
  private final Map<Integer, Short> replicationByPool = new ConcurrentHashMap<>();
  private final Map<Integer, OsdPlace> osdPlaces = new ConcurrentHashMap<>();
  private final AtomicLong bufferCopies = new AtomicLong();
  private final AtomicLong copiedBytes = new AtomicLong();
  private volatile boolean closed;

  CephFsBackend(CephRoot root, Configuration conf) throws IOException {
    this.root = root;
    this.ioTimeoutSeconds = PfsConfigValues.of(conf).duration(CephConfigKeys.IO_TIMEOUT_SECONDS,
        CephConfigKeys.IO_TIMEOUT_SECONDS_DEFAULT, TimeUnit.SECONDS, 0, Integer.MAX_VALUE);
    this.io = new CallDeadline(CephConfigKeys.BACKEND_NAME, CephConfigKeys.IO_TIMEOUT_SECONDS, ioTimeoutSeconds,
        "an OSD or the MDS may be down");
    int granularity = CephCalls.call("get_stripe_unit_granularity", "/", root::stripeUnitGranularity);
    this.layouts = new CephLayoutPolicy(conf, granularity);
    for (Map.Entry<Short, String> pool : layouts.pools().entrySet()) {
      try {
        root.poolId(pool.getValue());
      } catch (ErrnoException e) {
        throw new IOException("data pool '" + pool.getValue() + "' for replication " + pool.getKey() + " ("
            + CephConfigKeys.REPLICATION_POOLS + ") does not exist in the cluster", e);
      }
    }
    if (PfsConfigValues.of(conf).bool(CephConfigKeys.LOCALIZE_READS, CephConfigKeys.LOCALIZE_READS_DEFAULT)) {
      CephCalls.run("localize_reads", "/", () -> root.localizeReads(true));
    }
  }

  /** Mounts CephFS as configured and returns a backend over it. */
  public static CephFsBackend mount(Configuration conf) throws IOException {
    CephRoot root = CephMounts.mount(conf);
    try {
      return new CephFsBackend(root, conf);
    } catch (IOException | RuntimeException e) {
      try {
        root.close();
      } catch (IOException unmountFailed) {
        e.addSuppressed(unmountFailed);
      }
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

  /** How many reads and writes went through a scratch buffer because the caller's buffer was not direct. */
  public long bufferCopies() {
    return bufferCopies.get();
  }

  /** Bytes copied by those reads and writes. */
  public long copiedBytes() {
    return copiedBytes.get();
  }

  @Override
  public FileInfo stat(String path) throws IOException {
    return info(path, stat(path, false));
  }

  @Override
  public FileInfo statFollowingLinks(String path) throws IOException {
    return info(path, stat(path, true));
  }

  private CephRoot.Stat stat(String path, boolean followLinks) throws IOException {
    try {
      return root.stat(path, followLinks);
    } catch (ErrnoException e) {
      if (e.errno() == ErrnoException.ENOTDIR) {
        FileNotFoundException notFound = new FileNotFoundException("cephfs stat " + path + ": no such file or "
            + "directory (an ancestor is a file)");
        notFound.initCause(e);
        throw notFound;
      }
      throw CephCalls.translate("stat", path, e);
    }
  }

  private FileInfo info(String path, CephRoot.Stat stat) throws IOException {
    boolean file = stat.isFile();
    return new FileInfo(path, stat.isDirectory(), file ? stat.size() : 0, stat.modifiedMillis(),
        stat.accessedMillis(), new FsPermission((short) stat.permissions()), names.user(stat.uid()),
        names.group(stat.gid()), file ? stat.objectSize() : 0, file ? poolReplication(stat.pool()) : 0,
        stat.linkTarget());
  }

  private short poolReplication(int pool) throws IOException {
    Short known = replicationByPool.get(pool);
    if (known != null) {
      return known;
    }
    short replicas = CephCalls.call("get_pool_replication", "pool " + pool,
        () -> (short) root.poolReplication(pool));
    replicationByPool.put(pool, replicas);
    return replicas;
  }

  @Override
  public List<FileInfo> list(String directory) throws IOException {
    List<CephRoot.Entry> entries = CephCalls.call("listdir", directory, () -> root.list(directory));
    String prefix = directory.endsWith("/") ? directory : directory + "/";
    List<FileInfo> infos = new ArrayList<>(entries.size());
    for (CephRoot.Entry entry : entries) {
      if (entry.stat().isSymlink() && entry.stat().linkTarget() == null) {
        continue; // a link removed while the directory was listed
      }
      infos.add(info(prefix + entry.name(), entry.stat()));
    }
    return infos;
  }

  @Override
  public void mkdir(String path, FsPermission permission) throws IOException {
    CephCalls.run("mkdir", path, () -> root.mkdir(path, permission.toShort()));
  }

  @Override
  public void delete(String path) throws IOException {
    CephCalls.run("delete", path, () -> root.remove(path));
  }

  @Override
  public void rename(String source, String destination) throws IOException {
    CephCalls.run("rename", source + " -> " + destination, () -> root.rename(source, destination));
  }

  @Override
  public ReadHandle openForRead(String path) throws IOException {
    return new CephReadHandle(this, open(path, CephRoot.OPEN_READ, null, null), path);
  }

  @Override
  public WriteHandle create(String path, CreateOptions options) throws IOException {
    int mode = options.overwrite() ? CephRoot.OPEN_CREATE_REPLACE : CephRoot.OPEN_CREATE_NEW;
    return new CephWriteHandle(this, open(path, mode, options, layouts.layoutFor(options)), path, 0);
  }

  @Override
  public WriteHandle openForAppend(String path) throws IOException {
    CephRoot.OpenFile file = open(path, CephRoot.OPEN_WRITE, null, null);
    return new CephWriteHandle(this, file, path, length(file, path));
  }

  /** A new file gets the layout asked for; the other writers of an existing one use it as it is. */
  @Override
  public WriteHandle openShared(String path, CreateOptions options) throws IOException {
    CephRoot.OpenFile file = open(path, CephRoot.OPEN_SHARED, options, layouts.layoutFor(options));
    return new CephWriteHandle(this, file, path, length(file, path));
  }

  private CephRoot.OpenFile open(String path, int mode, CreateOptions options, CephLayoutPolicy.Layout layout)
      throws IOException {
    String operation = layout == null ? "open" : "create (layout " + layout + ")";
    return CephCalls.call(operation, path, () -> root.open(path, mode,
        options == null ? 0 : options.permission().toShort(), layout == null ? null : layout.xattr()));
  }

  private long length(CephRoot.OpenFile file, String path) throws IOException {
    try {
      return io.call("getattr", path, file::length);
    } catch (IOException e) {
      try {
        io.run("close", path, file::close);
      } catch (IOException alsoFailed) {
        e.addSuppressed(alsoFailed);
      }
      throw e;
    }
  }

  @Override
  public void truncate(String path, long length) throws IOException {
    CephCalls.run("truncate", path, () -> root.truncate(path, length));
  }

  /** CephFS has no concat: the sources' bytes are copied to the target's end, then the sources deleted. */
  @Override
  public void concat(String target, List<String> sources) throws IOException {
    ConcatByCopy.concat(this, target, sources);
  }

  @Override
  public void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException {
    CephCalls.run("setattr times", path, () -> root.setTimes(path, modificationTimeMillis, accessTimeMillis));
  }

  @Override
  public void setPermission(String path, FsPermission permission) throws IOException {
    CephCalls.run("chmod", path, () -> root.chmod(path, permission.toShort()));
  }

  @Override
  public void setOwner(String path, String user, String group) throws IOException {
    UnixNames.Owner owner = names.owner(path, user, group);
    CephCalls.run("setattr owner", path, () -> root.chown(path, owner.uid(), owner.gid()));
  }


  @Override
  public Map<String, byte[]> getXAttrs(String path) throws IOException {
    Map<String, byte[]> xattrs = new LinkedHashMap<>();
    for (String xattrName : CephCalls.call("listxattr", path, () -> root.listXattrs(path))) {
      byte[] value = CephCalls.call("getxattr " + xattrName, path, () -> root.getXattr(path, xattrName));
      if (value != null) {
        xattrs.put(xattrName, value);
      }
    }
    return xattrs;
  }

  @Override
  public void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    int flags = create && replace ? 0 : create ? CephRoot.XATTR_CREATE : CephRoot.XATTR_REPLACE;
    try {
      root.setXattr(path, name, value == null ? new byte[0] : value, flags);
    } catch (ErrnoException e) {
      if (e.errno() == ErrnoException.ENODATA) {
        throw new IOException("xattr " + name + " of pfs path " + path + " does not exist (create flag not given)", e);
      }
      throw CephCalls.translate("setxattr " + name, path, e);
    }
  }

  @Override
  public void removeXAttr(String path, String name) throws IOException {
    CephCalls.run("removexattr " + name, path, () -> root.removeXattr(path, name));
  }

  @Override
  public FsStatus status() throws IOException {
    long[] vfs = CephCalls.call("statfs", "/", root::statfs);
    long blocks = vfs[0];
    long fragment = vfs[1];
    long available = vfs[2];
    if (blocks == 0) {
      // the monitors learn space usage from a manager; a cluster without one reports none. Hadoop's "unknown" is
      // unlimited, which callers must not read as a full file system
      return new FsStatus(Long.MAX_VALUE, 0, Long.MAX_VALUE);
    }
    // libcephfs reports available blocks only: used is what is not available
    long capacity = blocks * fragment;
    long remaining = available * fragment;
    return new FsStatus(capacity, capacity - remaining, remaining);
  }

  /**
   * One location per stripe unit the range touches: the OSDs holding that stripe's object, named by their addresses,
   * on their CRUSH hosts, with topology /root/host/osd.N (distinct even for OSDs sharing an address).
   */
  @Override
  public BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException {
    long end = Math.min(file.length(), start + length);
    if (start >= end || file.isDirectory()) {
      return new BlockLocation[0];
    }
    CephRoot.Extents extents = CephCalls.call("get_file_extent_osds", path, () -> root.extents(path, start, end));
    List<BlockLocation> locations = new ArrayList<>();
    for (CephRoot.Extent extent : extents.extents()) {
      int[] osds = extent.osds();
      String[] hostNames = new String[osds.length];
      String[] addresses = new String[osds.length];
      String[] topology = new String[osds.length];
      for (int i = 0; i < osds.length; i++) {
        OsdPlace place = osdPlace(osds[i]);
        hostNames[i] = place.host();
        addresses[i] = place.address();
        topology[i] = place.topologyPath();
      }
      locations.add(new BlockLocation(addresses, hostNames, topology, extent.offset(),
          Math.min(extents.stripeUnit(), file.length() - extent.offset())));
    }
    return locations.toArray(new BlockLocation[0]);
  }

  /** Where an OSD lives: its CRUSH host, its address, and the CRUSH path from the root. */
  record OsdPlace(String host, String address, String topologyPath) {
  }

  OsdPlace osdPlace(int osd) throws IOException {
    OsdPlace known = osdPlaces.get(osd);
    if (known != null) {
      return known;
    }
    List<String[]> buckets = CephCalls.call("get_osd_crush_location", "osd." + osd, () -> root.osdLocation(osd));
    String address = CephCalls.call("get_osd_addr", "osd." + osd, () -> root.osdAddress(osd));
    String host = "osd." + osd;
    StringBuilder path = new StringBuilder();
    // from the OSD's bucket up to the root: the path is built from the root down
    for (String[] bucket : buckets) {
      if ("host".equals(bucket[0])) {
        host = bucket[1];
      } else {
        path.insert(0, "/" + bucket[1]);
      }
    }
    OsdPlace place = new OsdPlace(host, address, path + "/" + host + "/osd." + osd);
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
      return (int) Math.min(Integer.MAX_VALUE, root.stat(file.path(), true).stripeUnit());
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public ByteBuffer allocateBuffer(int capacity) {
    return ByteBuffer.allocateDirect(capacity);
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      io.close();
      root.close(ioTimeoutSeconds);
    }
  }

  // ---- used by the handles ----

  CallDeadline io() {
    return io;
  }

  void countCopy(int bytes) {
    bufferCopies.incrementAndGet();
    copiedBytes.addAndGet(bytes);
  }

  @Override
  public String toString() {
    return "CephFsBackend[" + root.directory() + ", " + (closed ? "closed" : "mounted") + "]";
  }
}
