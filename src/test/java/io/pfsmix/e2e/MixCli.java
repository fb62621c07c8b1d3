package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.tfidf.TfidfJobs;
import io.pfsmix.tfidf.generate.DatasetGenerator;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;

/** Runs {@code pfsmix mix ...} (or any other command) in this JVM as a user would, and reads what it left. */
final class MixCli {

  private MixCli() {
  }

  /** Runs a command in this JVM ({@link Cli#run}), and shows what it printed in the test's own output. */
  static Cli.Run run(String... args) {
    Cli.Run run = Cli.run(args);
    System.out.print(run.stdout());
    System.err.print(run.stderr());
    return run;
  }

  private static Path model;

  /**
   * One attack model for every test in this JVM, trained once on the local file system: a model may live on another
   * file system than the data (the job reads it by its URI), and training is the slowest part of a small mix.
   */
  static synchronized String sharedModel() throws IOException, InterruptedException {
    if (model == null) {
      Path dir = Files.createTempDirectory("pfsmix-e2e-model");
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
          files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
          // a temporary directory left behind
        }
      }));
      Configuration conf = new Configuration();
      conf.set("fs.defaultFS", "file:///");
      conf.set("mapreduce.framework.name", "local");
      DatasetGenerator.Options options = new DatasetGenerator.Options();
      options.output = new org.apache.hadoop.fs.Path(dir.resolve("training").toUri());
      options.sizeBytes = 1 << 20;
      options.seed = 7;
      TfidfJobs.generate(conf, options, null);
      Path file = dir.resolve("model");
      TfidfJobs.train(conf, options.output, new org.apache.hadoop.fs.Path(file.toUri()), 4096);
      model = file;
    }
    return model.toUri().toString();
  }

  /** The small mix every end-to-end test runs (with the shared model), with {@code more} arguments. */
  static List<String> smallMix(Path results, String... more) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("mix", "-N", "2", "-b", "256k", "-t", "64k", "-s", "4",
        "--tfidf-size", "512k", "--model", sharedModel(), "-r", "1", "--set", "mix.warmup=false",
        "--set", "mix.probe.size=1m",
        "-o", results.toString()));
    args.addAll(List.of(more));
    return args;
  }

  /**
   * Data bytes in a trace file by path and trace point: key "POINT prefix" where prefix is the first of {@code prefixes}
   * the record's path (scheme and authority dropped) starts with.
   */
  static Map<String, Long> traceBytes(Path trace, List<String> prefixes) throws IOException {
    Map<String, Long> bytes = new HashMap<>();
    try (TraceReader reader = TraceReader.open(trace)) {
      for (TraceRecord r : reader) {
        if (r.path() == null || r.bytes() <= 0 || !(r.op().isRead() || r.op().isWrite()) || !r.succeeded()) {
          continue;
        }
        String path = java.net.URI.create(r.path()).getPath();
        for (String prefix : prefixes) {
          if (path.startsWith(prefix)) {
            bytes.merge(r.point() + " " + (r.op().isRead() ? "read " : "write ") + prefix, r.bytes(), Long::sum);
            break;
          }
        }
      }
      if (reader.cutShort()) {
        throw new IOException(trace + " is cut short: " + reader.cutShortMessage());
      }
    }
    return bytes;
  }

  /**
   * Trace bytes under the checkpoint and request directories of {@code dir} = what IOR and TFIDF reported, summed over
   * a one-pattern small mix's phases; the storage trace point (inside the pfs shim) holds the checkpoint too, or nothing.
   */
  static void assertTraceMatches(MixResults mix, Path results, String dir, boolean storagePoint) throws IOException {
    long ior = 0;
    long tfidf = 0;
    for (PhaseRecord p : mix.phases()) {
      for (WorkloadResult w : p.workloads()) {
        if (w.workload().equals("ior")) {
          ior += w.bytes();
        } else {
          tfidf += w.bytes();
        }
      }
    }
    // IOR alone and mixed, each 2 ranks x 256 KiB x 4 segments; TFIDF alone and mixed, each the whole request data
    assertThat(ior).isEqualTo(2 * 2 * 256 * 1024 * 4);
    assertThat(tfidf).isGreaterThan(2 * 400_000);
    Map<String, Long> traced = traceBytes(results.resolve(ResultsFiles.MERGED_TRACE),
        List.of(dir + "/ior/", dir + "/tfidf/requests/"));
    assertThat(get(traced, TracePoint.APPLICATION, "write", dir + "/ior/")).isEqualTo(ior);
    assertThat(get(traced, TracePoint.APPLICATION, "read", dir + "/tfidf/requests/")).isEqualTo(tfidf);
    assertThat(get(traced, TracePoint.STORAGE, "write", dir + "/ior/")).isEqualTo(storagePoint ? ior : 0);
  }

  static long get(Map<String, Long> bytes, TracePoint point, String direction, String prefix) {
    return bytes.getOrDefault(point + " " + direction + " " + prefix, 0L);
  }

  /** Whether {@code program} is an executable in a directory of PATH. */
  static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (new java.io.File(dir, program).canExecute()) {
        return true;
      }
    }
    return false;
  }

  /** Whether an optional module's class is on the test classpath (fs-ceph and fs-orangefs are built only where possible). */
  static boolean classPresent(String name) {
    try {
      Class.forName(name);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** A jar of the job's class alone, with it as Main-Class, as a user builds one. */
  static void packJob(Path jar, Class<?> job) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, job.getName());
    String entry = job.getName().replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
        InputStream in = job.getClassLoader().getResourceAsStream(entry)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
      out.closeEntry();
    }
  }
}
