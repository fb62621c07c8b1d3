package io.pfsmix.trace.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.PfsFileSystem;
import io.pfsmix.fs.PfsTestFileSystems;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;
import io.pfsmix.fs.backend.ForwardingReadHandle;
import io.pfsmix.fs.backend.ForwardingStorageBackend;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendDecorator;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.TraceContext;
import io.pfsmix.trace.TraceFiles;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.shim.TracingBackendDecorator;

@ExtendWith(CloseTraceRecorders.class)
class TracingFileSystemTest {

  @TempDir
  java.nio.file.Path tmp;

  private Configuration tracedLocal(java.nio.file.Path traces) {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", TracingFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    conf.set(TraceConfigKeys.DESTINATION, traces.toString());
    return conf;
  }

  private Configuration tracedPfs(java.nio.file.Path traces, java.nio.file.Path root) {
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set("fs.pfs.impl", TracingFileSystem.class.getName());
    conf.set(TraceConfigKeys.wrappedImplKey("pfs"), PfsFileSystem.class.getName());
    conf.set("fs.pfs.backend.decorators", TracingBackendDecorator.class.getName());
    conf.set("fs.pfs.readahead.size", "256k");
    conf.set(TraceConfigKeys.DESTINATION, traces.toString());
    return conf;
  }

  private static List<TraceRecord> of(List<TraceRecord> records, TracePoint point, String pathSuffix) {
    return records.stream().filter(r -> r.point() == point && r.path() != null && r.path().endsWith(pathSuffix))
        .toList();
  }

  /** Reads that fail with an Error, as a read of a mapped file truncated under its reader does (InternalError). */
  public static final class ErrorOnReadDecorator implements StorageBackendDecorator {
    @Override
    public StorageBackend decorate(StorageBackend backend, Configuration conf) {
      return new ForwardingStorageBackend(backend) {
        @Override
        public ReadHandle openForRead(String path) throws IOException {
          return new ForwardingReadHandle(delegate.openForRead(path)) {
            @Override
            public int read(long position, ByteBuffer destination) {
              throw new InternalError("a fault occurred in an unsafe memory access operation");
            }
          };
        }
      };
    }
  }

  @Test
  void anErrorIsRecordedAtBothPointsLikeAnyOtherFailure() throws Exception {
    java.nio.file.Path traces = tmp.resolve("traces");
    java.nio.file.Path root = Files.createDirectories(tmp.resolve("root"));
    Files.write(root.resolve("f.bin"), new byte[100]);
    Configuration conf = tracedPfs(traces, root);
    conf.set("fs.pfs.backend.decorators", ErrorOnReadDecorator.class.getName() + ","
        + TracingBackendDecorator.class.getName());
    try (FileSystem fs = FileSystem.get(URI.create("pfs:///"), conf);
        FSDataInputStream in = fs.open(new Path("/f.bin"))) {
      assertThatThrownBy(() -> in.read(new byte[10], 0, 10)).isInstanceOf(InternalError.class);
    }
    TraceRecorders.closeAll();

    List<TraceRecord> records = TraceFiles.readAll(traces);
    assertThat(of(records, TracePoint.STORAGE, "/f.bin")).filteredOn(r -> r.op() == TraceOp.PREAD)
        .extracting(TraceRecord::offset, TraceRecord::bytes, TraceRecord::result)
        .containsExactly(tuple(0L, TraceRecord.NONE, "java.lang.InternalError"));
    assertThat(of(records, TracePoint.APPLICATION, "/f.bin")).filteredOn(r -> r.op() == TraceOp.READ)
        .extracting(TraceRecord::offset, TraceRecord::length, TraceRecord::result)
        .containsExactly(tuple(0L, 10L, "java.lang.InternalError"));
  }

