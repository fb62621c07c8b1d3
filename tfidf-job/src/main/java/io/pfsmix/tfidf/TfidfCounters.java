package io.pfsmix.tfidf;

/** Job-wide counters of the TF-IDF jobs (per-class counters live in the group {@link #CLASS_GROUP}). */
public enum TfidfCounters {
  /** Records read. */
  REQUESTS,
  /** Request bytes read (record headers and separators not included). */
  BYTES,
  /** Records refused as malformed (also counted per kind in {@link #MALFORMED_GROUP}). */
  MALFORMED,
  /** Bytes at the start of a file before its first record. */
  JUNK_BYTES;

  /** Counter group of requests and bytes per predicted class: counters "requests.CLASS" and "bytes.CLASS". */
  public static final String CLASS_GROUP = "io.pfsmix.tfidf.Classes";
  /** Counter group of malformed records per {@link MalformedKind}. */
  public static final String MALFORMED_GROUP = "io.pfsmix.tfidf.Malformed";
}
