package io.pfsmix.tfidf;

/** Configuration keys of the TF-IDF jobs (all listed in docs/configuration.md). */
public final class TfidfConfigKeys {

  private TfidfConfigKeys() {
  }

  /** Longest record the input format keeps; longer ones are cut there and counted as OVERSIZE_RECORD. */
  public static final String MAX_RECORD_BYTES = "tfidf.input.max-record-bytes";
  public static final int MAX_RECORD_BYTES_DEFAULT = 1 << 20;

  /** Longest line of a well-formed request. */
  public static final String MAX_LINE_BYTES = "tfidf.validate.max-line-bytes";
  public static final int MAX_LINE_BYTES_DEFAULT = 8192;

  /** Number of terms the training job keeps in the dictionary. */
  public static final String TOP_K = "tfidf.train.top-k";
  public static final int TOP_K_DEFAULT = 256;

  /** Terms seen in fewer documents than this are never kept (random ids, one-off numbers). */
  public static final String MIN_DF = "tfidf.train.min-df";
  public static final int MIN_DF_DEFAULT = 3;

  /** Centroid vectors per class: requests of a class are split by request shape (see docs/tfidf.md). */
  public static final String CENTROIDS_PER_CLASS = "tfidf.train.centroids-per-class";
  public static final int CENTROIDS_PER_CLASS_DEFAULT = 8;

  /** Whether the classification job writes one label line per request (off: counters and confusion matrix only). */
  public static final String WRITE_LABELS = "tfidf.classify.write-labels";
  public static final boolean WRITE_LABELS_DEFAULT = true;
}
