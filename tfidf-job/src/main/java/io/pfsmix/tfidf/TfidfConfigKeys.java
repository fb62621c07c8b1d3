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
  public static final int TOP_K_DEFAULT = 1024;

  /** Terms seen in fewer documents than this are never kept (random ids, one-off numbers). */
  public static final String MIN_DF = "tfidf.train.min-df";
  public static final int MIN_DF_DEFAULT = 3;

  /**
   * Terms found in more than this share of all training requests are never kept. Terms nearly every request carries
   * (headers, browser names) tell classes apart only through how many of them a request has: a linear model reads the
   * class prior from them, and a payload among many ordinary headers then looks normal.
   */
  public static final String MAX_DF_SHARE = "tfidf.train.max-df-share";
  public static final double MAX_DF_SHARE_DEFAULT = 0.2;

  /** Centroid vectors per class: requests of a class are split by request shape (see docs/tfidf.md). */
  public static final String CENTROIDS_PER_CLASS = "tfidf.train.centroids-per-class";
  public static final int CENTROIDS_PER_CLASS_DEFAULT = 8;

  /** Which model training builds: {@link #MODEL_CENTROID} or {@link #MODEL_LOGISTIC} (see docs/tfidf.md). */
  public static final String MODEL = "tfidf.train.model";
  public static final String MODEL_CENTROID = "centroid";
  public static final String MODEL_LOGISTIC = "logistic";
  public static final String MODEL_DEFAULT = MODEL_LOGISTIC;

  /** MapReduce rounds of logistic-regression training: each averages the weights its map tasks trained. */
  public static final String LOGISTIC_ROUNDS = "tfidf.train.logistic.rounds";
  public static final int LOGISTIC_ROUNDS_DEFAULT = 4;

  /** Passes over its split a map task makes in each round (stochastic gradient descent). */
  public static final String LOGISTIC_EPOCHS = "tfidf.train.logistic.epochs-per-round";
  public static final int LOGISTIC_EPOCHS_DEFAULT = 3;

  /** Step size of the first pass; later passes use it divided by 1 + pass / 2. */
  public static final String LOGISTIC_LEARNING_RATE = "tfidf.train.logistic.learning-rate";
  public static final float LOGISTIC_LEARNING_RATE_DEFAULT = 0.5f;

  /** L2 regularisation of the weights (not of the biases). */
  public static final String LOGISTIC_L2 = "tfidf.train.logistic.l2";
  public static final float LOGISTIC_L2_DEFAULT = 1e-5f;

  /** Set by logistic training for each round's map tasks, never by a user: which round they train. */
  static final String LOGISTIC_ROUND = "tfidf.train.logistic.round";

  /** Whether the classification job writes one label line per request (off: counters and confusion matrix only). */
  public static final String WRITE_LABELS = "tfidf.classify.write-labels";
  public static final boolean WRITE_LABELS_DEFAULT = true;
}
