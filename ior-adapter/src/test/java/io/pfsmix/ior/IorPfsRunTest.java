package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.BufferMemory;
import io.pfsmix.fs.PfsTestFileSystems;
import io.pfsmix.fs.Sizes;
import io.pfsmix.trace.Tracing;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.hadoop.TraceRecorders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The Java driver on pfs:// (POSIX backend in a temporary directory): layout, data checks, output formats. */
class IorPfsRunTest {

  private static final int SIGNATURE = 1234;
  private static final long B = 16384;
  private static final long T = 4096;

  @TempDir
  Path root;
  private Configuration conf;

  @BeforeEach
  void configure() throws IOException {
    conf = PfsTestFileSystems.posixConfiguration(root);
    Files.createDirectories(root.resolve("ckpt"));
  }

  private IorResult run(ByteArrayOutputStream out, String... args) throws IOException {
    return IorRunner.run(conf, IorOptions.parse(args), out);
  }

  private IorResult run(String... args) throws IOException {
    return run(new ByteArrayOutputStream(), args);
  }

  /** IOR's timestamp packet, computed independently: word w of a transfer is (rank << 32) | (signature + w). */
  private static void assertTimestampTransfer(byte[] file, long offset, int rank) {
    ByteBuffer words = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    for (int w = 0; w < T / 8; w++) {
      long expected = ((long) rank << 32) | (SIGNATURE + w);
      assertThat(words.getLong((int) offset + w * 8)).as("word %d of the transfer at %d (rank %d)", w, offset, rank)
          .isEqualTo(expected);
    }
  }

  /** Before the one reader, pfsmix.ior.warmup=flase warmed up anyway: Configuration.getBoolean took the default. */
  @Test
  void aMisspeltWarmupSwitchIsRefusedNamingKeyAndValueBeforeAnyIo() {
    conf.set(IorConfigKeys.WARMUP, "flase");
    assertThatThrownBy(() -> run("-w", "-N", "1", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/warm"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pfsmix.ior.warmup = 'flase' is not a boolean (true or false)");
    assertThat(root.resolve("ckpt/warm")).doesNotExist();
  }

  /** Issue #12: a checkpoint path through a link that leads out of the root is refused, N-to-1 and N-to-N alike. */
  @Test
  void aCheckpointThroughALinkOutOfTheRootIsRefusedAndWritesNothingOutside() throws IOException {
    Path outside = Files.createDirectories(root.resolve("../" + root.getFileName() + "-outside")).normalize();
    Files.createSymbolicLink(root.resolve("esc"), outside);
    Files.createSymbolicLink(root.resolve("ckpt/out"), Path.of("../esc/../" + outside.getFileName()));
    try {
      for (String[] pattern : new String[][] {{}, {"-F"}}) {
        List<String> args = new ArrayList<>(List.of("-a", "HADOOP", "-w", "-N", "2", "-b", "16k", "-t", "4k",
            "-o", "pfs:///ckpt/out/file"));
        args.addAll(List.of(pattern));
        assertThatThrownBy(() -> run(args.toArray(new String[0]))).as(String.join(" ", pattern))
            .hasMessageContaining("/ckpt/out/file").hasMessageContaining("is refused")
            .hasMessageContaining("leads outside the root");
      }
      try (var entries = Files.list(outside)) {
        assertThat(entries).isEmpty();
      }
    } finally {
      Files.delete(outside);
    }
  }

  @Test
  void sharedFileHoldsEveryRanksTransfersAtIorsStridedOffsets() throws IOException {
    int n = 3;
    int s = 3;
    run("-a", "HADOOP", "-w", "-k", "-N", "3", "-s", "3", "-b", "16k", "-t", "4k", "-G", "1234", "-o", "pfs:///ckpt/shared");
    byte[] file = Files.readAllBytes(root.resolve("ckpt/shared"));
    assertThat(file).hasSize((int) (n * s * B));
    for (int i = 0; i < s; i++) {
      for (int r = 0; r < n; r++) {
        for (int j = 0; j < B / T; j++) {
          assertTimestampTransfer(file, i * n * B + r * B + j * T, r);
        }
      }
    }
  }

  @Test
  void filePerProcessWritesEachRanksFileAtBlockOffsets() throws IOException {
    run("-w", "-k", "-F", "-N", "2", "-s", "2", "-b", "16k", "-t", "4k", "-G", "1234", "-o", "pfs:///ckpt/fpp");
    for (int r = 0; r < 2; r++) {
      byte[] file = Files.readAllBytes(root.resolve(String.format(Locale.ROOT, "ckpt/fpp.%08d", r)));
      assertThat(file).hasSize((int) (2 * B));
      for (int i = 0; i < 2; i++) {
        for (int j = 0; j < B / T; j++) {
          assertTimestampTransfer(file, i * B + j * T, r);
        }
      }
    }
  }

  @Test
  void offsetPacketStampsTheFileOffsetEvery4KiB() throws IOException {
    run("-w", "-k", "-N", "2", "-b", "32k", "-t", "8k", "-l", "o", "-G", "1234", "-o", "pfs:///ckpt/offsets");
    ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(root.resolve("ckpt/offsets"))).order(ByteOrder.LITTLE_ENDIAN);
    for (int r = 0; r < 2; r++) {
      for (long offset = r * 32768L; offset < (r + 1) * 32768L; offset += 8192) {
        for (int k = 1; k <= 2; k++) {
          long stamp = ((offset * k) & 0xffffffffL) | ((long) r << 32);
          assertThat(file.getLong((int) (offset + (k - 1) * 4096))).isEqualTo(stamp);
        }
        assertThat(file.getLong((int) offset + 8)).isEqualTo(((long) r << 32) | (SIGNATURE + 1));
      }
    }
  }

