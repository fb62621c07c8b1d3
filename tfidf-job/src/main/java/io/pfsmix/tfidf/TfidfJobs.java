package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;

import org.apache.hadoop.conf.Configuration;
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
    return TrainJob.run(conf, input, model, topK, centroidsPerClass);
  }

  /**
   * Labels every request under {@code input} with the model; writes labels (and confusion.json for labelled input) under
   * {@code output}, which must not exist. A missing or incompatible model fails here, before any task runs.
   */
  public static ClassifyResult classify(Configuration conf, Path input, Path model, Path output) throws IOException,
      InterruptedException {
    return ClassifyJob.run(conf, input, model, output);
  }

  /**
   * Runs a job and waits for it, looking at it every {@link #COMPLETION_POLL_MS} unless the configuration says otherwise:
   * Hadoop's default of 5 s would round every job's measured time up to the next 5 s.
   */
  static void runOrFail(Job job) throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    String[] sources = conf.getPropertySources(Job.COMPLETION_POLL_INTERVAL_KEY);
    if (sources == null || Arrays.stream(sources).allMatch(source -> source.endsWith("-default.xml"))) {
      conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, COMPLETION_POLL_MS);
    }
    try {
      if (!job.waitForCompletion(false)) {
        throw new IOException("job " + job.getJobName() + " (" + job.getJobID() + ") failed: " + job.getStatus()
            .getFailureInfo());
      }
    } catch (ClassNotFoundException e) {
      throw new IOException("job " + job.getJobName() + " could not load a class: " + e.getMessage(), e);
    }
  }
}
