package io.pfsmix.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.FreeSpace;
import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.Sizes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Benchmarks of pfsmix's own components (not timed tests: the figures go into docs/benchmarks.md). */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Benchmark pfsmix components; see docs/benchmarks.md for recorded figures.",
    subcommands = {BenchCommand.Read.class, TraceCommand.Bench.class, CephBenchCommand.class,
        OrangefsBenchCommand.class, QfsBenchCommand.class})
final class BenchCommand extends CommandGroup {

  /** Where a benchmark's scratch directory goes: its --dir, else the system's temporary directory. */
  static Path scratchBase(Path dir) {
    return dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir"));
  }

  /** A new scratch directory of a benchmark's own under {@link #scratchBase} (created if missing). */
  static Path scratchDirectory(Path dir, String prefix) throws java.io.IOException {
    return Files.createTempDirectory(Files.createDirectories(scratchBase(dir)), prefix);
  }

  @Command(name = "read", mixinStandardHelpOptions = true,
      header = "pfs:// 4 KiB reads vs file:// 4 KiB reads vs direct 4 MiB java.nio reads.",
      description = "Read one file with 4 KiB application reads through pfs:// (POSIX backend, read-ahead) and "
          + "through Hadoop's RawLocalFileSystem (file://), and with 4 MiB java.nio reads, interleaved in one run; "
          + "print MB/s, the ratios pfs/nio (target >= 0.9) and pfs/file (target >= 1.0), the backend reads one pfs "
          + "read made and the load average before and after the timed runs. Configuration comes from "
          + "conf/ (fs.pfs.* keys apply). The file is written first and deleted afterwards.")
  static final class Read implements Callable<Integer> {

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "1g",
        description = "file size; must fit the directory's free space (default: ${DEFAULT-VALUE})")
    String size;

    @Option(names = "--dir", paramLabel = "DIR",
        description = "local directory for the file, e.g. on the parallel file system's mount; created when missing "
            + "(default: the system temporary directory)")
    Path directory;

    @Option(names = {"-r", "--repetitions"}, paramLabel = "N", defaultValue = "5",
        description = "timed reads per method (default: ${DEFAULT-VALUE})")
    int repetitions;

    @Option(names = "--readahead", paramLabel = "SIZE",
        description = "read-ahead of the pfs stream (sets " + PfsConfigKeys.READAHEAD_SIZE + "; default: its value in "
            + "the configuration; unset, 128k on a local file system such as ext4 or tmpfs and 4m on others)")
    String readAhead;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      long bytes = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--size", size));
      if (repetitions <= 0) {
        throw new ParameterException(spec.commandLine(), "--repetitions must be positive, is " + repetitions);
      }
      Configuration conf = new Configuration();
      if (readAhead != null) {
        UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--readahead", readAhead));
        conf.set(PfsConfigKeys.READAHEAD_SIZE, readAhead.trim());
      }
      Path dir = (directory != null ? directory : Paths.get(System.getProperty("java.io.tmpdir"), "pfsmix-bench"))
          .toAbsolutePath();
      Path existing = dir;
      while (!Files.exists(existing)) {
        existing = existing.getParent();
      }
      if (!Files.isDirectory(existing)) {
        throw new IllegalArgumentException("--dir " + dir + ": " + (existing.equals(dir) ? "not a directory"
            : existing + " is not a directory"));
      }
      // the file is written with java.nio: the space its file store has for it, as the pfs POSIX backend reports it
      FreeSpace.require("--size " + size + " writes", bytes, Files.getFileStore(existing).getUsableSpace(), 1.0,
          dir.toString());
      System.out.println("pfsmix bench read: " + bytes + " bytes in " + dir + ", " + repetitions
          + " timed runs per method, pfs read-ahead " + conf.get(PfsConfigKeys.READAHEAD_SIZE,
              "as the directory's file system suits (" + PfsConfigKeys.READAHEAD_SIZE + " unset)"));
      new ReadBenchmark(dir, bytes, repetitions, conf, System.out).run();
      return 0;
    }
  }
}
