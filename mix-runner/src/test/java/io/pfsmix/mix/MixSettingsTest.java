package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MixSettingsTest {

  @TempDir
  Path tmp;

  /** Settings with a results directory of the test's own and {@code keysAndValues}. */
  private Map<String, String> base(String... keysAndValues) {
    Map<String, String> values = new HashMap<>();
    values.put(MixKeys.RESULTS, tmp.resolve("results").toString());
    for (int i = 0; i < keysAndValues.length; i += 2) {
      values.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return values;
  }

  @Test
  void defaultsDescribeTheStudysMix() {
    MixSettings s = MixSettings.parse(base());
    assertThat(s.fileSystems()).extracting(FileSystemSpec::kind).containsExactly(FileSystemSpec.Kind.EMBEDDED_PFS);
    assertThat(s.patterns()).containsExactly(IorPattern.N_TO_1, IorPattern.N_TO_N);
    assertThat(s.jobs().kind()).isEqualTo(JobsSpec.Kind.LOCAL);
    assertThat(s.tracing()).isEqualTo(TracingMode.ON);
    assertThat(s.tfidfData()).isEqualTo("/pfsmix-mix/tfidf/requests");
    assertThat(s.tfidfModel()).isEqualTo("/pfsmix-mix/tfidf/model");
    assertThat(s.checkpointBytes(s.iorSegments())).isEqualTo(4L * (4 << 20) * 16);
  }

  @Test
  void sizesListsAndHadoopKeysAreRead() throws Exception {
    Path mount = Files.createDirectory(tmp.resolve("mount"));
    Map<String, String> v = base(MixKeys.FS, "pfs, pfs@" + mount + ", hdfs-mini, hdfs://nn:8020/",
        MixKeys.PATTERNS, "n-to-n", MixKeys.IOR_BLOCK, "64m", MixKeys.IOR_TRANSFER, "4m", MixKeys.TFIDF_SIZE, "7g",
        MixKeys.TRACING, "overhead", MixKeys.IOR_FLAGS, "-e  -Y", "hadoop.fs.pfs.readahead.size", "8m");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.fileSystems()).extracting(FileSystemSpec::kind).containsExactly(FileSystemSpec.Kind.EMBEDDED_PFS,
        FileSystemSpec.Kind.MOUNTED_PFS, FileSystemSpec.Kind.MINI_HDFS, FileSystemSpec.Kind.URI);
    assertThat(s.fileSystems().get(1).mountDir()).isEqualTo(mount);
    assertThat(s.iorBlock()).isEqualTo(64L << 20);
    assertThat(s.tfidfSize()).isEqualTo(7L << 30);
    assertThat(s.tracing().passes()).containsExactly(false, true);
    assertThat(s.iorFlags()).containsExactly("-e", "-Y");
    assertThat(s.hadoop()).containsEntry("fs.pfs.readahead.size", "8m");
  }

  @Test
  void configurationFileIsReadAsProperties() throws Exception {
    Path file = tmp.resolve("mix.properties");
    Files.writeString(file, "# a mix\nmix.repetitions = 5\nmix.patterns=n-to-1\n");
    Map<String, String> v = base();
    v.putAll(MixSettings.readFile(file));
    MixSettings s = MixSettings.parse(v);
    assertThat(s.repetitions()).isEqualTo(5);
    assertThat(s.patterns()).containsExactly(IorPattern.N_TO_1);
    assertThatThrownBy(() -> MixSettings.readFile(tmp.resolve("missing.properties")))
        .hasMessageContaining("--config").hasMessageContaining("missing.properties");
    // the decoder's "Input length = 1" before
    Path binary = Files.write(tmp.resolve("binary"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertThatThrownBy(() -> MixSettings.readFile(binary)).hasMessage("--config: " + binary + " is not a settings"
        + " file: it is not UTF-8 text (a Java properties file, key = value)");
  }

  @Test
  void everyBadSettingIsRefusedByName() throws Exception {
    Files.writeString(Files.createDirectories(tmp.resolve("full")).resolve("x"), "x");
    List<List<String>> cases = List.of(
        List.of("mix.repetitons", "3", "mix.repetitons: unknown setting"),
        List.of(MixKeys.REPETITIONS, "0", "mix.repetitions = '0' is out of range: must be between 1 and 2147483647"),
        List.of(MixKeys.IOR_RANKS, "four", "mix.ior.ranks = 'four' is not a whole number"),
        List.of(MixKeys.IOR_BLOCK, "12q", "mix.ior.block: '12q' is not a size"),
        List.of(MixKeys.IOR_TRANSFER, "3m", "mix.ior.transfer: transfer size 3145728 does not divide the block size"),
        List.of(MixKeys.PATTERNS, "n-to-2", "mix.patterns: unknown pattern 'n-to-2'"),
        List.of(MixKeys.FS, "lustre", "mix.fs: unknown file system 'lustre'"),
        List.of(MixKeys.FS, "pfs@" + tmp.resolve("nowhere"), "is not a directory"),
        List.of(MixKeys.JOBS, "cluster:" + tmp, "holds neither yarn-site.xml nor mapred-site.xml"),
        List.of(MixKeys.JOBS, "slurm", "mix.jobs: unknown value 'slurm'"),
        List.of(MixKeys.TRACING, "maybe", "mix.tracing: unknown value 'maybe'"),
        List.of(MixKeys.BALANCE, "sometimes", "mix.balance = 'sometimes' is not a boolean (true or false)"),
        List.of(MixKeys.BALANCE_TOLERANCE, "1.5", "mix.balance.tolerance = '1.5' is out of range: must be above 0"
            + " and at most 1"),
        List.of(MixKeys.DIR, "relative/dir", "mix.dir: 'relative/dir' must be an absolute path"),
        List.of(MixKeys.IOR_FLAGS, "-e -F", "mix.ior.flags: flag -F is set by the mix itself"),
        List.of(MixKeys.IOR_FLAGS, "--ranks-per-task=2", "mix.ior.flags: flag --ranks-per-task=2 is set by the mix itself"
            + " (see mix.ior.placement"),
        List.of(MixKeys.IOR_PLACEMENT, "mpi", "mix.ior.placement: unknown value 'mpi': expected threads or yarn"),
        List.of(MixKeys.IOR_RANKS_PER_TASK, "0", "mix.ior.ranks-per-task = '0' is out of range: must be between 1"
            + " and 2147483647"),
        List.of(MixKeys.IOR_FLAGS, "-q", "mix.ior.flags: IOR refuses '-q': Error invalid argument: -q (IOR 4 has no such option; see -h)"),
        List.of(MixKeys.IOR_FLAGS, "-e -D -5", "mix.ior.flags: IOR refuses '-e -D -5': deadlineForStonewalling must be"
            + " nonnegative value (-D -5)"),
        List.of(MixKeys.IOR_FLAGS, "-h", "mix.ior.flags: flag -h asks for IOR's help, which ./pfsmix ior -h prints"),
        List.of(MixKeys.FS, "pfs,foo://bar/", "mix.fs: no Hadoop file system for the scheme 'foo'"),
        List.of(MixKeys.TFIDF_DATA, "s3x://bucket/requests", "mix.tfidf.data: no Hadoop file system for the scheme"
            + " 's3x'"),
        List.of(MixKeys.TFIDF_MODEL, "s3x://bucket/model", "mix.tfidf.model: no Hadoop file system for the scheme 's3x'"),
        List.of(MixKeys.RESULTS, tmp.resolve("full/x").toString(), "full/x is a file, not a directory"),
        List.of(MixKeys.RESULTS, tmp.resolve("full").toString(), "exists and is not empty"),
        List.of(MixKeys.PHASE_ORDER, "random", "mix.phase-order: unknown value 'random': expected alternate or fixed"),
        List.of(MixKeys.SETTLE, "sync,flush", "mix.settle: unknown step 'flush': expected sync, drop-caches or none"),
        List.of(MixKeys.SETTLE, "none,sync", "mix.settle: none cannot be combined with other steps"),
        List.of(MixKeys.PROBE_SIZE, "-1", "mix.probe.size: '-1'"));
    for (List<String> c : cases) {
      Map<String, String> v = base(c.get(0), c.get(1));
      assertThatThrownBy(() -> MixSettings.parse(v)).as(c.get(0) + "=" + c.get(1))
          .isInstanceOf(MixConfigException.class).hasMessageContaining(c.get(2));
    }
  }

  @Test
  void theShimsBufferKeysAndTheTracingSwitchAmongTheHadoopKeysAreCheckedBeforeAnythingRuns() {
    // read by the first phase's file system before: the mix then failed with a results directory of empty tables
    for (List<String> c : List.of(
        List.of("hadoop.fs.pfs.readahead.size", "0", "fs.pfs.readahead.size = '0' is out of range"),
        List.of("hadoop.fs.pfs.block.size", "1e", "fs.pfs.block.size: '1e' is not a size"),
        List.of("hadoop.pfsmix.trace.enabled", "flase", "hadoop.pfsmix.trace.enabled: the mix decides which phases are"
            + " traced: set mix.tracing (--tracing) instead"))) {
      Map<String, String> bad = base(c.get(0), c.get(1));
      assertThatThrownBy(() -> MixSettings.parse(bad)).as(c.get(0)).isInstanceOf(MixConfigException.class)
          .hasMessageStartingWith(c.get(2)).extracting(e -> ((MixConfigException) e).key()).isEqualTo(c.get(0));
    }
  }

  @Test
  void sizesTakeTheOneGrammarOfEveryCommand() {
    Map<String, String> v = base();
    // the study's data size: refused before sizes had one grammar
    v.put(MixKeys.TFIDF_SIZE, "7.2g");
    v.put(MixKeys.IOR_BLOCK, "1.5m");
    v.put(MixKeys.IOR_TRANSFER, "512K");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.tfidfSize()).isEqualTo(7730941133L);
    assertThat(s.iorBlock()).isEqualTo(3L << 19);
    for (List<String> c : List.of(
        List.of(MixKeys.TFIDF_SIZE, "1e", "mix.tfidf.size: '1e' is not a size (a number with an optional suffix k, m,"
            + " g, t or p, powers of 1024: 4096, 64k, 7.2g)"),
        List.of(MixKeys.TFIDF_TRAIN_SIZE, "99999999999g", "mix.tfidf.train-size: '99999999999g' overflows 64 bits"
            + " (sizes end at 2^63-1 bytes, just under 8 EiB)"),
        List.of(MixKeys.IOR_BLOCK, "0", "mix.ior.block = '0' is out of range: must be at least 1 bytes"))) {
      Map<String, String> bad = base(c.get(0), c.get(1));
      assertThatThrownBy(() -> MixSettings.parse(bad)).isInstanceOf(MixConfigException.class).hasMessage(c.get(2))
          .extracting(e -> ((MixConfigException) e).key()).isEqualTo(c.get(0));
    }
  }

  @Test
  void settingsReadBooleansAndNumbersAsEveryPfsmixKeyIs() {
    // the mix's own reader took yes, no, on and off; pfsmix.trace.enabled and every other key refuse them
    for (String bad : List.of("yes", "on", "off", "1")) {
      Map<String, String> v = base(MixKeys.WARMUP, bad);
      assertThatThrownBy(() -> MixSettings.parse(v)).isInstanceOf(MixConfigException.class)
          .hasMessage("mix.warmup = '" + bad + "' is not a boolean (true or false)")
          .extracting(e -> ((MixConfigException) e).key()).isEqualTo(MixKeys.WARMUP);
    }
    Map<String, String> v = base(MixKeys.WARMUP, "FALSE", MixKeys.BALANCE_TOLERANCE, "1", MixKeys.PROBE_SIZE, "0k",
        MixKeys.REPETITIONS, "");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.warmup()).isFalse();
    assertThat(s.balanceTolerance()).isEqualTo(1.0);
    assertThat(s.method().probeBytes()).isZero();
    // empty, as unset: the default
    assertThat(s.repetitions()).isEqualTo(MixKeys.REPETITIONS_DEFAULT);
  }

  @Test
  void checkpointSizesIorRefusesAreBlamedOnTheSizesNotTheFlags() {
    Map<String, String> v = base(MixKeys.IOR_BLOCK, "12", MixKeys.IOR_TRANSFER, "4", MixKeys.IOR_FLAGS, "-e");
    assertThatThrownBy(() -> MixSettings.parse(v)).isInstanceOf(MixConfigException.class)
        .hasMessage("mix.ior.block: IOR refuses the checkpoint's sizes (-a HADOOP -w -i 1 -N 4 -b 12 -t 4 -s 16 -o"
            + " /pfsmix-mix/ior/check/checkpoint): block size must be a multiple of access size (8 bytes; -b 12)");
  }

  @Test
  void sharedFileOnHdfsIsRefusedSuggestingFilePerProcess() {
    Map<String, String> v = base(MixKeys.FS, "pfs,hdfs-mini");
    assertThatThrownBy(() -> MixSettings.parse(v)).isInstanceOf(MixConfigException.class)
        .hasMessageContaining("mix.patterns").hasMessageContaining("hdfs").hasMessageContaining("n-to-n");
  }

  @Test
  void iorRanksRunOnYarnByDefaultOnlyOnARealCluster() throws Exception {
    Path conf = Files.createDirectory(tmp.resolve("conf"));
    Files.writeString(conf.resolve("yarn-site.xml"), "<configuration/>");
    Map<String, IorPlacement> expected = Map.of("local", IorPlacement.THREADS, "yarn-mini", IorPlacement.THREADS,
        "cluster:" + conf, IorPlacement.YARN);
    for (Map.Entry<String, IorPlacement> e : expected.entrySet()) {
      Map<String, String> v = base(MixKeys.JOBS, e.getKey());
      assertThat(MixSettings.parse(v).iorPlacement()).as(e.getKey()).isEqualTo(e.getValue());
    }
  }

  @Test
  void yarnPlacementAddsTheAdaptersYarnFlagsAndCountsItsTasks() {
    Map<String, String> v = base(MixKeys.JOBS, "yarn-mini", MixKeys.IOR_PLACEMENT, "yarn", MixKeys.IOR_RANKS, "5",
        MixKeys.IOR_RANKS_PER_TASK, "2");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.iorYarnTasks()).isEqualTo(3);
    List<String> flags = IorWorkload.flags(s, IorPattern.N_TO_N, 8, "/mix/ior/p1");
    assertThat(flags).containsSubsequence("-N", "5").contains("-F", "--yarn", "--ranks-per-task=2");
    io.pfsmix.ior.IorOptions options = io.pfsmix.ior.IorOptions.parse(flags.toArray(new String[0]));
    assertThat(options.yarn()).isTrue();
    assertThat(options.ranksPerTask()).isEqualTo(2);
    v.put(MixKeys.IOR_PLACEMENT, "threads");
    MixSettings threads = MixSettings.parse(v);
    assertThat(threads.iorYarnTasks()).isZero();
    assertThat(IorWorkload.flags(threads, IorPattern.N_TO_N, 8, "/mix/ior/p1")).doesNotContain("--yarn")
        .noneMatch(f -> f.startsWith("--ranks-per-task"));
  }

  @Test
  void yarnPlacementWithLocalJobsIsRefusedBeforeAnythingRuns() {
    Map<String, String> v = base(MixKeys.IOR_PLACEMENT, "yarn");
    assertThatThrownBy(() -> MixSettings.parse(v)).isInstanceOf(MixConfigException.class)
        .hasMessageContaining("mix.ior.placement").hasMessageContaining("mix.jobs is local")
        .hasMessageContaining("--jobs yarn-mini");
    assertThat(tmp.resolve("results")).doesNotExist();
  }
}
