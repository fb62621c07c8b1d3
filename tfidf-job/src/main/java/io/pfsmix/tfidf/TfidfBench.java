package io.pfsmix.tfidf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.BufferMemory;
import io.pfsmix.fs.Sizes;
import io.pfsmix.tfidf.generate.DatasetGenerator;

/**
 * Classification speed: one thread over requests held in memory (validation and tokenizing each measured alone, then
 * classification, which validates, tokenizes and counts dictionary terms in one pass before scoring), then the MapReduce
 * job end to end on local files with the local runner's map slots set to the given thread count. MB are 10^6 bytes of
 * request text.
 */
public final class TfidfBench {

  /** Benchmark parameters. */
  public static final class Options {
    public Path work;
    /** Model to use; null trains one on {@link #trainRecords} generated requests first. */
    public Path model;
    public long trainRecords = 20_000;
    public int topK = TfidfConfigKeys.TOP_K_DEFAULT;
    public long dataBytes = 256L << 20;
    public int rounds = 5;
    public int threads = 2;
    public long seed = 7;
  }

  private TfidfBench() {
  }

  public static void run(Configuration conf, Options o, PrintStream out) throws IOException, InterruptedException {
    // the generator ends each file after the record that reaches its share: room for those records
    if (o.dataBytes > Integer.MAX_VALUE - (16 << 20)) {
      throw new IllegalArgumentException("--data-size must stay below 2 GiB to fit in one array");
    }
    // loading holds the data twice at the end: the growing buffer and the array copied from it
    BufferMemory.require("--data-size " + Sizes.human(o.dataBytes) + " loaded in memory", 2 * o.dataBytes, false);
    FileSystem fs = o.work.getFileSystem(conf);
    if (fs.exists(o.work)) {
      throw new IOException("work directory " + o.work + " already exists; the benchmark needs a fresh one (one left"
          + " by a run that was stopped can be deleted), or name another with --work");
    }
    try {
      Path modelPath = o.model;
      if (modelPath == null) {
        modelPath = new Path(o.work, "bench.model");
        DatasetGenerator.Options train = new DatasetGenerator.Options();
        train.output = new Path(o.work, "train");
        train.records = o.trainRecords;
        train.attackShare = 0.5;
        DatasetGenerator.generate(conf, train, null);
        TfidfJobs.train(conf, train.output, modelPath, o.topK, TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT);
      }
      TfidfModel model = TfidfModel.read(modelPath, conf);
      DatasetGenerator.Options data = new DatasetGenerator.Options();
      data.output = new Path(o.work, "data");
      data.sizeBytes = o.dataBytes;
      data.sizeName = "--data-size";
      data.seed = o.seed;
      data.files = Math.max(2, o.threads * 2);
      DatasetGenerator.Result generated = DatasetGenerator.generate(conf, data, out);

      Loaded loaded = load(conf, generated);
      out.printf(Locale.ROOT, "model: %d terms, %s; data: %,d requests, %,d request bytes (%.1f MB) in memory%n",
          model.termCount(), model.logistic() ? "logistic regression over " + model.classCount() + " classes"
          : model.centroidCount() + " centroids", loaded.count, loaded.totalBytes(), loaded.totalBytes() / 1e6);
      RequestValidator validator = new RequestValidator(TfidfConfigKeys.MAX_LINE_BYTES_DEFAULT);
      RequestTokenizer tokenizer = new RequestTokenizer(false);
      HashSink sink = new HashSink();
      RequestClassifier classifier = model.newClassifier(TfidfConfigKeys.MAX_LINE_BYTES_DEFAULT);
      long[] classified = new long[model.classCount() + 1];
      // calibration: the cheapest possible pass (one rotate and xor per byte) on this machine, as it is loaded now
      double[] reference = best(o.rounds, loaded, () -> {
        long h = 0;
        for (int i = 0; i < loaded.count; i++) {
          for (int k = loaded.offsets[i], e = k + loaded.lengths[i]; k < e; k++) {
            h = Long.rotateLeft(h, 7) ^ loaded.bytes[k];
          }
        }
        sink.hash ^= h;
      });
      double[] validate = best(o.rounds, loaded, () -> {
        for (int i = 0; i < loaded.count; i++) {
          sink.hash += validator.check(loaded.bytes, loaded.offsets[i], loaded.lengths[i]) == null ? 1 : 0;
        }
      });
      double[] tokenize = best(o.rounds, loaded, () -> {
        for (int i = 0; i < loaded.count; i++) {
          int found = tokenizer.tokenize(loaded.bytes, loaded.offsets[i], loaded.lengths[i]);
          long[] hashes = tokenizer.hashes();
          for (int k = 0; k < found; k++) {
            sink.hash ^= hashes[k];
          }
        }
      });
      double[] classify = best(o.rounds, loaded, () -> {
        Arrays.fill(classified, 0);
        for (int i = 0; i < loaded.count; i++) {
          int c = classifier.classify(loaded.bytes, loaded.offsets[i], loaded.lengths[i]);
          classified[c < 0 ? classified.length - 1 : c]++;
        }
      });
      out.printf(Locale.ROOT, "one thread, in memory (best of %d rounds)   MB per CPU-second   MB per wall-second%n",
          o.rounds);
      out.printf(Locale.ROOT, "  reference: rotate+xor per byte       %8.1f            %8.1f%n", reference[0], reference[1]);
      out.printf(Locale.ROOT, "  validate only                        %8.1f            %8.1f%n", validate[0], validate[1]);
      out.printf(Locale.ROOT, "  tokenize only                        %8.1f            %8.1f%n", tokenize[0], tokenize[1]);
      out.printf(Locale.ROOT, "  classify (one pass, then score)      %8.1f            %8.1f%n", classify[0], classify[1]);
      out.printf(Locale.ROOT, "  (%d requests labelled per round; check %d)%n", Arrays.stream(classified).sum(),
          sink.hash & 0xff);
      out.printf(Locale.ROOT, "load average while measuring: %.1f on %d cores%n",
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());

      Configuration jobConf = new Configuration(conf);
      jobConf.set("mapreduce.framework.name", "local");
      jobConf.setInt("mapreduce.local.map.tasks.maximum", o.threads);
      ClassifyResult result = TfidfJobs.classify(jobConf, data.output, modelPath, new Path(o.work, "labels"));
      out.printf(Locale.ROOT, "end to end, MapReduce local runner, %d map slots, %d files on %s:%n", o.threads,
          generated.files.size(), fs.getUri());
      out.printf(Locale.ROOT, "  %,d requests, %.1f MB in %.2f s = %.1f MB/s (%.1f MB/s per slot)%n", result.requests(),
          result.bytes() / 1e6, result.elapsedSeconds(), result.bytes() / 1e6 / result.elapsedSeconds(),
          result.bytes() / 1e6 / result.elapsedSeconds() / o.threads);
    } finally {
      fs.delete(o.work, true);
    }
  }

