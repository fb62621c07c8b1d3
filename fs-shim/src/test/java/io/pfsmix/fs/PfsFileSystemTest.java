package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.api.PositionedWriteFileSystem;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;
import io.pfsmix.fs.layout.LayoutConfigKeys;

/** What the contract suites do not cover: write-behind, positioned writes, attributes, layout, FileContext. */
class PfsFileSystemTest {

  private java.nio.file.Path root;
  private PfsFileSystem fs;
  private CountingBackend backend;

  @BeforeEach
  void setUp() throws Exception {
    root = PfsTestFileSystems.newRoot("fs");
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(PfsConfigKeys.BACKEND_DECORATORS, CountingBackend.Decorator.class.getName());
    conf.set(LayoutConfigKeys.STRIPE_SIZE, "1m");
    conf.set(LayoutConfigKeys.SERVERS, "io1,io2,io3");
    fs = PfsTestFileSystems.newFileSystem(conf);
    backend = CountingBackend.of(fs);
  }

  @AfterEach
  void tearDown() throws Exception {
    fs.close();
  }

  /** hadoop fs -df: the numbers of the disk holding the root, as df shows them (capacity is fixed, the rest moves). */
  @Test
  void statusReportsTheSpaceOfTheFileSystemHoldingTheRoot() throws Exception {
    java.nio.file.FileStore store = java.nio.file.Files.getFileStore(root);
    FsStatus status = fs.getStatus(new Path("/any/where"));
    assertThat(status.getCapacity()).isEqualTo(store.getTotalSpace()).isPositive();
    assertThat(status.getRemaining()).isPositive().isLessThanOrEqualTo(status.getCapacity());
    assertThat(status.getUsed()).isPositive().isLessThanOrEqualTo(status.getCapacity());
  }

  @Test
  void smallWritesReachTheBackendAsOneWriteAndHflushPushesThem() throws Exception {
    Path file = new Path("/out/lines.txt");
    try (FSDataOutputStream out = fs.create(file)) {
      for (int i = 0; i < 1000; i++) {
        out.write(String.format("line %04d\n", i).getBytes(StandardCharsets.US_ASCII));
      }
      assertThat(backend.writes()).isZero();
      out.hflush();
      assertThat(backend.writes()).isEqualTo(1);
      assertThat(fs.getFileStatus(file).getLen()).isEqualTo(10_000);
      out.write('x');
      out.hsync();
      assertThat(backend.writes()).isEqualTo(2);
      assertThat(backend.syncs()).isEqualTo(1);
      assertThat(out.hasCapability(StreamCapabilities.HFLUSH)).isTrue();
      assertThat(out.hasCapability(StreamCapabilities.HSYNC)).isTrue();
      assertThat(IOStatisticsSupport.retrieveIOStatistics(out).counters())
          .containsEntry(PfsStatisticNames.BACKEND_WRITE_OPERATIONS, 2L);
    }
    assertThat(Files.readString(root.resolve("out/lines.txt"))).startsWith("line 0000\nline 0001\n").endsWith("x");
    assertThat(fs.getFileStatus(file).getLen()).isEqualTo(10_001);
  }

