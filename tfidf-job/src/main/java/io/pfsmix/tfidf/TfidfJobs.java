package io.pfsmix.tfidf;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

import io.pfsmix.tfidf.generate.DatasetGenerator;

/**
 * The public API of the TF-IDF workload: generate labelled traffic, train a model, classify. Jobs run wherever the
 * configuration points (local runner by default, YARN with mapreduce.framework.name=yarn); paths may be on any Hadoop file
 * system.
 */
public final class TfidfJobs {

  private static final int COMPLETION_POLL_MS = 100;

  private TfidfJobs() {
  }

  /** Writes a labelled request data set; progress goes to {@code progress} (null for none). */
  public static DatasetGenerator.Result generate(Configuration conf, DatasetGenerator.Options options, PrintStream progress)
      throws IOException {
    return DatasetGenerator.generate(conf, options, progress);
  }

  /** Trains a model with the top-k and centroids per class the configuration gives (or their defaults). */
  public static TfidfModel train(Configuration conf, Path input, Path model) throws IOException, InterruptedException {
    return train(conf, input, model, TfidfSettings.topK(conf), TfidfSettings.centroidsPerClass(conf));
  }

  /** Trains a model from labelled request files and writes it to {@code model}. */
  public static TfidfModel train(Configuration conf, Path input, Path model, int topK) throws IOException,
      InterruptedException {
    return train(conf, input, model, topK, TfidfSettings.centroidsPerClass(conf));
  }

  public static TfidfModel train(Configuration conf, Path input, Path model, int topK, int centroidsPerClass)
      throws IOException, InterruptedException {
    return train(conf, input, model, topK, centroidsPerClass, null);
  }

  /** As above, each job's progress (its map and reduce shares done) to {@code progress} (null for none). */
  public static TfidfModel train(Configuration conf, Path input, Path model, int topK, int centroidsPerClass,
      PrintStream progress) throws IOException, InterruptedException {
    return TrainJob.run(conf, input, model, topK, centroidsPerClass, progress);
  }

  /**
   * Labels every request under {@code input} with the model; writes labels (and confusion.json for labelled input) under
   * {@code output}, which must not exist. A missing or incompatible model fails here, before any task runs.
   */
  public static ClassifyResult classify(Configuration conf, Path input, Path model, Path output) throws IOException,
      InterruptedException {
    return classify(conf, input, model, output, null);
  }

  /** As above, the job's progress to {@code progress} (null for none). */
  public static ClassifyResult classify(Configuration conf, Path input, Path model, Path output, PrintStream progress)
      throws IOException, InterruptedException {
    return ClassifyJob.run(conf, input, model, output, progress);
  }

  /**
   * Runs a job and waits for it, looking at it every {@link #COMPLETION_POLL_MS} unless the configuration says otherwise:
   * Hadoop's default of 5 s would round every job's measured time up to the next 5 s.
   */
  static void runOrFail(Job job, PrintStream progress) throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    String[] sources = conf.getPropertySources(Job.COMPLETION_POLL_INTERVAL_KEY);
    if (sources == null || Arrays.stream(sources).allMatch(source -> source.endsWith("-default.xml"))) {
      conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, COMPLETION_POLL_MS);
    }
    try {
      if (!(progress == null ? job.waitForCompletion(false) : waitShowingProgress(job, progress))) {
        throw new IOException("job " + job.getJobName() + " (" + job.getJobID() + ") failed: " + job.getStatus()
            .getFailureInfo());
      }
    } catch (ClassNotFoundException e) {
      throw new IOException("job " + job.getJobName() + " could not load a class: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses, before any job, an input that does not exist, naming the file system it was looked for on: a path without
   * a scheme is on fs.defaultFS (pfs:/// with this project's configuration), which Hadoop's own message leaves unsaid.
   */
  static void requireInput(Configuration conf, Path input) throws IOException {
    FileSystem fs = input.getFileSystem(conf);
    // a glob (requests-*) is an input as FileInputFormat takes it, when it matches something
    FileStatus[] matches = fs.globStatus(input);
    if (matches == null || matches.length == 0) {
      throw new FileNotFoundException("--input " + input + ": " + fs.makeQualified(input) + " does not exist"
          + (input.toUri().getScheme() == null ? " (a path without a scheme is on fs.defaultFS, "
              + FileSystem.getDefaultUri(conf) + "; file:///PATH names a local one)" : ""));
    }
  }

  /** A line when the job starts, then one every {@link #PROGRESS_EVERY_NS} while its shares done move. */
  private static boolean waitShowingProgress(Job job, PrintStream progress) throws IOException, InterruptedException,
      ClassNotFoundException {
    job.submit();
    progress.println(job.getJobName() + ": started");
    long start = System.nanoTime();
    long shown = start;
    String last = "";
    int poll = Job.getCompletionPollInterval(job.getConfiguration());
    while (!job.isComplete()) {
      Thread.sleep(poll);
      String now = String.format(Locale.ROOT, "map %.0f%%, reduce %.0f%%", 100 * job.mapProgress(),
          100 * job.reduceProgress());
      if (System.nanoTime() - shown >= PROGRESS_EVERY_NS && !now.equals(last)) {
        progress.printf(Locale.ROOT, "%s: %s (%.0f s)%n", job.getJobName(), now, (System.nanoTime() - start) / 1e9);
        shown = System.nanoTime();
        last = now;
      }
    }
    return job.isSuccessful();
  }

  private static final long PROGRESS_EVERY_NS = 5_000_000_000L;
}
