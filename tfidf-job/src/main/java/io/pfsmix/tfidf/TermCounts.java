package io.pfsmix.tfidf;

/**
 * Term frequencies of one request over a dictionary, in reused primitive arrays: a frequency per dictionary term and the
 * list of terms touched, in order of first occurrence, so nothing is allocated or cleared in full per request.
 */
final class TermCounts {

  private final TermDictionary dictionary;
  private final int[] frequency;
  /** Which request last touched a term: spares clearing frequency between requests. */
  private final int[] stamp;
  private final int[] touched;
  private int touchedCount;
  private int request;

  TermCounts(TermDictionary dictionary, int terms) {
    this.dictionary = dictionary;
    frequency = new int[terms];
    stamp = new int[terms];
    touched = new int[terms];
  }

  TermDictionary dictionary() {
    return dictionary;
  }

  /** Starts a new request. */
  void clear() {
    touchedCount = 0;
    if (++request == 0) {
      java.util.Arrays.fill(stamp, 0);
      request = 1;
    }
  }

  /** Counts one occurrence of dictionary term {@code term}; a negative index (not in the dictionary) is ignored. */
  void add(int term) {
    if (term < 0) {
      return;
    }
    if (stamp[term] != request) {
      stamp[term] = request;
      frequency[term] = 1;
      touched[touchedCount++] = term;
    } else {
      frequency[term]++;
    }
  }

  /** How many distinct dictionary terms the request has. */
  int touchedCount() {
    return touchedCount;
  }

  /** The distinct terms, entries [0, touchedCount) valid, in order of first occurrence. */
  int[] touched() {
    return touched;
  }

  int frequency(int term) {
    return frequency[term];
  }
}
