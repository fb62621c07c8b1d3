package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.tools.TraceSummary;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported Darshan log read by darshan-util's own C tools (built from Darshan's source by
 * scripts/darshan-util-build.sh): their totals equal what `pfsmix trace summarize` counts in the same traces.
 */
class DarshanUtilToolsTest {
  /** The trace points a Darshan export takes by default. */
  static final Set<TracePoint> EXPORTED = Set.of(TracePoint.APPLICATION, TracePoint.POSIX);

  @TempDir
  static Path dir;
  static Path bin;
  static Path log;
  static TraceSummary summary;

  @BeforeAll
  static void export() throws Exception {
    bin = ThirdPartyTools.darshanUtilBin();
    List<Path> files = DarshanExportTest.fixture().write(dir);
    log = dir.resolve("run.darshan");
    new ExportRun(ExportFormat.DARSHAN, new ExportOptions()).run(files, log);
    summary = new TraceSummary();
    for (Path f : files) {
      try (TraceReader reader = TraceReader.open(f)) {
        summary.addAll(reader);
      }
    }
  }

  @Test
  void totalsEqualTheTraceSummary() throws Exception {
    Map<String, Long> total = new HashMap<>();
    Matcher m = Pattern.compile("(?m)^total_(POSIX_\\w+): (-?\\d+)$").matcher(parser("--total"));
    while (m.find()) {
      total.put(m.group(1), Long.parseLong(m.group(2)));
    }
    assertThat(total.get("POSIX_READS")).isEqualTo(succeeded(true, false));
    assertThat(total.get("POSIX_WRITES")).isEqualTo(succeeded(false, true));
    assertThat(total.get("POSIX_BYTES_READ")).isEqualTo(bytes(true));
    assertThat(total.get("POSIX_BYTES_WRITTEN")).isEqualTo(bytes(false));
    // every successful open is of a regular file
    assertThat(total.get("POSIX_OPENS")).isEqualTo(successfulOpens()).isEqualTo(5);
  }

  @Test
  void allListsThreeRecordsTwoOfThemShared() throws Exception {
    Set<String> records = new HashSet<>();
    Set<String> names = new HashSet<>();
    double slowest = 0;
    // MODULE RANK RECORD_ID COUNTER VALUE NAME MOUNT FS_TYPE
    for (String line : parser("--all").lines().filter(l -> l.startsWith("POSIX\t")).toList()) {
      String[] f = line.split("\t");
      records.add(f[1] + " " + f[2]);
      names.add(f[5]);
      if (f[3].equals("POSIX_F_SLOWEST_RANK_TIME")) {
        slowest += Double.parseDouble(f[4]);
      }
    }
    assertThat(names).containsExactlyInAnyOrder(DarshanExportTest.IOR_FILE, "/user/data/part-00000",
        "/user/out/part-m-00001");
    assertThat(records).hasSize(3).filteredOn(r -> r.startsWith("-1 ")).hasSize(2);
    assertThat(slowest).isPositive();
    // --perf reports the shared files' time from those records, and every byte
    String perf = parser("--perf");
    assertThat(number(perf, "# shared files: time_by_slowest: ")).isCloseTo(slowest, org.assertj.core.data.Offset
        .offset(1e-5));
    assertThat((long) number(perf, "# total_bytes: ")).isEqualTo(bytes(true) + bytes(false));
  }

  @Test
  void fileSummaryCountsSharedAndUniqueFiles() throws Exception {
    String files = parser("--file");
    assertThat(files).containsPattern("(?m)^# total: 3 ").containsPattern("(?m)^# shared: 2 ")
        .containsPattern("(?m)^# unique: 1 ");
  }

  @Test
  void dxtParserListsEveryReadAndWrite() throws Exception {
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(bin.resolve("darshan-dxt-parser").toString(),
        log.toString()), dir, 60);
    assertThat(out.exit()).as(out.output()).isZero();
    Matcher m = Pattern.compile("(?m)^\\s*X_POSIX\\s+(-?\\d+)\\s+(write|read)\\s+\\d+\\s+(\\d+)\\s+(\\d+)")
        .matcher(out.output());
    long reads = 0;
    long writes = 0;
    long readBytes = 0;
    long writeBytes = 0;
    while (m.find()) {
      assertThat(Integer.parseInt(m.group(1))).as("DXT keeps segments per rank").isBetween(0, 3);
      if (m.group(2).equals("read")) {
        reads++;
        readBytes += Long.parseLong(m.group(4));
      } else {
        writes++;
        writeBytes += Long.parseLong(m.group(4));
      }
    }
    assertThat(reads).isEqualTo(succeeded(true, false));
    assertThat(writes).isEqualTo(succeeded(false, true));
    assertThat(readBytes).isEqualTo(bytes(true));
    assertThat(writeBytes).isEqualTo(bytes(false));
  }

  private static String parser(String mode) throws Exception {
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(bin.resolve("darshan-parser").toString(), mode,
        log.toString()), dir, 60);
    assertThat(out.exit()).as(out.output()).isZero();
    return out.output();
  }

  private static double number(String text, String label) {
    Matcher m = Pattern.compile(Pattern.quote(label) + "(\\S+)").matcher(text);
    assertThat(m.find()).as("'" + label + "' in\n" + text).isTrue();
    return Double.parseDouble(m.group(1));
  }

  private static long succeeded(boolean reads, boolean writes) {
    long n = 0;
    for (TracePoint p : EXPORTED) {
      for (TraceOp op : TraceOp.values()) {
        if ((reads && op.isRead()) || (writes && op.isWrite())) {
          TraceSummary.Totals t = summary.totals(p, op);
          n += t.count() - t.failures();
        }
      }
    }
    return n;
  }

  private static long bytes(boolean reads) {
    long n = 0;
    for (TracePoint p : EXPORTED) {
      for (TraceOp op : TraceOp.values()) {
        if (reads ? op.isRead() : op.isWrite()) {
          n += summary.totals(p, op).bytes();
        }
      }
    }
    return n;
  }

  private static long successfulOpens() {
    long n = 0;
    for (TracePoint p : EXPORTED) {
      for (TraceOp op : TraceOp.values()) {
        if (EventKind.of(op) == EventKind.OPEN) {
          TraceSummary.Totals t = summary.totals(p, op);
          n += t.count() - t.failures();
        }
      }
    }
    return n;
  }
}