  @Test
  void readCheckFindsACorruptedByteAndSaysWhere() throws IOException {
    run("-w", "-k", "-N", "3", "-b", "16k", "-t", "4k", "-G", "1234", "-o", "pfs:///ckpt/corrupt");
    long offset = 2 * B + T + 13;
    flip(root.resolve("ckpt/corrupt"), offset);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = run(out, "-r", "-R", "-k", "-N", "3", "-b", "16k", "-t", "4k", "-G", "1234", "-o",
        "pfs:///ckpt/corrupt");
    assertThat(result.dataErrors()).hasSize(1);
    IorDataError error = result.dataErrors().get(0);
    assertThat(error.rank()).isEqualTo(2);
    assertThat(error.offset()).isEqualTo(offset);
    assertThat(error.actual()).isEqualTo((byte) ~error.expected());
    assertThat(error.wrongTransfers()).isEqualTo(1);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("WARNING: Incorrect data on read (1 errors found).")
        .contains("rank 2, iteration 0, read check: ").contains("offset " + offset);
  }

  @Test
  void reorderedReadBackChecksAnotherNodesData() throws IOException {
    run("-w", "-k", "-N", "4", "-b", "16k", "-t", "4k", "-G", "1234", "-o", "pfs:///ckpt/reorder");
    flip(root.resolve("ckpt/reorder"), 2 * B + 100);
    // 4 ranks on 2 nodes: with -C rank 0 reads the block of rank 0 + 1 node x 2 tasks per node = rank 2
    IorResult result = run("-r", "-R", "-C", "-k", "-O", "numNodes=2", "-N", "4", "-b", "16k", "-t", "4k", "-G", "1234",
        "-o", "pfs:///ckpt/reorder");
    assertThat(result.dataErrors()).hasSize(1);
    IorDataError e = result.dataErrors().get(0);
    assertThat(e.rank()).isEqualTo(0);
    assertThat(e.dataRank()).isEqualTo(2);
    assertThat(e.offset()).isEqualTo(2 * B + 100);
  }

