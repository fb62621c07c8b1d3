package io.pfsmix.tfidf;

/**
 * Labels requests with a model: the class of the centroid with the highest cosine similarity to the request's TF-IDF
 * vector, or for the logistic model the class with the highest score (weights times vector plus bias). Both are one
 * sparse pass over the request's terms. Requests the {@link RequestValidator} rejects are labelled {@link #MALFORMED}.
 * One instance per thread; the model's arrays are shared read-only.
 */
public final class RequestClassifier {

  public static final int MALFORMED = -1;

  private final TfidfVectorizer vectorizer;
  private final RequestValidator validator;
  /** Term-major centroid weights: weights[term * centroids + centroid], so one term's weights are adjacent. */
  private final float[] centroidWeights;
  private final int centroids;
  private final int[] centroidClass;
  private final int fallbackClass;
  /** The logistic model's biases, which scores start from; zeros for centroids. */
  private final float[] initialScores;
  private final boolean logistic;
  private final float[] scores;
  private int best;
  private MalformedKind malformedKind;
  private double similarity;

  RequestClassifier(TfidfModel model, int maxLineBytes) {
    if (model.centroidCount() == 0) {
      throw new IllegalArgumentException("the model has no centroids: it is a dictionary only, not a trained model");
    }
    vectorizer = new TfidfVectorizer(new TermDictionary(model.termHashes()), model.idfArray());
    validator = new RequestValidator(maxLineBytes);
    centroids = model.centroidCount();
    centroidClass = model.centroidClasses();
    int terms = model.termCount();
    centroidWeights = new float[terms * centroids];
    float[][] source = model.centroidArrays();
    for (int m = 0; m < centroids; m++) {
      for (int t = 0; t < terms; t++) {
        centroidWeights[t * centroids + m] = source[m][t];
      }
    }
    int valid = 0;
    for (int c = 0; c < model.classCount(); c++) {
      if (HttpClass.VALID.label().equals(model.className(c))) {
        valid = c;
      }
    }
    fallbackClass = valid;
    scores = new float[centroids];
    logistic = model.logistic();
    initialScores = logistic ? model.biasArray().clone() : new float[centroids];
  }

  /** The model's class index for the request, or {@link #MALFORMED}. */
  public int classify(byte[] bytes, int offset, int length) {
    malformedKind = vectorizer.vectorize(bytes, offset, length, validator);
    if (malformedKind != null) {
      similarity = 0;
      return MALFORMED;
    }
    int count = vectorizer.termCount();
    if (count == 0) {
      // nothing the model knows: not evidence of any attack
      similarity = 0;
      return fallbackClass;
    }
    final float[] s = scores;
    System.arraycopy(initialScores, 0, s, 0, centroids);
    final int[] terms = vectorizer.terms();
    final float[] weights = vectorizer.weights();
    final float[] cw = centroidWeights;
    final int m = centroids;
    for (int k = 0; k < count; k++) {
      int base = terms[k] * m;
      float w = weights[k];
      for (int j = 0; j < m; j++) {
        s[j] += w * cw[base + j];
      }
    }
    int winner = 0;
    for (int j = 1; j < m; j++) {
      if (scores[j] > scores[winner]) {
        winner = j;
      }
    }
    best = winner;
    similarity = Double.NaN;
    return centroidClass[winner];
  }

  /** Why the last request was {@link #MALFORMED}; null otherwise. */
  public MalformedKind malformedKind() {
    return malformedKind;
  }

  /**
   * How sure the last label is: the cosine similarity to the centroid that won, or the logistic model's probability of
   * the class that won (0 for malformed or unknown-term requests). Computed only when asked.
   */
  public double similarity() {
    if (Double.isNaN(similarity)) {
      if (!logistic) {
        similarity = scores[best];
      } else {
        double sum = 0;
        for (float score : scores) {
          sum += Math.exp(score - scores[best]);
        }
        similarity = 1 / sum;
      }
    }
    return similarity;
  }
}
