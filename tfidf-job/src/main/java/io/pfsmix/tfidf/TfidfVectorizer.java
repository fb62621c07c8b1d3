package io.pfsmix.tfidf;

/**
 * Turns one request into its L2-normalised TF-IDF vector over a model's dictionary, as a sparse vector in primitive arrays
 * reused from request to request: weight = (1 + ln tf) * idf. One instance per thread.
 */
final class TfidfVectorizer {

  private static final float[] LOG_TF = new float[256];

  static {
    for (int tf = 1; tf < LOG_TF.length; tf++) {
      LOG_TF[tf] = (float) (1 + Math.log(tf));
    }
  }

  private final RequestTokenizer tokenizer = new RequestTokenizer(false);
  private final TermDictionary dictionary;
  private final float[] idf;
  private final int[] termFrequency;
  /** Which document last touched a term: spares clearing termFrequency between documents. */
  private final int[] stamp;
  private final int[] terms;
  private final float[] weights;
  private int termCount;
  private int document;

  TfidfVectorizer(TermDictionary dictionary, float[] idf) {
    this.dictionary = dictionary;
    this.idf = idf;
    termFrequency = new int[idf.length];
    stamp = new int[idf.length];
    terms = new int[idf.length];
    weights = new float[idf.length];
  }

  /** Vectorises a request; returns the number of distinct dictionary terms in it (0: an all-zero vector). */
  int vectorize(byte[] bytes, int offset, int length) {
    termCount = 0;
    if (++document == 0) {
      java.util.Arrays.fill(stamp, 0);
      document = 1;
    }
    int found = tokenizer.tokenize(bytes, offset, length);
    long[] hashes = tokenizer.hashes();
    for (int k = 0; k < found; k++) {
      count(hashes[k]);
    }
    double norm = 0;
    for (int k = 0; k < termCount; k++) {
      int t = terms[k];
      int tf = termFrequency[t];
      float w = (tf < LOG_TF.length ? LOG_TF[tf] : (float) (1 + Math.log(tf))) * idf[t];
      weights[k] = w;
      norm += (double) w * w;
    }
    if (norm > 0) {
      float scale = (float) (1 / Math.sqrt(norm));
      for (int k = 0; k < termCount; k++) {
        weights[k] *= scale;
      }
    }
    return termCount;
  }

  private void count(long hash) {
    int t = dictionary.indexOf(hash);
    if (t < 0) {
      return;
    }
    if (stamp[t] != document) {
      stamp[t] = document;
      termFrequency[t] = 1;
      terms[termCount++] = t;
    } else {
      termFrequency[t]++;
    }
  }

  /** Term indexes of the last vector; entries [0, count) are valid. */
  int[] terms() {
    return terms;
  }

  /** Normalised weights of the last vector, parallel to {@link #terms()}. */
  float[] weights() {
    return weights;
  }
}