  @Test
  void everyCallOnTheLocalFileSystemIsRecordedWithOffsetsAndBytes() throws Exception {
    java.nio.file.Path traces = tmp.resolve("traces");
    Configuration conf = tracedLocal(traces);
    conf.set(TraceConfigKeys.HADOOP_JOB_ID, "job_7_0001");
    conf.set(TraceConfigKeys.HADOOP_TASK_ATTEMPT_ID, "attempt_7_0001_m_000002_0");
    Path dir = new Path(tmp.resolve("data").toUri());
    Path file = new Path(dir, "f.bin");
    byte[] data = new byte[1000];
    byte[] buffer = new byte[1000];
    try (FileSystem fs = FileSystem.get(URI.create("file:///"), conf)) {
      assertThat(fs).isInstanceOf(TracingFileSystem.class);
      assertThat(fs.mkdirs(dir)).isTrue();
      try (FSDataOutputStream out = fs.create(file)) {
        for (int i = 0; i < 3; i++) {
          out.write(data);
        }
        out.hflush();
        assertThat(out.getPos()).isEqualTo(3000);
      }
      assertThat(fs.getFileStatus(file).getLen()).isEqualTo(3000);
      try (FSDataInputStream in = fs.open(file)) {
        assertThat(in.read(buffer, 0, 500)).isEqualTo(500);
        assertThat(in.read(1000L, buffer, 0, 100)).isEqualTo(100);
        in.readFully(2000L, buffer, 0, 200);
        in.seek(2900);
        assertThat(in.read(buffer, 0, 500)).isEqualTo(100);
        assertThat(in.read(buffer, 0, 500)).isEqualTo(-1);
        List<FileRange> ranges = List.of(FileRange.createFileRange(0, 10), FileRange.createFileRange(1500, 20));
        in.readVectored(ranges, ByteBuffer::allocate);
        assertThat(ranges.get(0).getData().get().remaining()).isEqualTo(10);
        assertThat(ranges.get(1).getData().get().remaining()).isEqualTo(20);
        assertThat(in.hasCapability(StreamCapabilities.READBYTEBUFFER))
            .isEqualTo(((TracingFileSystem) fs).getWrappedFileSystem().open(file).hasCapability(
                StreamCapabilities.READBYTEBUFFER));
      }
      assertThat(fs.listStatus(dir)).hasSize(1);
      Path renamed = new Path(dir, "g.bin");
      assertThat(fs.rename(file, renamed)).isTrue();
      assertThat(fs.delete(renamed, false)).isTrue();
      assertThatThrownBy(() -> fs.open(file)).isInstanceOf(FileNotFoundException.class);
    }
    TraceRecorders.closeAll();

    List<TraceRecord> records = TraceFiles.readAll(traces);
    assertThat(records).allSatisfy(r -> {
      assertThat(r.point()).isEqualTo(TracePoint.APPLICATION);
      assertThat(r.context().taskAttemptId()).isEqualTo("attempt_7_0001_m_000002_0");
      assertThat(r.context().jobId()).isEqualTo("job_7_0001");
      assertThat(r.context().pid()).isEqualTo(TraceContext.pid());
      assertThat(r.threadId()).isEqualTo(Thread.currentThread().getId());
    });
    List<TraceRecord> onFile = of(records, TracePoint.APPLICATION, "/data/f.bin");
    // Sequential and stream calls in call order, excluding the vectored ranges (which complete asynchronously).
    assertThat(onFile.stream().filter(r -> r.op() != TraceOp.READ_VECTORED).toList())
        .extracting(TraceRecord::op, TraceRecord::offset, TraceRecord::length, TraceRecord::bytes, TraceRecord::result)
        .containsExactly(
            tuple(TraceOp.CREATE, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, "ok"),
            tuple(TraceOp.WRITE, 0L, 1000L, 1000L, "ok"),
            tuple(TraceOp.WRITE, 1000L, 1000L, 1000L, "ok"),
            tuple(TraceOp.WRITE, 2000L, 1000L, 1000L, "ok"),
            tuple(TraceOp.HFLUSH, 3000L, TraceRecord.NONE, TraceRecord.NONE, "ok"),
            tuple(TraceOp.CLOSE, 3000L, TraceRecord.NONE, TraceRecord.NONE, "ok"),
            tuple(TraceOp.GET_FILE_STATUS, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, "ok"),
            tuple(TraceOp.OPEN, TraceRecord.NONE, 4096L, TraceRecord.NONE, "ok"),
            tuple(TraceOp.READ, 0L, 500L, 500L, "ok"),
            tuple(TraceOp.PREAD, 1000L, 100L, 100L, "ok"),
            tuple(TraceOp.PREAD, 2000L, 200L, 200L, "ok"),
            tuple(TraceOp.SEEK, 500L, 2900L, TraceRecord.NONE, "ok"),
            tuple(TraceOp.READ, 2900L, 500L, 100L, "ok"),
            tuple(TraceOp.READ, 3000L, 500L, -1L, "ok"),
            tuple(TraceOp.CLOSE, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, "ok"),
            tuple(TraceOp.RENAME, TraceRecord.NONE, TraceRecord.NONE, 1L, "ok"),
            tuple(TraceOp.OPEN, TraceRecord.NONE, 4096L, TraceRecord.NONE, "java.io.FileNotFoundException"));
    assertThat(onFile.stream().filter(r -> r.op() == TraceOp.READ_VECTORED).toList())
        .extracting(TraceRecord::offset, TraceRecord::length, TraceRecord::bytes)
        .containsExactlyInAnyOrder(tuple(0L, 10L, 10L), tuple(1500L, 20L, 20L));
    assertThat(records).extracting(TraceRecord::op).contains(TraceOp.MKDIRS, TraceOp.LIST_STATUS, TraceOp.DELETE);
    assertThat(records).filteredOn(r -> r.op() == TraceOp.LIST_STATUS).extracting(TraceRecord::bytes)
        .containsExactly(1L);
  }

