package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options.OpenFileOptions;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.apache.hadoop.util.functional.FutureIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Read-ahead behaviour, checked on the bytes returned and on the reads that reach the real POSIX backend. */
class PfsReadAheadTest {

  private static final int MIB = 1 << 20;
  private static final int CHUNK = 4 * MIB;
  private static final int FILE_LENGTH = 10 * MIB;
  private static final Path FILE = new Path("/data/ten-mib");

  private static java.nio.file.Path root;
  private static byte[] content;
  private static PfsFileSystem fs;
  private static CountingBackend backend;

  @BeforeAll
  static void createFile() throws Exception {
    root = PfsTestFileSystems.newRoot("readahead");
    content = new byte[FILE_LENGTH];
    new Random(42).nextBytes(content);
    Files.createDirectories(root.resolve("data"));
    Files.write(root.resolve("data/ten-mib"), content);
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(PfsConfigKeys.BACKEND_DECORATORS, CountingBackend.Decorator.class.getName());
    // the study's read-ahead, as on a parallel file system's mount (a local root would get a cache-sized one)
    conf.set(PfsConfigKeys.READAHEAD_SIZE, "4m");
    fs = PfsTestFileSystems.newFileSystem(conf);
    backend = CountingBackend.of(fs);
  }

  @AfterAll
  static void close() throws Exception {
    fs.close();
    Files.deleteIfExists(root.resolve("data/ten-mib"));
  }

  @BeforeEach
  void resetCounts() {
    backend.reset();
  }

  @Test
  void smallSequentialReadsIssueOneBackendReadPerAlignedChunk() throws Exception {
    byte[] read = new byte[FILE_LENGTH];
    long fsBytesBefore = fs.getIOStatistics().counters().get(StreamStatisticNames.STREAM_READ_BYTES);
    FileSystem.Statistics hadoopStatistics = FileSystem.getStatistics(PfsConfigKeys.SCHEME, PfsFileSystem.class);
    long hadoopBytesBefore = hadoopStatistics.getBytesRead();
    try (FSDataInputStream in = fs.open(FILE)) {
      readWholeFileIn4KiBPieces(in, read);
      assertSameBytes(read, content);
      // ceil(10 MiB / 4 MiB) = 3 aligned chunks
      assertThat(backend.reads()).extracting(CountingBackend.Read::offset).containsExactly(0L, (long) CHUNK,
          2L * CHUNK);
      assertThat(backend.readBytes()).isEqualTo(FILE_LENGTH);

      IOStatistics statistics = IOStatisticsSupport.retrieveIOStatistics(in);
      assertThat(statistics.counters()).containsEntry(PfsStatisticNames.BACKEND_READ_OPERATIONS, 3L)
          .containsEntry(PfsStatisticNames.READAHEAD_MISSES, 3L)
          .containsEntry(PfsStatisticNames.READAHEAD_HITS, (long) FILE_LENGTH / 4096 - 3)
          .containsEntry(StreamStatisticNames.STREAM_READ_BYTES, (long) FILE_LENGTH);

      // end of file: -1, known from the file's length without another backend read
      assertThat(in.read(new byte[4096], 0, 4096)).isEqualTo(-1);
      assertThat(in.read()).isEqualTo(-1);
      assertThat(backend.reads()).hasSize(3);
    }
    assertThat(fs.getIOStatistics().counters().get(StreamStatisticNames.STREAM_READ_BYTES) - fsBytesBefore)
        .as("closed streams add their counts to the file system's").isEqualTo(FILE_LENGTH);
    assertThat(hadoopStatistics.getBytesRead() - hadoopBytesBefore).as("FileSystem.Statistics (MapReduce counters)")
        .isEqualTo(FILE_LENGTH);
  }

