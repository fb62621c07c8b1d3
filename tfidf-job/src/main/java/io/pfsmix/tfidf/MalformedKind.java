package io.pfsmix.tfidf;

/** Why a record is not classified. Each kind has its own counter in a classification job. */
public enum MalformedKind {
  /** A control byte other than TAB, CR, LF (e.g. NUL) anywhere in the request. */
  BINARY,
  /** A line longer than tfidf.validate.max-line-bytes. */
  OVERSIZE_LINE,
  /** A record longer than tfidf.input.max-record-bytes; the reader kept only its start. */
  OVERSIZE_RECORD,
  /** No blank line ending the headers, or a body shorter or longer than its Content-Length. */
  TRUNCATED,
  /** A request line that is not METHOD SP target SP HTTP/d.d. */
  BAD_REQUEST_LINE,
  /** A '%' in the request target not followed by two hex digits. */
  BAD_ENCODING
}