  @Test
  void pfsIsTracedAboveTheShimAndBehindItsReadAheadBuffer() throws Exception {
    java.nio.file.Path traces = tmp.resolve("traces");
    java.nio.file.Path root = Files.createDirectories(tmp.resolve("root"));
    Configuration conf = tracedPfs(traces, root);
    int size = 1 << 20;
    byte[] chunk = new byte[4096];
    Path file = new Path("pfs:///big.bin");
    Path shared = new Path("pfs:///shared.bin");
    try (FileSystem fs = FileSystem.get(URI.create("pfs:///"), conf)) {
      assertThat(((TracingFileSystem) fs).getWrappedFileSystem()).isInstanceOf(PfsFileSystem.class);
      try (FSDataOutputStream out = fs.create(file)) {
        for (int i = 0; i < size / chunk.length; i++) {
          Arrays.fill(chunk, (byte) i);
          out.write(chunk);
        }
      }
      try (FSDataInputStream in = fs.open(file)) {
        for (int i = 0; i < size / chunk.length; i++) {
          in.readFully(chunk);
          assertThat(chunk[4095]).isEqualTo((byte) i);
        }
      }
      assertThat(PositionedWrites.supported(fs, shared)).isTrue();
      try (PositionedWriter writer = PositionedWrites.open(fs, shared)) {
        writer.write(8192, new byte[4096], 0, 4096);
        writer.write(0, ByteBuffer.wrap(new byte[4096]));
        writer.sync();
      }
      assertThat(fs.getFileStatus(shared).getLen()).isEqualTo(12288);
    }
    TraceRecorders.closeAll();
    List<TraceRecord> records = TraceFiles.readAll(traces);

    List<TraceRecord> appReads = of(records, TracePoint.APPLICATION, "/big.bin").stream()
        .filter(r -> r.op() == TraceOp.READ).toList();
    assertThat(appReads).hasSize(size / 4096);
    assertThat(appReads).extracting(TraceRecord::bytes).containsOnly(4096L);
    assertThat(appReads.get(3).offset()).isEqualTo(3 * 4096L);
    List<TraceRecord> appWrites = of(records, TracePoint.APPLICATION, "/big.bin").stream()
        .filter(r -> r.op() == TraceOp.WRITE).toList();
    assertThat(appWrites).hasSize(size / 4096);

    // Behind the 256 KiB read-ahead buffer, storage saw a few large reads covering the file once.
    List<TraceRecord> storageReads = of(records, TracePoint.STORAGE, "/big.bin").stream()
        .filter(r -> r.op() == TraceOp.PREAD && r.bytes() > 0).toList();
    assertThat(storageReads).extracting(TraceRecord::offset).containsExactly(0L, 262144L, 524288L, 786432L);
    assertThat(storageReads.stream().mapToLong(TraceRecord::bytes).sum()).isEqualTo(size);
    assertThat(of(records, TracePoint.STORAGE, "/big.bin").stream().filter(r -> r.op() == TraceOp.PWRITE)
        .mapToLong(TraceRecord::bytes).sum()).isEqualTo(size);
    assertThat(of(records, TracePoint.STORAGE, "/big.bin")).extracting(TraceRecord::path)
        .containsOnly("/big.bin");

    // The positioned-write extension works through the wrapper and is traced at both points.
    assertThat(of(records, TracePoint.APPLICATION, "/shared.bin"))
        .extracting(TraceRecord::op, TraceRecord::offset, TraceRecord::bytes)
        .containsExactly(
            tuple(TraceOp.OPEN_POSITIONED_WRITER, TraceRecord.NONE, TraceRecord.NONE),
            tuple(TraceOp.PWRITE, 8192L, 4096L),
            tuple(TraceOp.PWRITE, 0L, 4096L),
            tuple(TraceOp.HSYNC, TraceRecord.NONE, TraceRecord.NONE),
            tuple(TraceOp.CLOSE, TraceRecord.NONE, TraceRecord.NONE),
            tuple(TraceOp.GET_FILE_STATUS, TraceRecord.NONE, TraceRecord.NONE));
    assertThat(of(records, TracePoint.STORAGE, "/shared.bin").stream().filter(r -> r.op() == TraceOp.PWRITE)
        .mapToLong(TraceRecord::bytes).sum()).isEqualTo(8192);
    assertThat(of(records, TracePoint.STORAGE, "/shared.bin")).extracting(TraceRecord::op)
        .contains(TraceOp.OPEN_POSITIONED_WRITER, TraceOp.SYNC);
  }

