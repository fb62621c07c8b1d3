package io.pfsmix.mix;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;

import io.pfsmix.fs.Sizes;
import io.pfsmix.tfidf.ClassifyResult;
import io.pfsmix.tfidf.ModelFormatException;
import io.pfsmix.tfidf.TfidfJobs;
import io.pfsmix.tfidf.TfidfModel;
import io.pfsmix.tfidf.generate.DatasetGenerator;

/**
 * The TFIDF classifier job (tfidf-job) over the mix's request data with its model, on the local runner or YARN as the
 * phase's configuration says. Its bytes are the request files' total size: the job reads each of them whole.
 */
final class TfidfWorkload implements Workload {

  /** Job names of the classifier start with this (tfidf-job's ClassifyJob). */
  private static final String JOB_NAME_PREFIX = "tfidf-classify ";
  /** Frames of the local runner's job thread and of the map and reduce tasks it runs (on unnamed pool threads). */
  private static final String LOCAL_JOB_FRAME = "org.apache.hadoop.mapred.LocalJobRunner$Job";
  private static final long STOP_WAIT_NS = TimeUnit.SECONDS.toNanos(30);

  private final Configuration conf;
  private final MixSettings settings;
  private final String outputDir;
  private volatile Thread runner;
  private volatile long startMs;
  private volatile boolean cancelled;

  TfidfWorkload(Configuration conf, MixSettings settings, String outputDir) {
    this.conf = conf;
    this.settings = settings;
    this.outputDir = outputDir;
  }

  /** Generates the request data and trains the model where they are absent. */
  static void prepare(Configuration conf, MixSettings settings, Progress progress) throws Exception {
    FileSystem fs = FileSystem.get(conf);
    Path data = new Path(settings.tfidfData());
    writeWhere(conf, data, MixKeys.TFIDF_DATA, "the request data", settings, progress,
        () -> dataProblem(fs, data, settings, progress), why -> {
          if (inputBytes(fs, data) > 0) {
            progress.say("  " + why + ": generating it again");
          }
          progress.say("  generating " + Sizes.human(settings.tfidfSize()) + " of HTTP requests at " + data);
          generate(conf, data, settings.tfidfSize(), MixKeys.TFIDF_SIZE, settings.tfidfSeed());
        });
    progress.say("  request data: " + data + " (" + Sizes.human(inputBytes(fs, data)) + ")");
    Path model = new Path(settings.tfidfModel());
    writeWhere(conf, model, MixKeys.TFIDF_MODEL, "the model", settings, progress,
        () -> modelProblem(conf, settings, model), why -> {
          Path training = trainingData(settings);
          progress.say("  " + why + ": generating " + Sizes.human(settings.tfidfTrainSize())
              + " of training requests (seed " + (settings.tfidfSeed() + 1) + ") and training it");
          generate(conf, training, settings.tfidfTrainSize(), MixKeys.TFIDF_TRAIN_SIZE, settings.tfidfSeed() + 1);
          // a model cut short by a killed run fails its checksum: found unusable here, or named by the classifier
          TfidfModel trained = TfidfJobs.train(conf, training, model);
          fs.delete(training, true);
          progress.say("  model trained: " + (trained.logistic() ? "logistic, " + trained.classCount() + " classes"
              : trained.centroidCount() + " centroids") + ", " + trained.termCount() + " terms");
        });
  }

  /** Where the data to train a missing model is generated (removed once the model is trained). */
  static Path trainingData(MixSettings settings) {
    return new Path(new Path(settings.dir()), "tfidf/training");
  }

  /** Why the request data must be generated, or null when it is used as it is. */
  private static String dataProblem(FileSystem fs, Path data, MixSettings settings, Progress progress)
      throws IOException {
    long existing = inputBytes(fs, data);
    if (existing == 0) {
      return "no request data at " + data;
    }
    if (DatasetGenerator.isGeneratedSize(existing, settings.tfidfSize())) {
      return null;
    }
    String sizes = "request data at " + data + " is " + Sizes.human(existing) + ", not the "
        + Sizes.human(settings.tfidfSize()) + " of " + MixKeys.TFIDF_SIZE;
    if (ownedByMix(settings, settings.tfidfData())) {
      // the mix's own data from an earlier mix of another size: measuring that instead would be a silent mistake
      return sizes;
    }
    progress.say("  " + sizes + ", which sizes only data the mix generates: using it as it is");
    return null;
  }

  /** Why the model must be trained, or null when it can be used. */
  private static String modelProblem(Configuration conf, MixSettings settings, Path model) throws IOException {
    if (!model.getFileSystem(conf).exists(model)) {
      return "no model at " + model;
    }
    if (ownedByMix(settings, settings.tfidfModel())) {
      // a model the mix trained itself, in its own directory: retrain it if this build can no longer use it
      try {
        TfidfModel.read(model, conf);
      } catch (ModelFormatException e) {
        return "the model at " + model + " cannot be used (" + e.getMessage() + ")";
      }
    }
    return null;
  }

  /** Why a path must be written, or null when it can be used as it is. */
  private interface Need {
    String why() throws IOException;
  }

  /** Writes (or replaces) a path, for the reason given. */
  private interface Writer {
    void write(String why) throws Exception;
  }

