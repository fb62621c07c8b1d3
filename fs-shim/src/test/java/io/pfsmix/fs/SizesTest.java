package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one size grammar, the free-space check and the buffer-memory check every command shares. */
class SizesTest {

  @TempDir
  Path dir;

  @Test
  void grammarIsANumberWithAnOptionalBinarySuffixInEitherCase() {
    assertThat(Sizes.parse("--size", "4096")).isEqualTo(4096);
    assertThat(Sizes.parse("--size", " 64k ")).isEqualTo(64 << 10);
    assertThat(Sizes.parse("--size", "64K")).isEqualTo(64 << 10);
    assertThat(Sizes.parse("--size", "4m")).isEqualTo(4 << 20);
    assertThat(Sizes.parse("--size", "1G")).isEqualTo(1L << 30);
    assertThat(Sizes.parse("--size", "2t")).isEqualTo(2L << 40);
    assertThat(Sizes.parse("--size", "3P")).isEqualTo(3L << 50);
    assertThat(Sizes.parse("--size", "0")).isZero();
    // the study's 7.2 GB, rounded up to a whole byte
    assertThat(Sizes.parse("--size", "7.2g")).isEqualTo(7730941133L);
    assertThat(Sizes.parse("--size", "0.5k")).isEqualTo(512);
    assertThat(Sizes.parse("--size", "9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    assertThat(Sizes.parse("--size", "8191p")).isEqualTo(8191L << 50);
  }

  @Test
  void everythingElseIsRefusedNamingTheFlagAndTheValue() {
    String grammar = "is not a size (a number with an optional suffix k, m, g, t or p, powers of 1024: 4096, 64k, 7.2g)";
    for (String bad : List.of("1e", "1E", "lots", "", "  ", "-1", "+1", "1e6", "1gb", "1 g", "1kk", ".5g", "5.g", "0x10")) {
      assertThatThrownBy(() -> Sizes.parse("mix.tfidf.size", bad)).as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("mix.tfidf.size: '" + bad + "' " + grammar);
    }
    assertThatThrownBy(() -> Sizes.parse("--size", null)).hasMessageStartingWith("--size: 'null' is not a size");
    assertThatThrownBy(() -> Sizes.parse("--size", "1.5"))
        .hasMessage("--size: '1.5' is not a whole number of bytes (a fraction needs a suffix: 7.2g)");
    assertThatThrownBy(() -> Sizes.positive("--size", "0")).hasMessage("--size: '0' must be a positive size");
  }

  @Test
  void nothingAbove2To63Minus1ParsesAndTheOverflowErrorIsOneForAll() {
    String overflow = "' overflows 64 bits (sizes end at 2^63-1 bytes, just under 8 EiB)";
    for (String big : List.of("9223372036854775808", "8192p", "8191.99999999999999999p", "99999999999g",
        "99999999999999999999999999999999999999")) {
      assertThatThrownBy(() -> Sizes.parse("--size", big)).as(big).hasMessage("--size: '" + big + overflow);
    }
    assertThatThrownBy(() -> Sizes.parseWhole("-b", "9000000p")).hasMessage("-b: '9000000p" + overflow);
  }

  @Test
  void wholeSizesAreIorsAndTakeNoFraction() {
    assertThat(Sizes.parseWhole("-b", "1536m")).isEqualTo(1536L << 20);
    assertThat(Sizes.parseWhole("-t", "4K")).isEqualTo(4096);
    assertThatThrownBy(() -> Sizes.parseWhole("-b", "1.5g"))
        .hasMessage("-b: '1.5g' is not a whole number (IOR's sizes take no fraction: 1536m, not 1.5g)");
    assertThatThrownBy(() -> Sizes.parseWhole("-b", "1e")).hasMessage("-b: '1e' is not a size (a whole number with an"
        + " optional suffix k, m, g, t or p, powers of 1024: 4096, 64k, 1g)");
  }

  @Test
  void humanSizesGrowTheirUnit() {
    assertThat(Sizes.human(512)).isEqualTo("512 B");
    assertThat(Sizes.human(1536)).isEqualTo("1.5 KiB");
    assertThat(Sizes.human(64L << 20)).isEqualTo("64.0 MiB");
    assertThat(Sizes.human(7730941133L)).isEqualTo("7.20 GiB");
    assertThat(Sizes.human(1L << 60)).isEqualTo("1.00 EiB");
    assertThat(Sizes.human(Long.MAX_VALUE)).isEqualTo("8.00 EiB");
  }

  @Test
  void freeSpaceIsWhatTheFileSystemReportsWhereThePathWouldBeCreated() throws IOException {
    FileSystem local = FileSystem.getLocal(new Configuration());
    long free = FreeSpace.of(local, new org.apache.hadoop.fs.Path(dir.resolve("not/yet/there").toUri()));
    // the status of the nearest existing directory: a local file system reports 0 for a path that does not exist
    assertThat(free).isPositive().isNotEqualTo(FreeSpace.UNKNOWN);

    FreeSpace.require("--size 1k writes", 1024, local, new org.apache.hadoop.fs.Path(dir.toUri()));
    assertThatThrownBy(() -> FreeSpace.require("--size 8191p writes", 8191L << 50, local,
        new org.apache.hadoop.fs.Path(dir.resolve("out").toUri())))
        .isInstanceOf(FreeSpace.NotEnoughSpaceException.class)
        .hasMessageStartingWith("--size 8191p writes 8.00 EiB, more than the ")
        .hasMessageEndingWith(" free on " + new org.apache.hadoop.fs.Path(dir.resolve("out").toUri()));
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void aShareOfTheFreeSpaceAndAnUnknownFreeSpace() throws IOException {
    assertThatThrownBy(() -> FreeSpace.require("4 segments make a checkpoint of", 900, 1000, 0.8, "pfs"))
        .hasMessage("4 segments make a checkpoint of 900 B, more than 80% of the 1000 B free on pfs");
    FreeSpace.require("4 segments make a checkpoint of", 800, 1000, 0.8, "pfs");
    // a file system that keeps no figures (Hadoop's default getStatus) is never refused
    FreeSpace.require("--size 8191p writes", 8191L << 50, FreeSpace.UNKNOWN, 1.0, "ceph");
  }

  @Test
  void buffersBeyondWhatTheJvmCanGiveAreRefusedBeforeAllocation() {
    long heap = Runtime.getRuntime().maxMemory();
    assertThat(BufferMemory.maxDirect()).isPositive();
    BufferMemory.require("-t 1m x -N 4 ranks", 4 << 20, true);
    assertThatThrownBy(() -> BufferMemory.require("-t 1g x -N 8 ranks", BufferMemory.maxDirect() + 1, true))
        .hasMessageStartingWith("-t 1g x -N 8 ranks needs ").hasMessageContaining(" of direct buffer memory, more than the "
            + Sizes.human(BufferMemory.maxDirect()) + " this JVM can give (-XX:MaxDirectMemorySize");
    assertThatThrownBy(() -> BufferMemory.require("--data-size 3g", heap + 1, false))
        .hasMessageContaining(" of heap, more than the " + Sizes.human(heap) + " this JVM can give (-Xmx");
  }
}