  @Test
  void eachTracePointSwitchesOffByConfiguration() throws Exception {
    java.nio.file.Path root = Files.createDirectories(tmp.resolve("root"));
    for (String key : List.of(TraceConfigKeys.APPLICATION_ENABLED, TraceConfigKeys.STORAGE_ENABLED)) {
      java.nio.file.Path traces = tmp.resolve("traces-" + key);
      Configuration conf = tracedPfs(traces, root);
      conf.setBoolean(key, false);
      try (FileSystem fs = FileSystem.get(URI.create("pfs:///"), conf);
          FSDataOutputStream out = fs.create(new Path("/x-" + key))) {
        out.write(new byte[10]);
      }
      TraceRecorders.closeAll();
      List<TraceRecord> records = TraceFiles.readAll(traces);
      TracePoint remaining = key.equals(TraceConfigKeys.APPLICATION_ENABLED) ? TracePoint.STORAGE
          : TracePoint.APPLICATION;
      assertThat(records).isNotEmpty().extracting(TraceRecord::point).containsOnly(remaining);
    }
  }

  @Test
  void threadMarksOverrideTheConfiguredContext() throws Exception {
    java.nio.file.Path traces = tmp.resolve("traces");
    Path file = new Path(tmp.resolve("r.bin").toUri());
    try (FileSystem fs = FileSystem.get(URI.create("file:///"), tracedLocal(traces))) {
      Thread rank3 = new Thread(() -> {
        TraceContext.setThreadRank(3);
        try {
          fs.getFileStatus(file);
        } catch (IOException expected) {
          // the file does not exist: the failed call is recorded too
        } finally {
          TraceContext.clearThreadRank();
        }
      });
      rank3.start();
      rank3.join();
      assertThatThrownBy(() -> fs.getFileStatus(file)).isInstanceOf(FileNotFoundException.class);
    }
    TraceRecorders.closeAll();
    assertThat(TraceFiles.readAll(traces)).extracting(r -> r.context().rank(), TraceRecord::result)
        .containsExactlyInAnyOrder(tuple(3, "java.io.FileNotFoundException"),
            tuple(-1, "java.io.FileNotFoundException"));
  }

  @Test
  void anUnwritableDestinationNeverFailsTheTracedCalls() throws Exception {
    java.nio.file.Path blocker = Files.writeString(tmp.resolve("not-a-directory"), "x");
    Configuration conf = tracedLocal(blocker.resolve("traces"));
    Path file = new Path(tmp.resolve("w.bin").toUri());
    try (FileSystem fs = FileSystem.get(URI.create("file:///"), conf)) {
      try (FSDataOutputStream out = fs.create(file)) {
        for (int i = 0; i < 100; i++) {
          out.write(new byte[10]);
        }
      }
      assertThat(fs.getFileStatus(file).getLen()).isEqualTo(1000);
      var recorder = ((TracingFileSystem) fs).recorder();
      TraceRecorders.closeAll();
      // create + 100 writes + close + getFileStatus
      assertThat(recorder.lostRecords()).isEqualTo(103);
      assertThat(recorder.destinationFailure()).isNotNull();
    }
  }