  @Test
  void writeCheckAndRandomOffsetsRoundTrip() throws IOException {
    IorResult result = run("-w", "-W", "-r", "-R", "-z", "-N", "3", "-s", "2", "-b", "16k", "-t", "4k", "-i", "2", "-o",
        "pfs:///ckpt/random");
    assertThat(result.dataErrors()).isEmpty();
    assertThat(result.iterations("write")).hasSize(2).allSatisfy(row -> assertThat(row.aggregateBytes()).isEqualTo(3 * 2 * B));
    assertThat(Files.exists(root.resolve("ckpt/random"))).as("removed without -k").isFalse();
  }

  @Test
  void textOutputHasIorsBlocksAndColumns() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = run(out, "-w", "-r", "-i", "3", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/text");
    String text = out.toString(StandardCharsets.UTF_8);
    List<String> lines = text.lines().toList();
    assertThat(lines.get(0)).matches("IOR-\\S+: MPI Coordinated Test of Parallel I/O");
    assertThat(lines.get(1)).startsWith("Began               : ");
    assertThat(lines.get(2)).isEqualTo("Command line        : pfsmix ior -w -r -i 3 -N 2 -b 16k -t 4k -o pfs:///ckpt/text");
    assertThat(lines.get(3)).startsWith("Machine             : ");
    assertThat(text).contains("\nOptions: \napi                 : HADOOP\n")
        .contains("\naccess              : single-shared-file\n").contains("\nsegments            : 1\n")
        .contains("\ntasks               : 2\n").contains("\nrepetitions         : 3\n")
        .contains("\nxfersize            : 4096 bytes\n").contains("\nblocksize           : 16384 bytes\n")
        .contains("\naggregate filesize  : 32768 bytes\n").contains("\nResults: \n\n")
        .contains("access    bw(MiB/s)  IOPS       Latency(s)  block(KiB) xfer(KiB)  open(s)    wr/rd(s)   close(s)   total(s)   iter\n"
            + "------    ---------  ----       ----------  ---------- ---------  --------   --------   --------   --------   ----\n")
        .contains("\nSummary of all tests:\nOperation   Max(MiB)   Min(MiB)  Mean(MiB)     StdDev   Max(OPs)   Min(OPs)"
            + "  Mean(OPs)     StdDev    Mean(s) Stonewall(s) Stonewall(MiB) Test# #Tasks tPN reps fPP reord reordoff"
            + " reordrand seed segcnt   blksiz    xsize aggs(MiB)   API RefNum\n");
    assertThat(lines.get(lines.size() - 1)).startsWith("Finished            : ");
    List<String> rows = lines.stream().filter(l -> l.matches("(write|read) +[0-9].*") && l.split("\\s+").length == 11)
        .toList();
    assertThat(rows).hasSize(6);
    assertThat(rows.get(0)).matches("write     [0-9.]+ +[0-9.]+ +[0-9.]+ +16.00      4.00       .* 0   ");
    // as IOR 4 at default verbosity: no remove rows, no Max lines (-v adds them; IorParityTest compares with IOR)
    assertThat(lines).noneMatch(l -> l.startsWith("remove")).noneMatch(l -> l.startsWith("Max Write: "));
    String summaryWrite = lines.stream().filter(l -> l.startsWith("write  ") && l.split("\\s+").length == 27).findFirst()
        .orElseThrow();
    String[] f = summaryWrite.trim().split("\\s+");
    assertThat(f[10]).isEqualTo("NA");
    assertThat(f[13]).isEqualTo("2");
    assertThat(f[15]).isEqualTo("3");
    assertThat(f[22]).isEqualTo("16384");
    assertThat(f[23]).isEqualTo("4096");
    assertThat(f[25]).isEqualTo("HADOOP");
    // the native parser reads the driver's report back to the same numbers
    IorResult parsed = IorOutputParser.parse(text, null);
    assertThat(parsed.iterations()).hasSize(6);
    assertThat(parsed.blockSize()).isEqualTo(B);
    assertThat(parsed.numTasks()).isEqualTo(2);
    assertThat(parsed.summary("write").maxMiB()).isCloseTo(result.summary("write").maxMiB(), org.assertj.core.data.Offset
        .offset(0.01));
  }

