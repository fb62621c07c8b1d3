package io.pfsmix.tfidf;

/**
 * The request classes of the ECML/PKDD 2007 Discovery Challenge that the study's classifier was trained on. The label is the
 * text a record header carries (see docs/tfidf.md).
 */
public enum HttpClass {
  VALID("valid"),
  XSS("xss"),
  SQL_INJECTION("sqli"),
  LDAP_INJECTION("ldapi"),
  XPATH_INJECTION("xpathi"),
  PATH_TRAVERSAL("path-traversal"),
  OS_COMMAND("os-command"),
  SSI("ssi");

  /** Label of records that are deliberately malformed (generator) and of requests the classifier refused as malformed. */
  public static final String MALFORMED_LABEL = "malformed";

  private static final HttpClass[] ALL = values();

  private final String label;

  HttpClass(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** The class with this label, or null when the label names none. */
  public static HttpClass fromLabel(String label) {
    for (HttpClass c : ALL) {
      if (c.label.equals(label)) {
        return c;
      }
    }
    return null;
  }

  public static HttpClass ofIndex(int index) {
    return ALL[index];
  }

  public static int count() {
    return ALL.length;
  }
}