  @Test
  void setReadaheadChangesTheSizeOfLaterBackendReadsAndNullRestoresIt() throws Exception {
    byte[] read = new byte[FILE_LENGTH];
    try (FSDataInputStream in = fs.open(FILE)) {
      assertThat(in.hasCapability(StreamCapabilities.READAHEAD)).isTrue();
      in.setReadahead(256L << 10);
      for (int at = 0; at < MIB; at += 4096) {
        in.readFully(read, at, 4096);
      }
      // 1 MiB in 4 KiB reads with a 256 KiB read-ahead: 4 backend reads of 256 KiB each
      assertThat(backend.reads()).extracting(CountingBackend.Read::offset).containsExactly(0L, 256L << 10, 512L << 10,
          768L << 10);
      assertThat(backend.reads()).extracting(CountingBackend.Read::requested).containsOnly(256 << 10);

      backend.reset();
      in.setReadahead(null);
      for (int at = MIB; at < 2 * MIB; at += 4096) {
        in.readFully(read, at, 4096);
      }
      // the size it was opened with: the aligned 4 MiB chunk holding 1 MiB
      assertThat(backend.reads()).extracting(CountingBackend.Read::offset).containsExactly(0L);
      assertThat(backend.reads()).extracting(CountingBackend.Read::requested).containsExactly(CHUNK);

      backend.reset();
      in.setReadahead(0L);
      in.readFully(read, 2 * MIB, 4096);
      assertThat(backend.reads()).as("no read-ahead: the read at its own size")
          .containsExactly(new CountingBackend.Read(2L * MIB, 4096, 4096));
      assertThat(Arrays.copyOf(read, 2 * MIB + 4096)).isEqualTo(Arrays.copyOf(content, 2 * MIB + 4096));

      assertThatThrownBy(() -> in.setReadahead(-1L)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("/data/ten-mib").hasMessageContaining("-1");
    }
  }

  @Test
  void positionedReadsSeeksAndByteBufferReadsInsideTheBufferReadNothingMore() throws Exception {
    try (FSDataInputStream in = fs.open(FILE)) {
      in.seek(5 * MIB);
      assertThat(in.read()).isEqualTo(content[5 * MIB] & 0xff);
      assertThat(backend.reads()).extracting(CountingBackend.Read::offset).containsExactly((long) CHUNK);

      byte[] positioned = new byte[1000];
      in.readFully(CHUNK + 123, positioned);
      assertThat(positioned).isEqualTo(Arrays.copyOfRange(content, CHUNK + 123, CHUNK + 1123));
      assertThat(in.read(2 * CHUNK - 10, positioned, 0, 10)).isEqualTo(10);
      ByteBuffer direct = ByteBuffer.allocateDirect(2048);
      in.readFully(CHUNK + 4096, direct);
      direct.flip();
      assertThat(toArray(direct)).isEqualTo(Arrays.copyOfRange(content, CHUNK + 4096, CHUNK + 6144));
      assertThat(in.getPos()).as("positioned reads leave the position").isEqualTo(5 * MIB + 1);

      in.seek(CHUNK + 7);
      in.seek(6 * MIB);
      assertThat(in.read()).isEqualTo(content[6 * MIB] & 0xff);
      ByteBuffer heap = ByteBuffer.allocate(100);
      assertThat(in.read(heap)).isEqualTo(100);
      assertThat(heap.array()).isEqualTo(Arrays.copyOfRange(content, 6 * MIB + 1, 6 * MIB + 101));
      assertThat(backend.reads()).as("everything came from the one buffered chunk").hasSize(1);

      // a positioned read outside the buffer reads exactly its range and keeps the buffer
      assertThat(in.read(100, positioned, 0, 1000)).isEqualTo(1000);
      assertThat(positioned).isEqualTo(Arrays.copyOfRange(content, 100, 1100));
      assertThat(backend.reads()).hasSize(2);
      assertThat(backend.reads().get(1)).isEqualTo(new CountingBackend.Read(100, 1000, 1000));
      assertThat(in.read()).isEqualTo(content[6 * MIB + 101] & 0xff);
      assertThat(backend.reads()).hasSize(2);
    }
  }

  @Test
  void readFullyAcrossChunkBoundariesReturnsTheRightBytes() throws Exception {
    try (FSDataInputStream in = fs.open(FILE)) {
      in.seek(CHUNK - 1000);
      byte[] across = new byte[3000];
      in.readFully(across);
      assertThat(across).isEqualTo(Arrays.copyOfRange(content, CHUNK - 1000, CHUNK + 2000));
      assertThat(backend.reads()).extracting(CountingBackend.Read::offset).containsExactly(0L, (long) CHUNK);

      byte[] positioned = new byte[5000];
      in.readFully(2 * CHUNK - 2500, positioned);
      assertThat(positioned).isEqualTo(Arrays.copyOfRange(content, 2 * CHUNK - 2500, 2 * CHUNK + 2500));
    }
  }

  @Test
  void readsLargerThanTheBufferGoStraightIntoTheCallersArray() throws Exception {
    try (FSDataInputStream in = fs.open(FILE)) {
      byte[] large = new byte[6 * MIB];
      in.readFully(large);
      assertSameBytes(large, Arrays.copyOf(content, 6 * MIB));
      assertThat(backend.reads()).containsExactly(new CountingBackend.Read(0, 6 * MIB, 6 * MIB));
      assertThat(IOStatisticsSupport.retrieveIOStatistics(in).counters())
          .containsEntry(PfsStatisticNames.DIRECT_READS, 1L);
    }
  }

  @Test
  void randomPolicyReadsASmallWindowFromTheRequestedOffset() throws Exception {
    try (FSDataInputStream in = FutureIO.awaitFuture(fs.openFile(FILE)
        .opt(OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY, "random")
        .build())) {
      long[] offsets = {7 * MIB + 5, 100, 3 * MIB + 77};
      for (long offset : offsets) {
        in.seek(offset);
        byte[] small = new byte[4096];
        in.readFully(small);
        assertThat(small).isEqualTo(Arrays.copyOfRange(content, (int) offset, (int) offset + 4096));
      }
      int window = (int) PfsConfigKeys.READAHEAD_RANDOM_SIZE_DEFAULT;
      assertThat(backend.reads()).containsExactly(
          new CountingBackend.Read(7 * MIB + 5, window, window),
          new CountingBackend.Read(100, window, window),
          new CountingBackend.Read(3 * MIB + 77, window, window));
    }
  }

  @Test
  void openFileWithAStatusSkipsTheStatAndHonoursTheLength() throws Exception {
    var status = fs.getFileStatus(FILE);
    try (FSDataInputStream in = FutureIO.awaitFuture(fs.openFile(FILE).withFileStatus(status)
        .opt(OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY, "whole-file").build())) {
      assertThatThrownBy(() -> in.seek(FILE_LENGTH + 1L)).isInstanceOf(EOFException.class)
          .hasMessageContaining(FILE.toString());
      in.seek(FILE_LENGTH - 1L);
      assertThat(in.read()).isEqualTo(content[FILE_LENGTH - 1] & 0xff);
    }
  }

  @Test
  void vectoredReadsMergeNearbyRangesAndUseTheBuffer() throws Exception {
    try (FSDataInputStream in = fs.open(FILE)) {
      List<FileRange> ranges = List.of(
          FileRange.createFileRange(8 * MIB, 1000),
          FileRange.createFileRange(8 * MIB + 5000, 2000),   // 4000 bytes after the first: merged
          FileRange.createFileRange(9 * MIB, 3000),          // 1 MiB away: its own read
          FileRange.createFileRange(10, 20));
      in.readVectored(ranges, ByteBuffer::allocate);
      for (FileRange range : ranges) {
        ByteBuffer data = FutureIO.awaitFuture(range.getData());
        assertThat(toArray(data)).as("range at " + range.getOffset()).isEqualTo(Arrays.copyOfRange(content,
            (int) range.getOffset(), (int) range.getOffset() + range.getLength()));
      }
      assertThat(backend.reads()).containsExactlyInAnyOrder(
          new CountingBackend.Read(10, 20, 20),
          new CountingBackend.Read(8 * MIB, 7000, 7000),
          new CountingBackend.Read(9 * MIB, 3000, 3000));

      // once a chunk is buffered, ranges inside it are served without a backend read
      assertThat(in.read()).isEqualTo(content[0] & 0xff);
      backend.reset();
      List<FileRange> buffered = List.of(FileRange.createFileRange(1000, 100), FileRange.createFileRange(MIB, 100));
      in.readVectored(buffered, ByteBuffer::allocateDirect);
      assertThat(toArray(FutureIO.awaitFuture(buffered.get(1).getData())))
          .isEqualTo(Arrays.copyOfRange(content, MIB, MIB + 100));
      assertThat(backend.reads()).isEmpty();
      assertThat(in.getPos()).isEqualTo(1);
    }
  }

  @Test
  void endOfFileBehaviour() throws Exception {
    try (FSDataInputStream in = fs.open(FILE)) {
      byte[] buffer = new byte[100];
      assertThat(in.read(FILE_LENGTH, buffer, 0, 100)).isEqualTo(-1);
      assertThat(in.read(FILE_LENGTH - 40, buffer, 0, 100)).isEqualTo(40);
      assertThatThrownBy(() -> in.readFully(FILE_LENGTH - 40, buffer)).isInstanceOf(EOFException.class);
      assertThatThrownBy(() -> in.seek(FILE_LENGTH + 1L)).isInstanceOf(EOFException.class);
      in.seek(FILE_LENGTH);
      assertThat(in.read()).isEqualTo(-1);
      assertThat(in.read(buffer, 0, 100)).isEqualTo(-1);
      in.seek(FILE_LENGTH - 10);
      assertThat(in.read(buffer, 0, 100)).isEqualTo(10);
      assertThat(Arrays.copyOf(buffer, 10)).isEqualTo(Arrays.copyOfRange(content, FILE_LENGTH - 10, FILE_LENGTH));
    }
  }

  @Test
  void unbufferReleasesTheBufferAndTheStreamRefills() throws Exception {
    try (FSDataInputStream in = fs.open(FILE)) {
      assertThat(in.read()).isEqualTo(content[0] & 0xff);
      in.unbuffer();
      assertThat(in.read()).isEqualTo(content[1] & 0xff);
      assertThat(backend.reads()).extracting(CountingBackend.Read::offset).containsExactly(0L, 0L);
    }
  }

  @Test
  void aBackendsPreferredSizeReplacesTheDefaultAndAnOpenFileOptionWinsOverBoth() throws Exception {
    backend.preferBufferSize(2 * MIB);
    try (FSDataInputStream in = fs.open(FILE)) {
      in.seek(3 * MIB);
      assertThat(in.read()).isEqualTo(content[3 * MIB] & 0xff);
    }
    assertThat(backend.reads()).containsExactly(new CountingBackend.Read(2 * MIB, 2 * MIB, 2 * MIB));
    backend.reset();
    backend.preferBufferSize(2 * MIB);
    try (FSDataInputStream in = FutureIO.awaitFuture(fs.openFile(FILE)
        .opt(PfsConfigKeys.READAHEAD_SIZE, "512k").build())) {
      in.seek(3 * MIB);
      assertThat(in.read()).isEqualTo(content[3 * MIB] & 0xff);
    }
    assertThat(backend.reads()).containsExactly(new CountingBackend.Read(3 * MIB, 512 * 1024, 512 * 1024));
  }

  @Test
  void aRootOnALocalFileSystemReadsAheadInCacheSizedChunksUnlessASizeIsConfigured() throws Exception {
    String type = Files.getFileStore(root).type();
    Assumptions.assumeTrue(List.of("ext4", "xfs", "btrfs", "tmpfs", "overlay").contains(type),
        "the test root is on " + type + ", not a local file system");
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(PfsConfigKeys.BACKEND_DECORATORS, CountingBackend.Decorator.class.getName());
    try (PfsFileSystem local = PfsTestFileSystems.newFileSystem(conf);
        FSDataInputStream in = local.open(FILE)) {
      byte[] read = new byte[512 << 10];
      for (int at = 0; at < read.length; at += 4096) {
        in.readFully(read, at, 4096);
      }
      assertSameBytes(read, Arrays.copyOf(content, read.length));
      // Linux's own readahead window: the page cache serves it, and the copy through the buffer stays in the CPU cache
      assertThat(CountingBackend.of(local).reads()).extracting(CountingBackend.Read::offset)
          .containsExactly(0L, 128L << 10, 256L << 10, 384L << 10);
      assertThat(CountingBackend.of(local).reads()).extracting(CountingBackend.Read::requested)
          .containsOnly(128 << 10);
    }
    conf.set(PfsConfigKeys.READAHEAD_SIZE, "4m");
    try (PfsFileSystem configured = PfsTestFileSystems.newFileSystem(conf);
        FSDataInputStream in = configured.open(FILE)) {
      assertThat(in.read()).isEqualTo(content[0] & 0xff);
      assertThat(CountingBackend.of(configured).reads()).containsExactly(new CountingBackend.Read(0, CHUNK, CHUNK));
    }
  }

  @Test
  void configuredReadAheadSizeWithSuffixSetsTheChunk() throws Exception {
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(PfsConfigKeys.BACKEND_DECORATORS, CountingBackend.Decorator.class.getName());
    conf.set(PfsConfigKeys.READAHEAD_SIZE, "1m");
    try (FileSystem small = PfsTestFileSystems.newFileSystem(conf);
        FSDataInputStream in = small.open(FILE)) {
      byte[] read = new byte[64 * 1024];
      for (int i = 0; i < 3 * MIB / read.length; i++) {
        in.readFully(read);
        assertSameBytes(read, Arrays.copyOfRange(content, i * read.length, (i + 1) * read.length));
      }
      assertThat(CountingBackend.of((PfsFileSystem) small).reads()).extracting(CountingBackend.Read::offset)
          .containsExactly(0L, (long) MIB, 2L * MIB);
    }
  }

  @Test
  void mappedReadAheadServesTheSameBytesWithOneMappingPerAlignedChunk() throws Exception {
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.setBoolean(PfsConfigKeys.READAHEAD_MMAP, true);
    try (FileSystem mapping = PfsTestFileSystems.newFileSystem(conf);
        FSDataInputStream in = mapping.open(FILE)) {
      byte[] read = new byte[FILE_LENGTH];
      readWholeFileIn4KiBPieces(in, read);
      assertSameBytes(read, content);
      assertThat(in.read()).isEqualTo(-1);
      assertThat(IOStatisticsSupport.retrieveIOStatistics(in).counters())
          .containsEntry(PfsStatisticNames.BACKEND_READ_OPERATIONS, 3L)
          .containsEntry(PfsStatisticNames.BACKEND_READ_BYTES, (long) FILE_LENGTH)
          .containsEntry(PfsStatisticNames.READAHEAD_MISSES, 3L);

      byte[] positioned = new byte[5000];
      in.readFully(2 * CHUNK - 2500, positioned);
      assertThat(positioned).isEqualTo(Arrays.copyOfRange(content, 2 * CHUNK - 2500, 2 * CHUNK + 2500));
      in.seek(CHUNK - 1000);
      byte[] across = new byte[3000];
      in.readFully(across);
      assertThat(across).isEqualTo(Arrays.copyOfRange(content, CHUNK - 1000, CHUNK + 2000));
      in.unbuffer();
      assertThat(in.read()).isEqualTo(content[CHUNK + 2000] & 0xff);
    }
  }

  @Test
  void mappedReadAheadFallsBackToReadsWhenADecoratorHidesTheFile() throws Exception {
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(PfsConfigKeys.BACKEND_DECORATORS, CountingBackend.Decorator.class.getName());
    conf.setBoolean(PfsConfigKeys.READAHEAD_MMAP, true);
    try (FileSystem counted = PfsTestFileSystems.newFileSystem(conf);
        FSDataInputStream in = counted.open(FILE)) {
      byte[] read = new byte[4096];
      in.seek(5 * MIB);
      in.readFully(read);
      assertThat(read).isEqualTo(Arrays.copyOfRange(content, 5 * MIB, 5 * MIB + 4096));
      // the counting decorator's handles cannot map, so the decorator still sees every backend read
      assertThat(CountingBackend.of((PfsFileSystem) counted).reads())
          .containsExactly(new CountingBackend.Read(CHUNK, CHUNK, CHUNK));
    }
  }

  /** AssertJ compares arrays element by element through reflection: far too slow for mebibytes. */
  /** Fills {@code read} with the file as Hadoop's record readers read: 4 KiB at a time; every read returns bytes. */
  private static void readWholeFileIn4KiBPieces(FSDataInputStream in, byte[] read) throws IOException {
    int offset = 0;
    while (offset < FILE_LENGTH) {
      int n = in.read(read, offset, Math.min(4096, FILE_LENGTH - offset));
      assertThat(n).isPositive();
      offset += n;
    }
  }

  private static void assertSameBytes(byte[] actual, byte[] expected) {
    assertThat(actual.length).isEqualTo(expected.length);
    assertThat(Arrays.mismatch(actual, expected)).as("offset of the first wrong byte").isEqualTo(-1);
  }

  private static byte[] toArray(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