  @Test
  void jsonOutputHasIorsStructure() throws IOException {
    Path summary = root.resolve("summary.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    run(out, "-w", "-r", "-i", "2", "-F", "-N", "2", "-b", "16k", "-t", "4k", "-O",
        "summaryFormat=JSON,summaryFile=" + summary, "-o", "pfs:///ckpt/json");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("Writing output to " + summary + "\n");
    JsonNode json = new ObjectMapper().readTree(summary.toFile());
    assertThat(fieldNames(json)).containsExactly("Version", "Began", "Command line", "Machine", "tests", "summary",
        "Finished");
    JsonNode test = json.get("tests").get(0);
    assertThat(fieldNames(test)).containsExactly("TestID", "StartTime", "Path", "Capacity", "Used Capacity", "Inodes",
        "Used Inodes", "Parameters", "Options", "Results");
    assertThat(test.get("Path").asText()).isEqualTo("pfs:///ckpt/json.00000000");
    assertThat(test.get("Parameters").get("filePerProc").asInt()).isEqualTo(1);
    assertThat(test.get("Options").get("access").asText()).isEqualTo("file-per-process");
    JsonNode results = test.get("Results");
    assertThat(results).hasSize(4);
    assertThat(fieldNames(results.get(0))).containsExactly("access", "bwMiB", "blockKiB", "xferKiB", "iops", "latency",
        "openTime", "wrRdTime", "closeTime", "totalTime");
    assertThat(results).allSatisfy(row -> assertThat(row.get("bwMiB").isDouble()).isTrue());
    assertThat(fieldNames(json.get("summary").get(0))).containsExactly("operation", "API", "TestID", "ReferenceNumber",
        "segmentCount", "blockSize", "transferSize", "numTasks", "tasksPerNode", "repetitions", "filePerProc",
        "reorderTasks", "taskPerNodeOffset", "reorderTasksRandom", "reorderTasksRandomSeed", "bwMaxMIB", "bwMinMIB",
        "bwMeanMIB", "bwStdMIB", "OPsMax", "OPsMin", "OPsMean", "OPsSD", "MeanTime", "xsizeMiB");
    IorResult parsed = IorOutputParser.parse(Files.readString(summary), null);
    assertThat(parsed.iterations()).hasSize(4);
    assertThat(parsed.filePerProc()).isTrue();
  }