  /**
   * Writes {@code target}, which later runs reuse, where it is missing or unusable, under a lock beside it: a second
   * run refuses rather than write it at the same time (generate's staging directories would not collide, but both
   * would replace the target, and two trainings share one work directory).
   */
  private static void writeWhere(Configuration conf, Path target, String key, String what, MixSettings settings,
      Progress progress, Need need, Writer writer) throws Exception {
    String why = need.why();
    if (why == null) {
      return;
    }
    Path qualified = target.getFileSystem(conf).makeQualified(target);
    try (RunLock lock = RunLock.acquire(conf, RunLock.beside(qualified), key, what + " at " + target,
        settings.results().toString(), progress)) {
      // another run may have written it between the first look and the lock
      why = need.why();
      if (why != null) {
        writer.write(why);
      }
    }
  }

  /** Data or a model the mix keeps in its own directory (DIR/tfidf/), rather than one a setting names elsewhere. */
  private static boolean ownedByMix(MixSettings settings, String path) {
    return path.startsWith(settings.dir().replaceAll("/+$", "") + "/tfidf/");
  }

  private static void generate(Configuration conf, Path output, long size, String sizeKey, long seed)
      throws IOException {
    DatasetGenerator.Options options = new DatasetGenerator.Options();
    options.output = output;
    options.sizeBytes = size;
    options.sizeName = sizeKey;
    options.seed = seed;
    options.overwrite = true;
    TfidfJobs.generate(conf, options, null);
  }

  /** Total bytes of the request files under {@code data} (0 when absent). */
  static long inputBytes(FileSystem fs, Path data) throws IOException {
    if (!fs.exists(data)) {
      return 0;
    }
    long bytes = 0;
    for (FileStatus s : fs.listStatus(data)) {
      String name = s.getPath().getName();
      if (s.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
        bytes += s.getLen();
      }
    }
    return bytes;
  }

  @Override
  public String name() {
    return TFIDF;
  }

  @Override
  public WorkloadResult run() throws Exception {
    runner = Thread.currentThread();
    startMs = System.currentTimeMillis();
    long start = WallClock.nowNs();
    try {
      Path data = new Path(settings.tfidfData());
      long bytes = inputBytes(FileSystem.get(conf), data);
      ClassifyResult result = TfidfJobs.classify(conf, data, new Path(settings.tfidfModel()), new Path(outputDir));
      long end = WallClock.nowNs();
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("requests", result.requests());
      details.put("requestBytes", result.bytes());
      details.put("malformed", result.malformed());
      details.put("requestsPerClass", result.requestsPerClass());
      if (result.confusion() != null) {
        details.put("macroF1", result.confusion().macroF1());
      }
      return new WorkloadResult(TFIDF, bytes, result.elapsedSeconds(), start, end, details);
    } finally {
      runner = null;
      if (cancelled && isLocal()) {
        awaitLocalTasksStopped();
      }
    }
  }

  /**
   * The local runner fails a stopped job without waiting for its tasks, which finish their split's output (an
   * interrupted map task still closes and spills): waits for them, so that the phase ends, and its trace files and
   * directories are closed and removed, after the job's last I/O.
   */
  private static void awaitLocalTasksStopped() {
    boolean interrupted = Thread.interrupted();
    long deadline = System.nanoTime() + STOP_WAIT_NS;
    try {
      for (List<Thread> left = localJobThreads(); !left.isEmpty() && System.nanoTime() < deadline;
          left = localJobThreads()) {
        left.forEach(Thread::interrupt);
        try {
          left.get(0).join(100);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Stops the classifier's job. Job.waitForCompletion ignores interrupts and the job may still be being submitted, so
   * a daemon thread keeps stopping it until the waiting thread returns: on YARN it kills the job through the job
   * client; on the local runner (whose jobs no other client can see) it interrupts the runner's job and task threads of
   * this JVM, which fails the job.
   */
  @Override
  public void cancel() {
    Thread waiting = runner;
    if (waiting == null) {
      return;
    }
    cancelled = true;
    boolean local = isLocal();
    Thread stopper = new Thread(() -> {
      long deadline = System.nanoTime() + 120_000_000_000L;
      while (waiting.isAlive() && runner != null && System.nanoTime() < deadline) {
        waiting.interrupt();
        if (local) {
          interruptLocalJobThreads();
        } else {
          killYarnJobs();
        }
        try {
          Thread.sleep(local ? 100 : 1000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "mix-tfidf-stopper");
    stopper.setDaemon(true);
    stopper.start();
  }

  private boolean isLocal() {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }

  private static void interruptLocalJobThreads() {
    localJobThreads().forEach(Thread::interrupt);
  }

  /** The threads running a local job in this JVM (a mix runs one TFIDF job at a time). */
  private static List<Thread> localJobThreads() {
    List<Thread> threads = new ArrayList<>();
    Thread.getAllStackTraces().forEach((thread, stack) -> {
      if (thread != Thread.currentThread() && Arrays.stream(stack)
          .anyMatch(frame -> frame.getClassName().startsWith(LOCAL_JOB_FRAME))) {
        threads.add(thread);
      }
    });
    return threads;
  }

  private void killYarnJobs() {
    try {
      Cluster cluster = new Cluster(conf);
      try {
        for (JobStatus status : cluster.getAllJobStatuses()) {
          if (status.getJobName() != null && status.getJobName().startsWith(JOB_NAME_PREFIX)
              && !status.isJobComplete() && status.getStartTime() >= startMs - 1000) {
            Job job = cluster.getJob(status.getJobID());
            if (job != null) {
              job.killJob();
            }
          }
        }
      } finally {
        cluster.close();
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      // tried again on the next round while the job runs
    }
  }
}