  @Test
  void tracesCanGoToAHadoopFileSystemEvenOneThatIsItselfTraced() throws Exception {
    java.nio.file.Path root = Files.createDirectories(tmp.resolve("root"));
    Configuration conf = tracedPfs(tmp.resolve("unused"), root);
    conf.set(TraceConfigKeys.DESTINATION, "pfs:///traces");
    try (FileSystem fs = FileSystem.get(URI.create("pfs:///"), conf);
        FSDataOutputStream out = fs.create(new Path("/data.bin"))) {
      out.write(new byte[123]);
    }
    TraceRecorders.closeAll();
    // the trace landed in the pfs root, and writing it was not traced (no record names the traces directory)
    List<TraceRecord> records = TraceFiles.readAll(root.resolve("traces"));
    assertThat(records).extracting(TraceRecord::path).noneMatch(p -> p.contains("traces"));
    assertThat(records).filteredOn(r -> r.point() == TracePoint.APPLICATION && r.op() == TraceOp.WRITE)
        .extracting(TraceRecord::bytes).containsExactly(123L);
  }

  /** Every tracing key is read strictly: a bad value is an error naming the key and the value, never the default. */
  @Test
  void badTracingKeysAreErrorsNamingKeyAndValue() {
    String[][] cases = {
        {TraceConfigKeys.ENABLED, "flase", "pfsmix.trace.enabled = 'flase' is not a boolean (true or false)"},
        {TraceConfigKeys.APPLICATION_ENABLED, "yes",
            "pfsmix.trace.application.enabled = 'yes' is not a boolean (true or false)"},
        {TraceConfigKeys.BUFFER_RECORDS, "abc", "pfsmix.trace.buffer.records = 'abc' is not a whole number"},
        {TraceConfigKeys.BUFFER_RECORDS, "0",
            "pfsmix.trace.buffer.records = '0' is out of range: must be between 1 and 33554431"},
        {TraceConfigKeys.BUFFER_MAX_BYTES, "lots", "pfsmix.trace.buffer.max.bytes: 'lots' is not a size"},
        {TraceConfigKeys.BUFFER_MAX_BYTES, "1k", "pfsmix.trace.buffer.max.bytes = '1k' cannot hold one buffer of "
            + "pfsmix.trace.buffer.records = 1024 records (65536 bytes)"},
        // a duration: milliseconds, or with a unit (2s)
        {TraceConfigKeys.FLUSH_INTERVAL_MS, "1.5", "pfsmix.trace.flush.interval.ms = '1.5' is not a duration"},
        {TraceConfigKeys.FLUSH_INTERVAL_MS, "-1", "pfsmix.trace.flush.interval.ms = '-1' is not a duration"},
        {TraceConfigKeys.FLUSH_INTERVAL_MS, "0", "pfsmix.trace.flush.interval.ms = '0' is out of range"},
    };
    for (String[] c : cases) {
      Configuration conf = tracedLocal(tmp.resolve("traces"));
      conf.set(c[0], c[1]);
      assertThatThrownBy(() -> FileSystem.newInstance(URI.create("file:///"), conf)).as(c[0] + "=" + c[1])
          .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(c[2]);
    }
    java.nio.file.Path root = tmp.resolve("root");
    root.toFile().mkdirs();
    Configuration pfs = tracedPfs(tmp.resolve("traces"), root);
    pfs.set(TraceConfigKeys.STORAGE_ENABLED, "on");
    assertThatThrownBy(() -> FileSystem.newInstance(URI.create("pfs:///"), pfs))
        .hasMessageContaining("pfsmix.trace.storage.enabled = 'on' is not a boolean (true or false)");
  }

  @Test
  void theBufferMemoryIsASizeInTheOneGrammar() throws Exception {
    Configuration conf = tracedLocal(tmp.resolve("traces"));
    conf.set(TraceConfigKeys.BUFFER_MAX_BYTES, "16m");
    try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), conf)) {
      fs.create(new Path(tmp.resolve("f").toUri())).close();
    }
    conf.set(TraceConfigKeys.BUFFER_MAX_BYTES, "1e");
    assertThatThrownBy(() -> TraceRecorders.forConfiguration(conf))
        .hasMessageStartingWith("pfsmix.trace.buffer.max.bytes: '1e' is not a size");
  }

  @Test
  void aMissingWrappedClassIsAClearError() {
    Configuration conf = new Configuration();
    conf.set("fs.nosuch.impl", TracingFileSystem.class.getName());
    assertThatThrownBy(() -> FileSystem.newInstance(URI.create("nosuch:///"), conf))
        .hasMessageContaining("pfsmix.trace.wrapped.nosuch.impl");
    conf.set("pfsmix.trace.wrapped.nosuch.impl", TracingFileSystem.class.getName());
    assertThatThrownBy(() -> FileSystem.newInstance(URI.create("nosuch:///"), conf))
        .hasMessageContaining("pfsmix.trace.wrapped.nosuch.impl").hasMessageContaining("itself");
  }
}
