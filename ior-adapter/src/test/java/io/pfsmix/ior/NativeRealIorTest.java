package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.tools.TraceSummary;

/** --native with the real IOR built from its tarball (4 ranks under mpirun): its outputs parsed into exact numbers. */
class NativeRealIorTest {

  private static final long MIB = 1 << 20;

  @TempDir
  Path dir;

  @BeforeAll
  static void realIorIsBuilt() {
    RealIor.assumeBuilt();
  }

  private String shown;

  private IorResult run(String flags) throws IOException {
    return run(flags, null);
  }

  /** Runs the real IOR on 4 ranks; traced into {@code traceDir} unless it is null. */
  private IorResult run(String flags, Path traceDir) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set(IorConfigKeys.NATIVE_MPIRUN, RealIor.mpirun());
    conf.set(IorConfigKeys.NATIVE_PRELOAD, RealIor.PRELOAD.toString());
    List<String> args = new ArrayList<>(Arrays.asList(flags.split(" ")));
    args.addAll(List.of("-o", dir.resolve("f").toString()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    NativeIor ior = new NativeIor(conf);
    if (traceDir != null) {
      ior.traceDirectory(traceDir);
    }
    IorResult result = ior.run(RealIor.BINARY, RealIor.mpirunOptions(4), args, traceDir != null, out);
    shown = out.toString(StandardCharsets.UTF_8);
    return result;
  }

  @Test
  void theTracesDataFilesHoldExactlyTheBytesIorReports() throws IOException {
    for (String pattern : List.of("", " -F")) {
      Path traces = dir.resolve("traces" + pattern.trim());
      IorResult r = run("-w -r -s 3 -b 1m -t 256k" + pattern, traces);
      TraceSummary summary = new TraceSummary();
      List<Path> files;
      try (var listing = Files.list(traces)) {
        files = listing.sorted().toList();
      }
      assertThat(files).hasSize(4);
      for (Path file : files) {
        try (TraceReader reader = TraceReader.open(file)) {
          summary.addAll(reader);
        }
      }
      long written = r.iterations("write").get(0).aggregateBytes();
      assertThat(written).isEqualTo(12 * MIB);
      assertThat(summary.data().writes().bytes()).as("written" + pattern).isEqualTo(written);
      assertThat(summary.data().reads().bytes()).as("read" + pattern).isEqualTo(r.iterations("read").get(0).aggregateBytes());
      assertThat(summary.data().files()).isEqualTo(pattern.isEmpty() ? 1 : 4);
      // MPI's and hwloc's start-up did I/O of its own, kept apart
      assertThat(summary.byKind().keySet()).contains("/sys", "/proc");
    }
  }

  @Test
  void textOverThreeIterations() throws IOException {
    IorResult r = run("-w -r -i 3 -b 1m -t 256k");
    assertThat(r.numTasks()).isEqualTo(4);
    assertThat(r.repetitions()).isEqualTo(3);
    assertThat(r.iterations("write")).extracting(IorIteration::iteration).containsExactly(0, 1, 2);
    assertThat(r.iterations()).hasSize(6).allSatisfy(it -> assertThat(it.aggregateBytes()).isEqualTo(4 * MIB));
    assertThat(r.summary("read").aggregateMiB()).isEqualTo(4.0);
  }

  @Test
  void jsonFilePerProcess() throws IOException {
    IorResult r = run("-w -r -F -i 2 -b 1m -t 256k -O summaryFormat=JSON");
    assertThat(r.filePerProc()).isTrue();
    assertThat(r.iterations()).hasSize(4).allSatisfy(it -> assertThat(it.aggregateBytes()).isEqualTo(4 * MIB));
    assertThat(r.summary("write").maxMiB()).isPositive();
  }

  @Test
  void csvBytesAreExactWithOrWithoutFlagsTheDriverRuns() throws IOException {
    IorResult r = run("-w -r -s 3 -b 1m -t 256k -O summaryFormat=CSV");
    assertThat(r.segmentCount()).isEqualTo(3);
    assertThat(r.iterations()).hasSize(2).allSatisfy(it -> assertThat(it.aggregateBytes()).isEqualTo(12 * MIB));
    // -j is IOR's, not the driver's: the CSV alone still gives every row's bytes exactly
    IorResult unknown = run("-w -r -s 3 -j 100 -b 1m -t 256k -O summaryFormat=CSV");
    assertThat(unknown.iterations()).hasSize(2).allSatisfy(it -> assertThat(it.aggregateBytes()).isEqualTo(12 * MIB));
    assertThat(unknown.blockSize()).isEqualTo(MIB);
    assertThat(unknown.numTasks()).isEqualTo(4);
  }

  @Test
  void stonewalledPhasesReportTheBytesActuallyMoved() throws IOException {
    IorResult r = run("-w -r -D 1 -b 1g -t 64k");
    Matcher moved = Pattern.compile("Using actual aggregate bytes moved = (\\d+)").matcher(shown);
    List<Long> actual = new ArrayList<>();
    while (moved.find()) {
      actual.add(Long.parseLong(moved.group(1)));
    }
    // a machine fast enough to write 4 GiB in the 1 s deadline would not stonewall: then the planned bytes are right
    List<Long> expected = actual.isEmpty() ? List.of(4096 * MIB, 4096 * MIB) : actual;
    assertThat(r.iterations()).extracting(IorIteration::aggregateBytes).containsExactlyElementsOf(expected);
  }
}