  @Test
  void csvOutputIsIorsTable() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    run(out, "-w", "-r", "-N", "2", "-b", "16k", "-t", "4k", "-O", "summaryFormat=CSV", "-o", "pfs:///ckpt/csv");
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(0)).isEqualTo(
        "access,bw(MiB/s),IOPS,Latency,block(KiB),xfer(KiB),open(s),wr/rd(s),close(s),total(s),numTasks,iter");
    assertThat(lines.subList(1, lines.size())).hasSize(2).allSatisfy(l -> assertThat(l.split(",")).hasSize(12));
    assertThat(lines.get(1)).startsWith("write,").endsWith(",16.0000,4.0000," + lines.get(1).split(",")[6] + ","
        + lines.get(1).split(",")[7] + "," + lines.get(1).split(",")[8] + "," + lines.get(1).split(",")[9] + ",2,0");
  }

  @Test
  void sharedFileOnTheLocalFileSystemIsRefusedBeforeAnyIo() {
    Path target = root.resolve("local/shared");
    assertThatThrownBy(() -> run("-a", "HADOOP", "-w", "-N", "2", "-o", target.toUri().toString()))
        .isInstanceOf(IorUsageException.class).hasMessageContaining("N-to-1").hasMessageContaining("Use -F");
    assertThat(Files.exists(target.getParent())).isFalse();
  }

  @Test
  void readingAMissingFileIsRefusedBeforeAnyBufferIsAllocated() throws IOException {
    // 8 transfer buffers of 1 GiB: allocated first, this ran out of memory before it found the file missing
    assertThatThrownBy(() -> run("-r", "-b", "1g", "-t", "1g", "-N", "8", "-o", "pfs:///ckpt/missing"))
        .isInstanceOf(IorUsageException.class)
        .hasMessage("ERROR: cannot read pfs:/ckpt/missing: it does not exist (without -w, -r reads the file(s) an"
            + " earlier run wrote and kept with -k)");
    run("-w", "-k", "-F", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/perrank");
    root.resolve("ckpt/perrank.00000001").toFile().delete();
    assertThatThrownBy(() -> run("-r", "-F", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/perrank"))
        .hasMessageStartingWith("ERROR: cannot read pfs:/ckpt/perrank.00000001: it does not exist");
  }

  @Test
  void transferBuffersBeyondWhatTheJvmCanGiveAreRefusedBeforeAnyIo() {
    long ranks = BufferMemory.maxDirect() / (1L << 30) + 1;
    assertThatThrownBy(() -> run("-w", "-b", "1g", "-t", "1g", "-N", Long.toString(ranks), "-o", "pfs:///ckpt/big"))
        .isInstanceOf(IorUsageException.class)
        .hasMessage("ERROR: -t 1.00 GiB x -N " + ranks + " ranks needs " + Sizes.human(ranks << 30) + " of direct buffer"
            + " memory, more than the " + Sizes.human(BufferMemory.maxDirect()) + " this JVM can give"
            + " (-XX:MaxDirectMemorySize, by default the maximum heap -Xmx; ./pfsmix takes JVM options from"
            + " PFSMIX_JAVA_OPTS)");
    assertThat(root.resolve("ckpt/big")).doesNotExist();
  }

  @Test
  void aWritePhaseLargerThanTheFreeSpaceIsRefusedBeforeAnyIo() {
    assertThatThrownBy(() -> run("-w", "-b", "1p", "-t", "1m", "-N", "2", "-o", "pfs:///ckpt/huge"))
        .isInstanceOf(IorUsageException.class)
        .hasMessageStartingWith("ERROR: the write phase (-b 1.00 PiB x -s 1 x -N 2) writes 2.00 PiB, more than the ")
        .hasMessageEndingWith(" free on pfs:/ckpt");
    assertThat(root.resolve("ckpt/huge")).doesNotExist();
  }

  @Test
  void tracedRunRecordsEachRanksIoWithItsRank() throws IOException {
    Path traces = root.resolve("traces");
    Tracing.enable(conf, "pfs", traces.toString(), true, false);
    try {
      run("-w", "-r", "-N", "3", "-s", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/traced");
    } finally {
      TraceRecorders.closeAll();
    }
    List<TraceRecord> records = new ArrayList<>();
    try (var files = Files.list(traces)) {
      for (Path file : files.toList()) {
        try (TraceReader reader = TraceReader.open(file)) {
          reader.forEach(records::add);
        }
      }
    }
    for (int rank = 0; rank < 3; rank++) {
      int r = rank;
      List<TraceRecord> writes = records.stream().filter(t -> t.point() == TracePoint.APPLICATION
          && t.op() == TraceOp.PWRITE && t.path().endsWith("/ckpt/traced") && t.context().rank() == r).toList();
      List<TraceRecord> reads = records.stream().filter(t -> t.point() == TracePoint.APPLICATION
          && t.op() == TraceOp.PREAD && t.path().endsWith("/ckpt/traced") && t.context().rank() == r).toList();
      // 2 segments x 4 transfers, each inside this rank's block of its segment
      assertThat(writes).as("rank %d writes", r).hasSize(8).allSatisfy(t -> {
        assertThat(t.length()).isEqualTo(T);
        assertThat(t.offset() / B % 3).isEqualTo(r);
      });
      assertThat(reads).as("rank %d reads", r).hasSize(8).allSatisfy(t -> assertThat(t.offset() / B % 3).isEqualTo(r));
    }
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }

  private static void flip(Path file, long offset) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(offset);
      int b = raf.read();
      raf.seek(offset);
      raf.write(~b & 0xff);
    }
  }
}