  @Test
  void twoPositionedWritersFillOneFileAtInterleavedOffsets() throws Exception {
    Path shared = new Path("/ckpt/shared.dat");
    assertThat(PositionedWrites.supported(fs, shared)).isTrue();
    int block = 4096;
    int segments = 8;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Void>> writers = List.of(0, 1).stream().map(rank -> pool.submit(() -> {
        try (PositionedWriter writer = PositionedWrites.open(fs, shared)) {
          byte[] data = new byte[block];
          java.util.Arrays.fill(data, (byte) ('A' + rank));
          for (int s = 0; s < segments; s++) {
            writer.write((long) (s * 2 + rank) * block, ByteBuffer.wrap(data));
          }
          writer.sync();
        }
        return (Void) null;
      })).toList();
      for (Future<Void> writer : writers) {
        writer.get();
      }
    } finally {
      pool.shutdown();
    }
    byte[] content = Files.readAllBytes(root.resolve("ckpt/shared.dat"));
    assertThat(content).hasSize(2 * segments * block);
    for (int i = 0; i < 2 * segments; i++) {
      assertThat(content[i * block]).as("block " + i).isEqualTo((byte) ('A' + i % 2));
      assertThat(content[i * block + block - 1]).isEqualTo((byte) ('A' + i % 2));
    }
    assertThat(fs.hasPathCapability(shared, PositionedWriteFileSystem.CAPABILITY)).isTrue();
  }

  @Test
  void permissionsTimesXattrsTruncateAndAppendPassThrough() throws Exception {
    Path file = new Path("/attrs/file");
    try (FSDataOutputStream out = fs.create(file)) {
      out.write("0123456789".getBytes(StandardCharsets.US_ASCII));
    }
    fs.setPermission(file, new FsPermission((short) 0640));
    assertThat(fs.getFileStatus(file).getPermission().toShort()).isEqualTo((short) 0640);
    assertThat(Files.getPosixFilePermissions(root.resolve("attrs/file")))
        .containsExactlyInAnyOrderElementsOf(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));

    fs.setTimes(file, 1_234_567_000L, 1_234_000_000L);
    FileStatus status = fs.getFileStatus(file);
    assertThat(status.getModificationTime()).isEqualTo(1_234_567_000L);
    assertThat(status.getAccessTime()).isEqualTo(1_234_000_000L);

    fs.setOwner(file, "root", "root");
    assertThat(fs.getFileStatus(file).getOwner()).isEqualTo("root");

    fs.setXAttr(file, "user.pfsmix.origin", "llnl".getBytes(StandardCharsets.UTF_8),
        EnumSet.of(XAttrSetFlag.CREATE));
    assertThat(new String(fs.getXAttr(file, "user.pfsmix.origin"), StandardCharsets.UTF_8)).isEqualTo("llnl");
    assertThat(fs.listXAttrs(file)).contains("user.pfsmix.origin");
    assertThatThrownBy(() -> fs.setXAttr(file, "user.pfsmix.origin", new byte[1], EnumSet.of(XAttrSetFlag.CREATE)))
        .hasMessageContaining("already exists");
    assertThatThrownBy(() -> fs.setXAttr(file, "trusted.x", new byte[1], EnumSet.of(XAttrSetFlag.CREATE)))
        .hasMessageContaining("trusted.x").hasMessageContaining("user namespace");
    fs.removeXAttr(file, "user.pfsmix.origin");
    assertThat(fs.listXAttrs(file)).doesNotContain("user.pfsmix.origin");

    assertThat(fs.truncate(file, 4)).isTrue();
    try (FSDataOutputStream out = fs.append(file)) {
      assertThat(out.getPos()).isEqualTo(4);
      out.write("ab".getBytes(StandardCharsets.US_ASCII));
    }
    assertThat(Files.readString(root.resolve("attrs/file"))).isEqualTo("0123ab");
    for (String capability : new String[] {CommonPathCapabilities.FS_APPEND, CommonPathCapabilities.FS_TRUNCATE,
        CommonPathCapabilities.FS_XATTRS, CommonPathCapabilities.FS_PERMISSIONS, CommonPathCapabilities.FS_CONCAT}) {
      assertThat(fs.hasPathCapability(file, capability)).as(capability).isTrue();
    }
    assertThat(fs.hasPathCapability(file, CommonPathCapabilities.FS_SYMLINKS)).isFalse();
  }

  @Test
  void blockLocationsFollowTheConfiguredStripes() throws Exception {
    Path file = new Path("/layout/three-stripes");
    try (FSDataOutputStream out = fs.create(file)) {
      out.write(new byte[(5 << 20) / 2]);
    }
    BlockLocation[] blocks = fs.getFileBlockLocations(fs.getFileStatus(file), 0, Long.MAX_VALUE);
    assertThat(blocks).hasSize(3);
    assertThat(blocks).extracting(BlockLocation::getOffset).containsExactly(0L, 1L << 20, 2L << 20);
    assertThat(blocks).extracting(BlockLocation::getLength).containsExactly(1L << 20, 1L << 20, 512L << 10);
    assertThat(blocks[0].getHosts()).containsExactly("io1");
    assertThat(blocks[1].getHosts()).containsExactly("io2");
    assertThat(blocks[2].getHosts()).containsExactly("io3");
    assertThat(fs.getFileBlockLocations(fs.getFileStatus(file), 3 << 20, 10)).isEmpty();
  }

  /** OrangeFS sets its distribution hints on directories; pfs reads them beneath the root with getxattr(2). */
  @Test
  void blockLocationsFollowOrangefsHintsOfTheFilesDirectory() throws Exception {
    java.nio.file.Path warehouse = Files.createDirectories(root.resolve("warehouse"));
    UserDefinedFileAttributeView hints = Files.getFileAttributeView(warehouse, UserDefinedFileAttributeView.class);
    hints.write("pvfs2.dist_name", StandardCharsets.UTF_8.encode("simple_stripe"));
    hints.write("pvfs2.dist_params", StandardCharsets.UTF_8.encode("strip_size:65536"));
    hints.write("pvfs2.num_dfiles", StandardCharsets.UTF_8.encode("2"));
    Path file = new Path("/warehouse/part-00000");
    try (FSDataOutputStream out = fs.create(file)) {
      out.write(new byte[256 << 10]);
    }
    BlockLocation[] blocks = fs.getFileBlockLocations(fs.getFileStatus(file), 0, Long.MAX_VALUE);
    assertThat(blocks).extracting(BlockLocation::getOffset).containsExactly(0L, 64L << 10, 128L << 10, 192L << 10);
    assertThat(blocks).extracting(BlockLocation::getLength).containsOnly(64L << 10);
  }

  @Test
  void fileContextReachesPfsThroughTheAbstractFileSystemBinding() throws Exception {
    Configuration conf = new Configuration(fs.getConf());
    conf.set("fs.AbstractFileSystem.pfs.impl", PfsAbstractFileSystem.class.getName());
    FileContext context = FileContext.getFileContext(URI.create("pfs:///"), conf);
    Path file = new Path("pfs:///fc/hello");
    try (FSDataOutputStream out = context.create(file, EnumSet.of(CreateFlag.CREATE),
        Options.CreateOpts.createParent())) {
      out.write("hello".getBytes(StandardCharsets.US_ASCII));
    }
    try (FSDataInputStream in = context.open(file)) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo("hello");
    }
    assertThat(context.getFileStatus(file).getLen()).isEqualTo(5);
    assertThat(Files.readString(root.resolve("fc/hello"))).isEqualTo("hello");
  }

  @Test
  void fileContextsShareTheCachedFileSystemSoThatCloseAllClosesTheirs() throws Exception {
    // a FileContext's file system is never closed by anyone: one of its own would keep its storage client to the end
    Configuration conf = new Configuration(fs.getConf());
    conf.set("fs.AbstractFileSystem.pfs.impl", PfsAbstractFileSystem.class.getName());
    conf.setBoolean("fs.pfs.impl.disable.cache", false);
    FileSystem.closeAll();
    try {
      for (String name : List.of("one", "two")) {
        FileContext context = FileContext.getFileContext(URI.create("pfs:///"), conf);
        try (FSDataOutputStream out = context.create(new Path("/fc/" + name), EnumSet.of(CreateFlag.CREATE),
            Options.CreateOpts.createParent())) {
          out.write(new byte[100]);
        }
      }
      PfsFileSystem cached = (PfsFileSystem) FileSystem.get(URI.create("pfs:///"), conf);
      assertThat(CountingBackend.of(cached).bytesWritten()).as("bytes both contexts wrote through the cached instance")
          .isEqualTo(200);
    } finally {
      FileSystem.closeAll();
    }
  }

  @Test
  void withTheCacheDisabledCloseAllStillClosesAFileContextsFileSystem() throws Exception {
    Configuration conf = new Configuration(fs.getConf());
    conf.set("fs.AbstractFileSystem.pfs.impl", PfsAbstractFileSystem.class.getName());
    FileContext context = FileContext.getFileContext(URI.create("pfs:///"), conf);
    context.mkdir(new Path("/before"), FsPermission.getDirDefault(), true);
    FileSystem.closeAll();
    assertThatThrownBy(() -> context.mkdir(new Path("/after"), FsPermission.getDirDefault(), true))
        .isInstanceOf(java.io.IOException.class);
    assertThat(root.resolve("before")).isDirectory();
    assertThat(root.resolve("after")).doesNotExist();
  }

  @Test
  void pfsIsFoundByScheme() throws Exception {
    Configuration conf = new Configuration(fs.getConf());
    conf.unset(PfsConfigKeys.BACKEND_DECORATORS);
    try (FileSystem byScheme = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
      assertThat(byScheme).isInstanceOf(PfsFileSystem.class);
      assertThat(byScheme.getUri().toString()).isEqualTo("pfs:///");
      assertThat(byScheme.makeQualified(new Path("/a/b")).toString()).isEqualTo("pfs:/a/b");
    }
  }
}
