package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bundles replayed by the project's SimGrid replayer (built against Debian's libsimgrid-dev). */
class SimGridReplayTest {
  static final double MIB = 1024 * 1024;
  static final double READ_BW = 50 * MIB;
  static final double WRITE_BW = 25 * MIB;

  @TempDir
  Path dir;

  @Test
  void bundleHoldsPlatformDeploymentContentAndOneActionFilePerActor() throws Exception {
    TestTraces t = new TestTraces()
        .rankAccesses("n1", 0, "/pfs/in", new long[][] {{0, 0, 1 << 20}}, TestTraces.T0)
        .rankAccesses("n2", 1, "/pfs/in", new long[][] {{0, 3 << 20, 1 << 20}, {1, 0, 4096}}, TestTraces.T0 + 5);
    Path bundle = export(t, "b1");
    assertThat(bundle.resolve("actions/rank-0.txt")).hasContent(
        "rank-0 open /pfs/in\nrank-0 read /pfs/in 0 1048576\nrank-0 close /pfs/in");
    assertThat(bundle.resolve("actions/rank-1.txt")).hasContent(
        "rank-1 open /pfs/in\nrank-1 read /pfs/in 3145728 1048576\nrank-1 write /pfs/in 0 4096\nrank-1 close /pfs/in");
    // the content file makes the read file exist as large as its furthest byte read
    assertThat(bundle.resolve("content.txt")).hasContent("/pfs/in " + (4 << 20));
    String platform = Files.readString(bundle.resolve("platform.xml"));
    assertThat(platform).contains("<host id=\"n1\"").contains("<host id=\"n2\"")
        .contains("read_bw=\"" + (long) READ_BW + "Bps\" write_bw=\"" + (long) WRITE_BW + "Bps\"")
        .contains("<prop id=\"content\" value=\"content.txt\"/>").contains("<route src=\"n1\" dst=\"n2\">");
    assertThat(Files.readString(bundle.resolve("deployment.xml")))
        .contains("<actor host=\"n1\" function=\"replayer\"><argument value=\"rank-0\"/>"
            + "<argument value=\"actions/rank-0.txt\"/></actor>");
  }

  @Test
  void hadoopPathsLoseTheirSchemeHowEverHadoopPrintedThem() throws Exception {
    TestTraces t = new TestTraces().hadoopNamespaceTask("n1", "attempt_1700000000000_0007_m_000001_0",
        "pfs:/in/part-0", "pfs:///out/part-0", 2, 4096, TestTraces.T0);
    Path bundle = dir.resolve("b0");
    ExportRun.Result r = new ExportRun(ExportFormat.SIMGRID, new ExportOptions())
        .run(t.write(Files.createDirectories(dir.resolve("b0-traces"))), bundle);
    // the mkdirs, listing and stats are not expressible in the bundle (counted warnings)
    assertThat(r.warnings().total()).isPositive();
    String actions = Files.readString(bundle.resolve("actions/attempt_1700000000000_0007_m_000001_0.txt"));
    assertThat(actions).contains(" read /in/part-0 4096 4096").contains(" write /out/part-0 0 4096")
        .doesNotContain("pfs:");
    assertThat(bundle.resolve("content.txt")).hasContent("/in/part-0 8192");
  }

  @Test
  void simulatedTimeIsBytesOverConfiguredBandwidth() throws Exception {
    Path replayer = ThirdPartyTools.simgridReplayer();
    long four = 4L << 20;
    TestTraces t = new TestTraces().rankAccesses("n1", 0, "/pfs/ckpt", new long[][] {
        {1, 0, four}, {1, four, four}, {1, 2 * four, four}, {0, 0, four}, {0, four, four}}, TestTraces.T0);
    Map<String, Double> times = replay(replayer, export(t, "b2"));
    double expected = 3 * four / WRITE_BW + 2 * four / READ_BW;
    assertThat(times.get("rank-0")).isCloseTo(expected, within(1e-6));
    assertThat(times.get("total")).isCloseTo(expected, within(1e-6));
  }

  @Test
  void actorsSharingOneDiskTakeCorrespondinglyLonger() throws Exception {
    Path replayer = ThirdPartyTools.simgridReplayer();
    long eight = 8L << 20;
    TestTraces alone = new TestTraces().rankAccesses("n1", 0, "/pfs/f0", new long[][] {{0, 0, eight}}, TestTraces.T0);
    TestTraces shared = new TestTraces();
    TestTraces spread = new TestTraces();
    for (int r = 0; r < 4; r++) {
      shared.rankAccesses("n1", r, "/pfs/f" + r, new long[][] {{0, 0, eight}}, TestTraces.T0 + r);
      spread.rankAccesses("n" + r, r, "/pfs/f" + r, new long[][] {{0, 0, eight}}, TestTraces.T0 + r);
    }
    double single = replay(replayer, export(alone, "alone")).get("total");
    Map<String, Double> sharedTimes = replay(replayer, export(shared, "shared"));
    Map<String, Double> spreadTimes = replay(replayer, export(spread, "spread"));
    assertThat(single).isCloseTo(eight / READ_BW, within(1e-6));
    // four readers on one disk share its bandwidth: each takes four times as long; on four disks none waits
    for (int r = 0; r < 4; r++) {
      assertThat(sharedTimes.get("rank-" + r)).isCloseTo(4 * single, within(1e-6));
      assertThat(spreadTimes.get("rank-" + r)).isCloseTo(single, within(1e-6));
    }
    assertThat(sharedTimes.get("total")).isCloseTo(4 * single, within(1e-6));
  }

  private Path export(TestTraces t, String name) throws Exception {
    Path traces = Files.createDirectories(dir.resolve(name + "-traces"));
    ExportOptions options = new ExportOptions().diskBandwidth(READ_BW, WRITE_BW);
    Path out = dir.resolve(name);
    ExportRun.Result r = new ExportRun(ExportFormat.SIMGRID, options).run(t.write(traces), out);
    assertThat(r.warnings().isEmpty()).as(r.warnings().report()).isTrue();
    return out;
  }

  /** Runs the replayer; returns simulated seconds per actor name and "total". */
  private static Map<String, Double> replay(Path replayer, Path bundle) throws Exception {
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(replayer.toAbsolutePath().toString(), bundle.toString()),
        null, 120);
    assertThat(out.exit()).as(out.output()).isZero();
    Map<String, Double> times = new HashMap<>();
    for (String line : out.output().split("\n")) {
      String[] f = line.trim().split(" ");
      if (f[0].equals("actor") && f.length == 4) {
        times.put(f[1], Double.parseDouble(f[3]));
      } else if (f[0].equals("total") && f.length == 2) {
        times.put("total", Double.parseDouble(f[1]));
      }
    }
    assertThat(times).as(out.output()).containsKey("total");
    return times;
  }
}
