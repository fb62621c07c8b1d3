package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Block locations come from a file's real distribution, as OrangeFS's own pvfs2-viewdist reports it: one block per
 * strip, on the host of the server holding that strip's datafile, in the file's datafile order; new files take their
 * strip size from the Hadoop block size or fs.pfs.orangefs.strip.size, and their width from fs.pfs.orangefs.stripe.width.
 */
class OrangefsLayoutTest {

  private static final Pattern STRIP = Pattern.compile("strip_size:(\\d+)");
  private static final Pattern DATAFILE = Pattern.compile("Datafile (\\d+) - tcp://([0-9.]+):(\\d+)");

  private static OrangefsTestCluster cluster;
  private static FileSystem top;

  @BeforeAll
  static void connect() throws IOException {
    cluster = OrangefsTestCluster.get();
    top = FileSystem.newInstance(URI.create("ofs:///"), cluster.configuration("/"));
  }

  @AfterAll
  static void close() throws IOException {
    if (top != null) {
      top.delete(new Path("/layout-test"), true);
      top.close();
    }
  }

  /** What pvfs2-viewdist says of a file: its strip size and its datafiles' hosts in order. */
  private record Viewdist(long stripSize, List<String> hosts) {
  }

  private static Viewdist viewdist(String path) throws IOException {
    String output = cluster.tool("pvfs2-viewdist", "-f", cluster.toolPath(path));
    Matcher strip = STRIP.matcher(output);
    assertThat(strip.find()).as("strip size in %s", output).isTrue();
    List<String> hosts = new ArrayList<>();
    Matcher datafile = DATAFILE.matcher(output);
    while (datafile.find()) {
      assertThat(Integer.parseInt(datafile.group(1))).isEqualTo(hosts.size());
      hosts.add(datafile.group(2));
    }
    return new Viewdist(Long.parseLong(strip.group(1)), hosts);
  }

  private static void write(FileSystem fs, Path file, long length, long blockSize) throws IOException {
    byte[] chunk = new byte[1 << 20];
    try (FSDataOutputStream out = fs.create(file, true, 1 << 16, (short) 1, blockSize)) {
      for (long written = 0; written < length; written += chunk.length) {
        out.write(chunk, 0, (int) Math.min(chunk.length, length - written));
      }
    }
  }

  private static void assertLocationsFollow(FileSystem fs, Path file, String toolPath) throws IOException {
    Viewdist truth = viewdist(toolPath);
    long length = fs.getFileStatus(file).getLen();
    BlockLocation[] locations = fs.getFileBlockLocations(file, 0, length);
    assertThat(locations).hasSize((int) ((length + truth.stripSize() - 1) / truth.stripSize()));
    for (int i = 0; i < locations.length; i++) {
      assertThat(locations[i].getOffset()).isEqualTo(i * truth.stripSize());
      assertThat(locations[i].getLength()).isEqualTo(Math.min(truth.stripSize(), length - i * truth.stripSize()));
      assertThat(locations[i].getHosts()).as("strip %d", i)
          .containsExactly(truth.hosts().get(i % truth.hosts().size()));
    }
    assertThat(fs.getFileStatus(file).getBlockSize()).isEqualTo(truth.stripSize());
  }

  @Test
  void aFileOverFourServersReportsFourHostsInStripeOrder() throws IOException {
    Path file = new Path("/layout-test/four.bin");
    write(top, file, 10L << 20, 1L << 20);
    Viewdist truth = viewdist("/layout-test/four.bin");
    assertThat(truth.stripSize()).isEqualTo(1L << 20);
    assertThat(truth.hosts()).hasSize(OrangefsTestCluster.SERVERS).doesNotHaveDuplicates();
    assertLocationsFollow(top, file, "/layout-test/four.bin");
    BlockLocation[] firstFour = top.getFileBlockLocations(file, 0, 4L << 20);
    assertThat(Arrays.stream(firstFour).map(location -> {
      try {
        return location.getHosts()[0];
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    })).containsExactlyElementsOf(truth.hosts());
    // a range in the middle: the strips it touches, clipped to it
    BlockLocation[] middle = top.getFileBlockLocations(file, (3L << 20) + 5, 1L << 20);
    assertThat(middle).hasSize(2);
    assertThat(middle[0].getOffset()).isEqualTo((3L << 20) + 5);
    assertThat(middle[0].getHosts()).containsExactly(truth.hosts().get(3));
    assertThat(middle[1].getHosts()).containsExactly(truth.hosts().get(0));
  }

  @Test
  void stripSizeAndWidthComeFromTheKeys() throws IOException {
    Configuration conf = cluster.configuration("/layout-test");
    conf.set(OrangefsConfigKeys.STRIP_SIZE, "256k");
    conf.setInt(OrangefsConfigKeys.STRIPE_WIDTH, 2);
    try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), conf)) {
      Path file = new Path("/narrow.bin");
      write(fs, file, 3L << 20, 64L << 20);
      Viewdist truth = viewdist("/layout-test/narrow.bin");
      assertThat(truth.stripSize()).isEqualTo(256L << 10);
      assertThat(truth.hosts()).hasSize(2);
      assertLocationsFollow(fs, file, "/layout-test/narrow.bin");
    }
  }

  @Test
  void aFileCreatedByOrangefsItselfReportsItsOwnDistribution() throws IOException {
    // pvfs2-touch: the file system's defaults (64 KiB strips over every server)
    cluster.tool("pvfs2-touch", cluster.toolPath("/layout-test/native.bin"));
    Path file = new Path("/layout-test/native.bin");
    try (FSDataOutputStream out = top.append(file)) {
      out.write(new byte[300_000]);
    }
    assertLocationsFollow(top, file, "/layout-test/native.bin");
  }
}
