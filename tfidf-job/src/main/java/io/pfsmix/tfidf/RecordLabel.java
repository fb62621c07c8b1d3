package io.pfsmix.tfidf;

/**
 * A record header's label: {@code CLASS}, or {@code CLASS/FAMILY@CONTEXT} for generated records, which say which family
 * of payloads or of normal traffic a request belongs to (sqli/union, valid/search, ...) and where it carries what makes
 * its class (query, path, header, cookie, body-form, body-json, body-xml, body-multipart, none). Jobs use the class;
 * the accuracy report groups by family and context.
 */
public final class RecordLabel {

  static final RecordLabel NONE = parse("");

  private final String text;
  private final String label;
  private final String family;
  private final String context;

  private RecordLabel(String text, String label, String family, String context) {
    this.text = text;
    this.label = label;
    this.family = family;
    this.context = context;
  }

  /** Splits a header label; a label without '/' is a class alone. */
  public static RecordLabel parse(String text) {
    int slash = text.indexOf('/');
    if (slash < 0) {
      return new RecordLabel(text, text, "", "");
    }
    int at = text.indexOf('@', slash);
    String family = at < 0 ? text.substring(slash + 1) : text.substring(slash + 1, at);
    return new RecordLabel(text, text.substring(0, slash), family, at < 0 ? "" : text.substring(at + 1));
  }

  /** The header text of a class with its family and context. */
  public static String format(String label, String family, String context) {
    return label + "/" + family + "@" + context;
  }

  public String label() {
    return label;
  }

  public String family() {
    return family;
  }

  public String context() {
    return context;
  }

  boolean sameText(byte[] bytes, int length) {
    if (text.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (text.charAt(i) != (bytes[i] & 0xff)) {
        return false;
      }
    }
    return true;
  }
}
