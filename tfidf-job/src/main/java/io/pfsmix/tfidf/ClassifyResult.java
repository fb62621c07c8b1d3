package io.pfsmix.tfidf;

import java.util.Map;

import org.apache.hadoop.fs.Path;

/** What a classification job did: volume, time, labels per class and, for labelled input, the confusion matrix. */
public final class ClassifyResult {

  private final Path output;
  private final long requests;
  private final long bytes;
  private final long malformed;
  private final long elapsedNanos;
  private final Map<String, Long> requestsPerClass;
  private final Map<String, Long> bytesPerClass;
  private final Map<String, Long> malformedPerKind;
  private final ConfusionMatrix confusion;
  private final Path confusionJson;

  ClassifyResult(Path output, long requests, long bytes, long malformed, long elapsedNanos, Map<String, Long> requestsPerClass,
      Map<String, Long> bytesPerClass, Map<String, Long> malformedPerKind, ConfusionMatrix confusion, Path confusionJson) {
    this.output = output;
    this.requests = requests;
    this.bytes = bytes;
    this.malformed = malformed;
    this.elapsedNanos = elapsedNanos;
    this.requestsPerClass = Map.copyOf(requestsPerClass);
    this.bytesPerClass = Map.copyOf(bytesPerClass);
    this.malformedPerKind = Map.copyOf(malformedPerKind);
    this.confusion = confusion;
    this.confusionJson = confusionJson;
  }

  public Path output() {
    return output;
  }

  public long requests() {
    return requests;
  }

  /** Request bytes classified (record headers not included). */
  public long bytes() {
    return bytes;
  }

  public long malformed() {
    return malformed;
  }

  /** Wall time of the job, submission to completion. */
  public long elapsedNanos() {
    return elapsedNanos;
  }

  public double elapsedSeconds() {
    return elapsedNanos / 1e9;
  }

  /** Requests per predicted label (class labels and "malformed"). */
  public Map<String, Long> requestsPerClass() {
    return requestsPerClass;
  }

  public Map<String, Long> bytesPerClass() {
    return bytesPerClass;
  }

  public Map<String, Long> malformedPerKind() {
    return malformedPerKind;
  }

  /** Null when no record of the input carried a label the model knows. */
  public ConfusionMatrix confusion() {
    return confusion;
  }

  /** Where the confusion matrix was written as JSON; null without one. */
  public Path confusionJson() {
    return confusionJson;
  }
}
