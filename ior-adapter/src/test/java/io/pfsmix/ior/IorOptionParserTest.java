package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IorOptionParserTest {

  @Test
  void defaultsAreIors() {
    IorOptions o = IorOptions.parse("-o", "pfs:///f");
    assertThat(o.blockSize()).isEqualTo(1048576);
    assertThat(o.transferSize()).isEqualTo(262144);
    assertThat(o.segmentCount()).isEqualTo(1);
    assertThat(o.repetitions()).isEqualTo(1);
    assertThat(o.numTasks()).isEqualTo(1);
    // no -w/-r/-W/-R: IOR writes and reads
    assertThat(o.writeFile()).isTrue();
    assertThat(o.readFile()).isTrue();
    assertThat(o.api()).isEqualTo("HADOOP");
  }

  @Test
  void getoptBundlingAttachedValuesSizesAndDirectives() {
    IorOptions o = IorOptions.parse("-wW", "-b64m", "-t", "4k", "-s", "3", "-N4", "-F", "-vv", "-O",
        "summaryFormat=JSON,summaryFile=/tmp/x.json", "-o", "hdfs://nn/ckpt", "--hadoop.concat", "--ranks-per-task=2");
    assertThat(o.writeFile()).isTrue();
    assertThat(o.readFile()).isFalse();
    assertThat(o.checkWrite).isTrue();
    assertThat(o.blockSize()).isEqualTo(64L << 20);
    assertThat(o.transferSize()).isEqualTo(4096);
    assertThat(o.segmentCount()).isEqualTo(3);
    assertThat(o.numTasks()).isEqualTo(4);
    assertThat(o.filePerProc()).isTrue();
    assertThat(o.verbose).isEqualTo(2);
    assertThat(o.summaryFormat()).isEqualTo(SummaryFormat.JSON);
    assertThat(o.summaryFile()).isEqualTo("/tmp/x.json");
    assertThat(o.concat()).isTrue();
    assertThat(o.ranksPerTask()).isEqualTo(2);
    assertThat(IorOptions.parse("-b", "1g", "-t", "1G").transferSize()).isEqualTo(1L << 30);
  }

  @Test
  void transferSizeMustDivideBlockSize() {
    assertThatThrownBy(() -> IorOptions.parse("-b", "1m", "-t", "3k", "-o", "f").validate())
        .isInstanceOf(IorUsageException.class)
        .hasMessageStartingWith("ERROR: block size must be a multiple of transfer size");
  }

  @Test
  void missingTestFileIsAnError() {
    assertThatThrownBy(() -> IorOptions.parse("-w").validate()).hasMessageContaining("ERROR: missing test file")
        .hasMessageContaining("-o");
  }

  @Test
  void negativeNumbersAreRefused() {
    assertThatThrownBy(() -> IorOptions.parse("-N", "-2", "-o", "f").validate())
        .hasMessage("ERROR: too few tasks for testing (-N -2)");
    // the size grammar has no sign (IOR reads -4k as a number, then refuses it)
    assertThatThrownBy(() -> IorOptions.parse("-b", "-4k", "-o", "f"))
        .hasMessage("ERROR: -b: '-4k' is not a size (a whole number with an optional suffix k, m, g, t or p, powers of"
            + " 1024: 4096, 64k, 1g)");
    assertThatThrownBy(() -> IorOptions.parse("-s", "-1", "-o", "f").validate())
        .hasMessageContaining("ERROR: segment count must be positive value");
  }

  @Test
  void valuesIorSetsBackToItsDefaultsAreSetBackWithItsWarnings() {
    // IOR's WARN_RESET: the run goes on with the default, saying so (the real IOR 4.0.0 then aborts at its end on
    // -i 0, so the parity test cannot hold its output)
    IorOptions options = IorOptions.parse("-i", "0", "-d", "-3", "-o", "f").validate();
    assertThat(options.repetitions()).isEqualTo(1);
    assertThat(options.interTestDelay).isZero();
    assertThat(options.resets).containsExactly("too few test repetitions. Using value of 1.",
        "inter-test delay must be nonnegative value. Using value of 0.");
    assertThat(IorOptions.parse("-s", "0", "-o", "f").validate().segmentCount()).isZero();
  }

  @Test
  void overflowingSizesAreRefused() {
    assertThatThrownBy(() -> IorOptions.parse("-b", "9000000p")).hasMessageContaining("overflows 64 bits");
    assertThatThrownBy(() -> IorOptions.parse("-b", "8g", "-t", "1m", "-s", "4000000000", "-N", "1000", "-o", "f")
        .validate()).hasMessageContaining("ERROR: aggregate file size").hasMessageContaining("overflows 64 bits");
    assertThatThrownBy(() -> IorOptions.parse("-N", "99999999999")).hasMessageContaining("overflows a 32-bit integer");
  }

  @Test
  void sizesAreTheOneGrammarWithoutFractionsAsTheRealIorReadsThem() {
    // IOR 4's string_to_bytes: k, m, g, t, p in either case
    IorOptions o = IorOptions.parse("-b", "2T", "-t", "1p", "-O", "segmentCount=2k");
    assertThat(o.blockSize()).isEqualTo(2L << 40);
    assertThat(o.transferSize()).isEqualTo(1L << 50);
    assertThat(o.segmentCount()).isEqualTo(2048);
    assertThat(IorOptions.parse("-O", "blockSize=64M,transferSize=4k").blockSize()).isEqualTo(64L << 20);
    assertThatThrownBy(() -> IorOptions.parse("-b", "1e")).hasMessageStartingWith("ERROR: -b: '1e' is not a size");
    assertThatThrownBy(() -> IorOptions.parse("-t", "1.5m"))
        .hasMessage("ERROR: -t: '1.5m' is not a whole number (IOR's sizes take no fraction: 1536m, not 1.5g)");
    assertThatThrownBy(() -> IorOptions.parse("-O", "blockSize=99999999999g"))
        .hasMessage("ERROR: -O blockSize: '99999999999g' overflows 64 bits (sizes end at 2^63-1 bytes, just under 8 EiB)");
  }

  @Test
  void reorderRunsOnOneNodeAsIorDoes() {
    // IOR runs -C and -Z on one node: the shift is a whole node, so each task reads back its own node's data
    assertThat(IorOptions.parse("-C", "-N", "4", "-o", "f").validate().tasksPerNode()).isEqualTo(4);
    assertThat(IorOptions.parse("-Z", "-Z", "-N", "4", "-o", "f").validate().reorderTasksRandom).isEqualTo(2);
    assertThat(IorOptions.parse("-C", "-N", "4", "-O", "numNodes=2", "-o", "f").validate().tasksPerNode()).isEqualTo(2);
  }

  @Test
  void badFlagsGetIorStyleMessages() {
    // -q was IOR 3's; IOR 4 does not know it
    assertThatThrownBy(() -> IorOptions.parse("-q")).hasMessageStartingWith("ERROR: Error invalid argument: -q");
    assertThatThrownBy(() -> IorOptions.parse("-wrq")).hasMessageStartingWith("ERROR: Error invalid argument: -q");
    assertThatThrownBy(() -> IorOptions.parse("-b")).hasMessage("ERROR: option -b needs a value");
    assertThatThrownBy(() -> IorOptions.parse("-b", "lots")).hasMessageStartingWith("ERROR: -b: 'lots' is not a size");
    assertThatThrownBy(() -> IorOptions.parse("-O", "summaryFormat=XML")).hasMessageContaining("Unknown summaryFormat");
    assertThatThrownBy(() -> IorOptions.parse("-O", "noSuchKey=1")).hasMessage("ERROR: Unrecognized parameter \"noSuchKey\"");
    assertThatThrownBy(() -> IorOptions.parse("-a", "MPIIO", "-o", "f").validate())
        .hasMessageContaining("Unrecognized I/O API \"MPIIO\"");
    assertThatThrownBy(() -> IorOptions.parse("-r", "-R", "-o", "f").validate())
        .hasMessageContaining("use -G");
    assertThatThrownBy(() -> IorOptions.parse("-F", "--hadoop.concat", "-o", "f").validate())
        .hasMessageContaining("does not apply to -F");
  }

  @Test
  void everyFlagIor4KnowsRunsOrSaysWhyNot() {
    assertThat(IorOptions.parse("-b=4m", "-t=1m", "-v=2", "-o", "f").validate().blockSize()).isEqualTo(4L << 20);
    assertThat(IorOptions.parse("-v=2", "-o", "f").verbose).isEqualTo(2);
    assertThat(IorOptions.parse("-x", "--warningAsErrors", "--random-offset-seed=7", "-o", "f").randomOffsetSeed)
        .isEqualTo(7);
    assertThat(IorOptions.parse("--dataPacketType=offset", "-o", "f").dataPacketType).isEqualTo(DataPacketType.OFFSET);
    IorOptions o = IorOptions.parse("-m", "-u", "-F", "-j", "3", "-M", "2g", "-f", "tests.ior", "--dryRun",
        "-z", "--randomPrefill=64k", "-D", "2", "-O", "stoneWallingWearOut=1,minTimeDuration=5,interIODelay=250",
        "-O", "saveRankPerformanceDetailsCSV=ranks.csv,debug=note,summaryAlways=1,stoneWallingWearOutIterations=9",
        "-o", "f");
    assertThat(o.multiFile).isTrue();
    assertThat(o.uniqueDir).isTrue();
    assertThat(o.outlierThreshold).isEqualTo(3);
    // IOR 4.0.0 reads "2g" as 2 percent; its help (and this driver) says 2 GiB
    assertThat(o.memoryPerNode).isEqualTo(2L << 30);
    assertThat(o.scriptFile).isEqualTo("tests.ior");
    assertThat(o.dryRun).isTrue();
    assertThat(o.randomPrefillBlockSize).isEqualTo(65536);
    assertThat(o.stoneWallingWearOut).isTrue();
    assertThat(o.stoneWallingWearOutIterations).isEqualTo(9);
    assertThat(o.minTimeDuration).isEqualTo(5);
    assertThat(o.interIODelay).isEqualTo(250);
    assertThat(o.saveRankDetailsCsv).isEqualTo("ranks.csv");
    assertThat(o.debug).isEqualTo("note");
    assertThat(o.summaryAlways).isTrue();
    // a script's tests get the write-and-read default after the script, not before
    assertThat(o.writeFile || o.readFile).isFalse();
    long physical = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getTotalMemorySize();
    assertThat(IorOptions.parse("-M", "50%", "-o", "f").memoryPerNode).isEqualTo(physical / 100 * 50);
    assertThat(IorOptions.parse("-O", "memoryPerTask=1m", "-N", "4", "-o", "f").memoryPerRank()).isEqualTo(1 << 20);
    assertThat(IorOptions.parse("-M", "4m", "-N", "4", "-o", "f").memoryPerRank()).isEqualTo(1 << 20);
    assertThatThrownBy(() -> IorOptions.parse("-M", "150%")).hasMessageContaining("percentage must be between 0 and 100");
    // IOR's own consistency rules for them
    assertThatThrownBy(() -> IorOptions.parse("--randomPrefill=64k", "-o", "f").validate())
        .hasMessageContaining("Setting the randomPrefill option without using random is not useful");
    assertThatThrownBy(() -> IorOptions.parse("-z", "--randomPrefill=96k", "-b", "1m", "-o", "f").validate())
        .hasMessageContaining("The randomPrefill option must divide the blockSize");
    assertThatThrownBy(() -> IorOptions.parse("-O", "stoneWallingWearOut=1", "-o", "f").validate())
        .hasMessageContaining("the stoneWallingWearOut is only sensible when setting a stonewall deadline with -D");
    assertThatThrownBy(() -> IorOptions.parse("-O", "stoneWallingStatusFile=s", "-w", "-o", "f").validate())
        .hasMessageContaining("please use -k");
    assertThatThrownBy(() -> IorOptions.parse("-O", "stoneWallingStatusFile=s", "-w", "-k", "-o", "f").validate())
        .hasMessageContaining("only sensible for a write test when using stoneWallingWearOut");
    // what cannot pass through the Hadoop FileSystem API says why
    for (String[] args : new String[][] {{"-y"}, {"--gpuDirect"}, {"-O", "GPUid=1"}, {"-O", "numTasksOnNode0=2"}}) {
      assertThatThrownBy(() -> IorOptions.parse(args)).as(String.join(" ", args))
          .hasMessageMatching("ERROR: .* is IOR's [A-Za-z0-9]+: .*").hasMessageNotContaining("not implemented");
    }
    assertThatThrownBy(() -> IorOptions.parse("--posix.odirect")).hasMessageContaining("--posix.odirect is an option of"
        + " IOR's POSIX backend").hasMessageContaining("Hadoop FileSystem API has no way to pass");
    assertThatThrownBy(() -> IorOptions.parse("-c", "-o", "f").validate()).hasMessageContaining("no collective I/O");
    assertThat(IorOptions.parse("-a", "POSIX", "-c", "-o", "f").validate().collective)
        .as("IOR's POSIX backend ignores -c").isTrue();
    assertThatThrownBy(() -> IorOptions.parse("--no-such-thing")).hasMessageStartingWith(
        "ERROR: Error invalid argument: --no-such-thing");
  }
}
