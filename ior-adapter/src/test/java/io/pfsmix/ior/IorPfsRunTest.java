package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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

/**
 * The Java driver on pfs:// (POSIX backend in a temporary directory): layout, data checks, output formats, and what IOR
 * 4.0's further flags do to files and numbers (IorParityTest holds their output against the real IOR's).
 */
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
    assertThat(error.describe()).startsWith("rank 2, iteration 0, read check: pfs:///ckpt/corrupt offset " + offset);
    // as IOR prints it: the warning and a blank line before the phase's row, and nothing of where the byte was
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("WARNING: Incorrect data on read (1 errors found).\n\nUsed Time Stamp 1234 (0x4d2) for"
        + " Data Signature\nread ").doesNotContain("read check");
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
  void aValueIorSetsBackIsWarnedAboutBeforeTheHeaderAndTheRunGoesOnWithTheDefault() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = run(out, "-w", "-i", "0", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/reset");
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(0)).isEqualTo("WARNING: too few test repetitions. Using value of 1.");
    assertThat(lines.get(1)).matches("IOR-\\S+: MPI Coordinated Test of Parallel I/O");
    assertThat(result.iterations("write")).hasSize(1);
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
        .hasMessage("ERROR: cannot read pfs:///ckpt/missing: it does not exist (without -w, -r reads the file(s)"
            + " an earlier run wrote and kept with -k)");
    run("-w", "-k", "-F", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/perrank");
    root.resolve("ckpt/perrank.00000001").toFile().delete();
    assertThatThrownBy(() -> run("-r", "-F", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/perrank"))
        .hasMessageStartingWith("ERROR: cannot read pfs:///ckpt/perrank.00000001: it does not exist");
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

  // IOR 4.0's further flags: -m, -u, -j, -M, -f, --dryRun, --randomPrefill and the -O directives beyond the basics

  private String output(String... args) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    run(out, args);
    return out.toString(StandardCharsets.UTF_8);
  }

  private List<String> names(Path directory) throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(p -> !p.equals(directory)).map(p -> directory.relativize(p).toString()).sorted().toList();
    }
  }

  @Test
  void multiFileWritesAFileOfItsOwnPerIteration() throws IOException {
    IorResult result = run(new ByteArrayOutputStream(), "-w", "-r", "-m", "-i", "3", "-k", "-N", "2", "-b", "16k",
        "-t", "4k", "-o", "pfs:///ckpt/f");
    assertThat(names(root.resolve("ckpt"))).containsExactly("f.0", "f.1", "f.2");
    for (String name : names(root.resolve("ckpt"))) {
      assertThat(Files.size(root.resolve("ckpt").resolve(name))).isEqualTo(2 * B);
    }
    assertThat(result.iterations("read")).hasSize(3).allMatch(row -> row.aggregateBytes() == 2 * B);
    // without -k each iteration removes its own
    run(new ByteArrayOutputStream(), "-w", "-r", "-m", "-i", "2", "-N", "2", "-b", "16k", "-t", "4k", "-o",
        "pfs:///ckpt/g");
    assertThat(names(root.resolve("ckpt"))).containsExactly("f.0", "f.1", "f.2");
  }

  @Test
  void uniqueDirPutsEachRanksFileInADirectoryNamedAfterTheRank() throws IOException {
    String out = output("-w", "-r", "-u", "-F", "-k", "-N", "3", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/f");
    assertThat(names(root.resolve("ckpt"))).containsExactly("0", "0/f.00000000", "1", "1/f.00000001", "2",
        "2/f.00000002");
    assertThat(Files.size(root.resolve("ckpt/2/f.00000002"))).isEqualTo(B);
    assertThat(out).contains("Path                : pfs:///ckpt/0/f.00000000\n");
    // the removal takes the files and, as IOR's, leaves the directories
    output("-w", "-u", "-F", "-N", "3", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/f");
    assertThat(names(root.resolve("ckpt"))).containsExactly("0", "1", "2");
  }

  @Test
  void aDryRunTouchesNoFileAndStillReportsEachPhase() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = run(out, "--dryRun", "-w", "-W", "-r", "-R", "-N", "2", "-b", "16k", "-t", "4k", "-o",
        "pfs:///ckpt/f");
    assertThat(names(root.resolve("ckpt"))).isEmpty();
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("dryRun              : 1\n").doesNotContain("WARNING");
    assertThat(result.iterations("write")).hasSize(1).allMatch(row -> row.aggregateBytes() == 2 * B);
    assertThat(result.iterations("read")).hasSize(1).allMatch(row -> row.aggregateBytes() == 2 * B);
    assertThat(result.dataErrors()).isEmpty();
  }

  @Test
  void randomPrefillWritesEveryBlockBeforeTheRandomTransfers() throws IOException {
    // one random transfer per rank (-O stoneWallingWearOutIterations=1): the rest of the file is the prefill's
    String out = output("-w", "-k", "-z", "--randomPrefill=4k", "-O", "stoneWallingWearOutIterations=1", "-N", "2",
        "-b", "16k", "-t", "4k", "-G", "1234", "-vv", "-o", "pfs:///ckpt/f");
    byte[] file = Files.readAllBytes(root.resolve("ckpt/f"));
    assertThat(file).hasSize((int) (2 * B));
    int prefilled = 0;
    for (int t = 0; t < file.length / T; t++) {
      boolean ones = true;
      for (int i = t * (int) T; i < (t + 1) * T; i++) {
        ones &= file[i] == (byte) 0xff;
      }
      prefilled += ones ? 1 : 0;
    }
    assertThat(prefilled).as("4 KiB pieces still all ones").isEqualTo((int) (2 * B / T) - 2);
    assertThat(out).containsPattern("\nRandom prefill took: \\d+\\.\\d{6}s\n");
    assertThat(out).contains("WARNING: Using actual aggregate bytes moved = " + 2 * T);
  }

  @Test
  void wearOutBringsEveryRankToTheBusiestRanksCount() throws IOException {
    // fsync'd 4 KiB writes of 64 MiB per rank outlast the 1 s stonewall
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = run(out, "-w", "-r", "-Y", "-D", "1", "-O", "stoneWallingWearOut=1", "-N", "3", "-b", "64m",
        "-t", "4k", "-o", "pfs:///ckpt/f");
    String text = out.toString(StandardCharsets.UTF_8);
    Matcher line = Pattern.compile("stonewalling pairs accessed min: (\\d+) max: (\\d+) -- min data: \\d+\\.\\d GiB"
        + " mean data: \\d+\\.\\d GiB time: \\d+\\.\\ds\n").matcher(text);
    assertThat(line.find()).as(text).isTrue();
    long max = Long.parseLong(line.group(2));
    assertThat(Long.parseLong(line.group(1))).isLessThanOrEqualTo(max);
    assertThat(max).isLessThan(64 * 1024 / 4);
    // every rank wrote, then read, the busiest rank's count
    assertThat(result.iterations("write").get(0).aggregateBytes()).isEqualTo(3 * max * T);
    assertThat(result.iterations("read").get(0).aggregateBytes()).isEqualTo(3 * max * T);
    assertThat(text).contains("Pairs deadlineForStonewallingaccessed: " + max + "\n")
        .contains("WARNING: Maybe caused by deadlineForStonewalling\n");
    // the summary's Stonewall(s) column: rank 0's time to the stonewall
    assertThat(text).containsPattern("\nwrite( +[0-9.]+){9} +1\\.0\\d +[0-9.]+ +0 +3 +3 +1 +0 +0 +1 +0 +0 +1 +67108864"
        + " +4096 ");
  }

  @Test
  void aStatusFileCarriesTheWritesCountToALaterReadRun() throws IOException {
    run(new ByteArrayOutputStream(), "-w", "-k", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/f");
    Path status = root.resolve("status");
    Files.writeString(status, "3");
    IorResult read = run(new ByteArrayOutputStream(), "-r", "-k", "-O", "stoneWallingStatusFile=" + status, "-N", "2",
        "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/f");
    assertThat(read.iterations("read").get(0).aggregateBytes()).isEqualTo(2 * 3 * T);
    Files.writeString(status, "not a count");
    String out = output("-r", "-k", "-O", "stoneWallingStatusFile=" + status, "-N", "2", "-b", "16k", "-t", "4k", "-o",
        "pfs:///ckpt/f");
    assertThat(out).contains("WARNING: Could not read back the stonewalling status from the file!\n");
  }

  @Test
  void minTimeDurationRepeatsThePhaseUntilTheTimeIsUp() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = run(out, "-w", "-O", "minTimeDuration=1", "-N", "2", "-b", "16k", "-t", "4k", "-o",
        "pfs:///ckpt/f");
    IorIteration write = result.iterations("write").get(0);
    assertThat(write.wrRdTime()).isGreaterThanOrEqualTo(1.0);
    // whole passes over each rank's block, more than one
    assertThat(write.aggregateBytes() % B).isZero();
    assertThat(write.aggregateBytes()).isGreaterThan(2 * B);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("WARNING: Expected aggregate file size       = 32768\n"
        + "WARNING: Stat() of aggregate file size      = 32768\n"
        + "WARNING: Using actual aggregate bytes moved = " + write.aggregateBytes() + "\n");
  }

  @Test
  void interIODelayPausesAfterEachTransfer() throws IOException {
    IorResult result = run(new ByteArrayOutputStream(), "-w", "-r", "-O", "interIODelay=20000", "-N", "2", "-b", "16k",
        "-t", "4k", "-o", "pfs:///ckpt/f");
    // four transfers per rank, each followed by 20 ms
    assertThat(result.iterations("write").get(0).wrRdTime()).isGreaterThanOrEqualTo(0.08);
    assertThat(result.iterations("read").get(0).wrRdTime()).isGreaterThanOrEqualTo(0.08);
  }

  @Test
  void rankDetailsCsvHasALinePerRankPhaseAndIteration() throws IOException {
    Path csv = root.resolve("ranks.csv");
    Files.writeString(csv, "left from before\n");
    IorResult result = run(new ByteArrayOutputStream(), "-w", "-r", "-i", "2", "-O",
        "saveRankPerformanceDetailsCSV=" + csv, "-N", "3", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/f");
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0)).isEqualTo("access,rank,runtime-with-openclose,runtime,throughput-withopenclose,throughput");
    assertThat(lines).hasSize(1 + 2 * 2 * 3);
    String number = "\\d\\.\\d{10}e[+-]\\d\\d";
    for (int i = 1; i < lines.size(); i++) {
      String access = (i - 1) / 3 % 2 == 0 ? "write" : "read";
      assertThat(lines.get(i)).matches(access + "," + (i - 1) % 3 + "," + number + "," + number + "," + number + ","
          + number);
      String[] f = lines.get(i).split(",");
      // IOR's rates: each rank's share of the bytes moved over its times
      double share = 3 * B / 3.0;
      assertThat(Double.parseDouble(f[4])).isCloseTo(share / Double.parseDouble(f[2]),
          org.assertj.core.data.Percentage.withPercentage(1e-6));
    }
    assertThat(result.iterations()).hasSize(4);
  }

  @Test
  void outliersFarFromTheRanksMeanAreWarnedAbout() throws IOException {
    IorOptions options = IorOptions.parse("-w", "-j", "2", "-N", "8", "-b", "16k", "-t", "4k", "-o", "f");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    IorAggregator aggregator = new IorAggregator(options, new IorReport(print, print, SummaryFormat.DEFAULT, 0));
    for (int rank = 0; rank < 8; rank++) {
      // rank 7's close takes 10 s longer: its close time and its end are 8.75 s from the mean, the others' 1.25 s
      double close = rank == 7 ? 10.5 : 0.5;
      aggregator.add(new RankRecord(rank, 0, Phase.WRITE, new double[] {100, 100.1, 100.1, 101, 101, 101 + close}, B, 4,
          1, 0, null, 8 * B, null));
    }
    aggregator.phaseComplete(0, Phase.WRITE);
    String host = IorReport.hostName();
    assertThat(out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("WARNING"))).containsExactly(
        String.format(Locale.ROOT, "WARNING: for %s, task 7, write elapsed close time is 10.500000 (mean=1.750000,"
            + " stddev=3.307189)", host),
        String.format(Locale.ROOT, "WARNING: for %s, task 7, write end time is 111.500000 (mean=102.750000,"
            + " stddev=3.307189)", host));
  }

  @Test
  void latencyIsRankZerosTransferTimeOverOneBlocksTransfersAsIorHasIt() throws IOException {
    // IOR 4.0's ReduceIterResults: rank 0's transfer time / (blockSize / transferSize), whatever -s is (the real IOR
    // with -s 4 -b 64m -t 1m printed 0.0457 s for a 2.93 s write of 256 transfers per rank: 2.93 / 64)
    IorOptions options = IorOptions.parse("-w", "-s", "3", "-N", "2", "-b", "16k", "-t", "4k", "-o", "f");
    PrintStream print = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    IorAggregator aggregator = new IorAggregator(options, new IorReport(print, print, SummaryFormat.DEFAULT, 0));
    for (int rank = 0; rank < 2; rank++) {
      // rank 0 moves its 12 transfers in 1.2 s, rank 1 in 1.8 s
      double end = rank == 0 ? 101.3 : 101.9;
      aggregator.add(new RankRecord(rank, 0, Phase.WRITE, new double[] {100, 100.1, 100.1, end, end, end}, 3 * B, 12,
          1, 0, null, 6 * B, null));
    }
    aggregator.phaseComplete(0, Phase.WRITE);
    List<IorIteration> rows = aggregator.result().iterations();
    assertThat(rows).hasSize(1);
    // 1.2 s over one block's 4 transfers, not over the 12 of its 3 segments
    assertThat(rows.get(0).latency()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void heldMemoryIsReportedAndMoreThanTheHeapIsRefusedBeforeAnyIo() throws IOException {
    String out = output("-w", "-O", "memoryPerTask=8m", "-vvv", "-N", "2", "-b", "16k", "-t", "4k", "-o",
        "pfs:///ckpt/f");
    assertThat(out.lines().filter(l -> l.equals("This task hogging 8388608 bytes of memory"))).hasSize(2);
    assertThat(out).contains("memoryPerTask       : 8 MiB\n");
    assertThat(output("-w", "-M", "8m", "-N", "2", "-b", "16k", "-t", "4k", "-o", "pfs:///ckpt/f"))
        .contains("memoryPerNode       : 8 MiB\n");
    assertThatThrownBy(() -> output("-w", "-O", "memoryPerTask=1p", "-N", "2", "-b", "16k", "-t", "4k", "-o",
        "pfs:///ckpt/g")).isInstanceOf(IorUsageException.class)
        .hasMessageContaining("holding 2.00 PiB of memory (-O memoryPerTask=1.00 PiB: 1.00 PiB for each of 2 ranks)")
        .hasMessageContaining("PFSMIX_JAVA_OPTS=-Xmx");
    assertThat(root.resolve("ckpt/g")).doesNotExist();
  }

  @Test
  void aScriptRunsItsTestsInTurnEachFromThePreviousOnesParameters() throws IOException {
    Path script = root.resolve("tests.ior");
    Files.writeString(script, """
        this line is before the start and ignored
        IOR START
          # the first test writes and keeps the file
          writeFile=1, keepFile=1   # two directives
          blockSize=16k
          transferSize=4k
        RUN
          writeFile=0
          readFile=1
        RUN
        RUN
        IOR STOP
        segmentCount=99
        """);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult last = run(out, "-N", "2", "-f", script.toString(), "-o", "pfs:///ckpt/f");
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text.lines().filter(l -> l.startsWith("TestID "))).containsExactly("TestID              : 0",
        "TestID              : 1", "TestID              : 2");
    String summary = text.substring(text.indexOf("Summary of all tests:"));
    // test 0 wrote; tests 1 and 2 read what it kept
    assertThat(summary.lines().filter(l -> l.matches("(write|read) .*")).map(l -> l.split(" +")[0] + " "
        + l.split(" +")[12])).containsExactly("write 0", "read 1", "read 2");
    assertThat(last.iterations("read")).hasSize(1).allMatch(row -> row.aggregateBytes() == 2 * B);
    assertThat(Files.size(root.resolve("ckpt/f"))).isEqualTo(2 * B);
  }

  @Test
  void aBadScriptIsRefusedNamingTheFileAndLine() throws IOException {
    Path script = root.resolve("bad.ior");
    Files.writeString(script, "blockSize=16k\n");
    assertThatThrownBy(() -> output("-f", script.toString(), "-o", "pfs:///ckpt/f"))
        .hasMessageContaining(script + ": no \"IOR START\" line");
    Files.writeString(script, "IOR START\nblockSize=16k\nRUN\ntransferSize=lots\nRUN\nIOR STOP\n");
    assertThatThrownBy(() -> output("-f", script.toString(), "-o", "pfs:///ckpt/f"))
        .hasMessageContaining(script + " line 4: ").hasMessageContaining("'lots' is not a size");
    assertThatThrownBy(() -> output("-f", root.resolve("none.ior").toString(), "-o", "pfs:///ckpt/f"))
        .hasMessageContaining("none.ior: no such script file");
    assertThat(names(root.resolve("ckpt"))).isEmpty();
  }
}