  /**
   * Best of {@code rounds} passes, in MB per second of this thread's CPU time — the per-core rate even when other processes
   * share the cores — and in MB per wall-clock second.
   */
  private static double[] best(int rounds, Loaded loaded, Runnable pass) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double bestCpu = 0;
    double bestWall = 0;
    for (int r = 0; r < rounds; r++) {
      long cpuStart = threads.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      pass.run();
      double wall = (System.nanoTime() - start) / 1e9;
      double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
      bestCpu = Math.max(bestCpu, loaded.totalBytes() / 1e6 / cpu);
      bestWall = Math.max(bestWall, loaded.totalBytes() / 1e6 / wall);
    }
    return new double[] {bestCpu, bestWall};
  }

  /** Requests back to back in one array. */
  private static final class Loaded {
    byte[] bytes;
    int[] offsets = new int[1024];
    int[] lengths = new int[1024];
    int count;

    long totalBytes() {
      long sum = 0;
      for (int i = 0; i < count; i++) {
        sum += lengths[i];
      }
      return sum;
    }
  }

  private static Loaded load(Configuration conf, DatasetGenerator.Result generated) throws IOException {
    Loaded loaded = new Loaded();
    ByteArrayOutputStream all = new ByteArrayOutputStream((int) generated.bytes);
    RequestRecord record = new RequestRecord();
    for (Path file : generated.files) {
      try (InputStream in = file.getFileSystem(conf).open(file);
          RequestStreamReader reader = new RequestStreamReader(in, 0, Long.MAX_VALUE,
              TfidfConfigKeys.MAX_RECORD_BYTES_DEFAULT)) {
        while (reader.next(record)) {
          if (loaded.count == loaded.offsets.length) {
            loaded.offsets = Arrays.copyOf(loaded.offsets, loaded.count * 2);
            loaded.lengths = Arrays.copyOf(loaded.lengths, loaded.count * 2);
          }
          loaded.offsets[loaded.count] = all.size();
          loaded.lengths[loaded.count] = record.length();
          loaded.count++;
          all.write(record.bytes(), 0, record.length());
        }
      }
    }
    loaded.bytes = all.toByteArray();
    return loaded;
  }

  /** Keeps the measured work observable so the JIT cannot drop it. */
  private static final class HashSink {
    long hash;
  }
}
