package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;

/**
 * One writer of an N-to-1 file, run as its own process by the native backends' shared-write tests: rank r of n writes
 * blocks r, r + n, r + 2n, ... of one shared file through the positioned-write extension (IOR's strided pattern).
 * Arguments: URI FILE RANK RANKS BLOCK_BYTES BLOCKS_PER_RANK [KEY=VALUE ...] (configuration settings).
 */
public final class SharedWriterProcess {

  private SharedWriterProcess() {
  }

  /** The content of global block {@code index}: the same in the writers and in the checking test. */
  public static byte[] block(int index, int bytes) {
    byte[] data = new byte[bytes];
    new Random(1000L + index).nextBytes(data);
    return data;
  }

  /** Runs {@code ranks} writer processes at once and asserts that each finished cleanly. */
  public static void runAll(URI uri, String file, int ranks, int blockBytes, int blocksPerRank,
      Map<String, String> settings) throws Exception {
    List<Process> writers = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    for (int rank = 0; rank < ranks; rank++) {
      Path log = Files.createTempFile("shared-writer-" + rank, ".log");
      logs.add(log);
      List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
          SharedWriterProcess.class.getName(), uri.toString(), file, Integer.toString(rank), Integer.toString(ranks),
          Integer.toString(blockBytes), Integer.toString(blocksPerRank)));
      settings.forEach((key, value) -> command.add(key + "=" + value));
      writers.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }
    for (int rank = 0; rank < ranks; rank++) {
      Process writer = writers.get(rank);
      assertThat(writer.waitFor(180, TimeUnit.SECONDS)).as("writer %d finished", rank).isTrue();
      assertThat(writer.exitValue()).as("writer %d exit code; its output: %s", rank, Files.readString(logs.get(rank)))
          .isZero();
      Files.delete(logs.get(rank));
    }
  }

  /**
   * Two writer processes write 24 blocks of 256 KiB each into {@code file} of {@code uri} ({@link #runAll}); then
   * {@code fs} must read exactly those blocks back, each in its place.
   */
  public static void writeAndCheck(FileSystem fs, URI uri, String file, Map<String, String> settings)
      throws Exception {
    int ranks = 2;
    int blockBytes = 256 << 10;
    int blocksPerRank = 24;
    runAll(uri, file, ranks, blockBytes, blocksPerRank, settings);
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file);
    assertThat(fs.getFileStatus(path).getLen()).isEqualTo((long) ranks * blocksPerRank * blockBytes);
    try (FSDataInputStream in = fs.open(path)) {
      byte[] read = new byte[blockBytes];
      for (int index = 0; index < ranks * blocksPerRank; index++) {
        in.readFully((long) index * blockBytes, read);
        assertThat(read).as("block %d", index).isEqualTo(block(index, blockBytes));
      }
    }
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    for (int i = 6; i < args.length; i++) {
      String[] setting = args[i].split("=", 2);
      conf.set(setting[0], setting[1]);
    }
    int rank = Integer.parseInt(args[2]);
    int ranks = Integer.parseInt(args[3]);
    int blockBytes = Integer.parseInt(args[4]);
    int blocks = Integer.parseInt(args[5]);
    try (FileSystem fs = FileSystem.newInstance(URI.create(args[0]), conf);
        PositionedWriter writer = PositionedWrites.open(fs, new org.apache.hadoop.fs.Path(args[1]))) {
      for (int i = 0; i < blocks; i++) {
        int index = i * ranks + rank;
        writer.write((long) index * blockBytes, block(index, blockBytes), 0, blockBytes);
      }
      writer.sync();
    }
  }
}
