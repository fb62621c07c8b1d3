package io.pfsmix.tfidf;

/**
 * Turns one request into its L2-normalised TF-IDF vector over a model's dictionary, as a sparse vector in primitive arrays
 * reused from request to request: weight = (1 + ln tf) * idf. Validates the request in the same pass over its bytes. One
 * instance per thread.
 */
final class TfidfVectorizer {

  private static final float[] LOG_TF = new float[256];

  static {
    for (int tf = 1; tf < LOG_TF.length; tf++) {
      LOG_TF[tf] = (float) (1 + Math.log(tf));
    }
  }

  private final TermCounts counts;
  private final RequestTokenizer tokenizer;
  private final float[] idf;
  private final float[] weights;
  private int termCount;

  TfidfVectorizer(TermDictionary dictionary, float[] idf) {
    this.idf = idf;
    counts = new TermCounts(dictionary, idf.length);
    tokenizer = new RequestTokenizer(counts);
    weights = new float[idf.length];
  }

  /**
   * Vectorises a request that {@code validator} accepts, in one pass over its bytes; returns null, or why the request is
   * malformed (and no vector).
   */
  MalformedKind vectorize(byte[] bytes, int offset, int length, RequestValidator validator) {
    termCount = 0;
    MalformedKind kind = tokenizer.tokenizeValid(bytes, offset, length, validator);
    if (kind != null) {
      return kind;
    }
    final int[] terms = counts.touched();
    final int n = counts.touchedCount();
    double norm = 0;
    for (int k = 0; k < n; k++) {
      int t = terms[k];
      int tf = counts.frequency(t);
      float w = (tf < LOG_TF.length ? LOG_TF[tf] : (float) (1 + Math.log(tf))) * idf[t];
      weights[k] = w;
      norm += (double) w * w;
    }
    if (norm > 0) {
      float scale = (float) (1 / Math.sqrt(norm));
      for (int k = 0; k < n; k++) {
        weights[k] *= scale;
      }
    }
    termCount = n;
    return null;
  }

  /** The number of distinct dictionary terms in the last vector (0: an all-zero vector). */
  int termCount() {
    return termCount;
  }

  /** Term indexes of the last vector; entries [0, termCount) are valid. */
  int[] terms() {
    return counts.touched();
  }

  /** Normalised weights of the last vector, parallel to {@link #terms()}. */
  float[] weights() {
    return weights;
  }
}
