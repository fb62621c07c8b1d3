package io.pfsmix.tfidf.generate;

import static io.pfsmix.tfidf.generate.AttackPayloads.one;

import java.util.SplittableRandom;

/**
 * Request bodies as clients write them: multipart/form-data with each browser's and library's boundary style, and XML
 * (SOAP, XML-RPC, Atom entries, plain documents with comments and CDATA). Values are escaped for their format, so
 * benign and attack text travel the same way.
 */
final class Bodies {

  private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  private Bodies() {
  }

  /** A multipart body being built: fields and files, in order. */
  static final class Multipart {
    private final String boundary;
    private final StringBuilder body = new StringBuilder();

    /** A boundary in the style of a browser (Chrome/Safari, Firefox) or of curl / python-requests. */
    Multipart(SplittableRandom r) {
      switch (r.nextInt(4)) {
        case 0:
          boundary = "----WebKitFormBoundary" + random(r, ALNUM, 16);
          break;
        case 1:
          boundary = "---------------------------" + random(r, "0123456789", 29);
          break;
        case 2:
          boundary = "------------------------" + random(r, "0123456789abcdef", 16);
          break;
        default:
          boundary = random(r, "0123456789abcdef", 32);
      }
    }

    Multipart field(String name, String value) {
      body.append("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"").append(name)
          .append("\"\r\n\r\n").append(value).append("\r\n");
      return this;
    }

    Multipart file(String name, String fileName, String contentType, String content) {
      body.append("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"").append(name)
          .append("\"; filename=\"").append(fileName).append("\"\r\nContent-Type: ").append(contentType)
          .append("\r\n\r\n").append(content).append("\r\n");
      return this;
    }

    String contentType() {
      return "multipart/form-data; boundary=" + boundary;
    }

    String body() {
      return body + "--" + boundary + "--\r\n";
    }
  }

  /** A text file a user uploads: its name, type and content. */
  static String[] uploadedFile(SplittableRandom r) {
    String base = one(r, new String[] {"report", "notes", "invoice", "export", "data", "résumé", "cv", "todo", "readme",
        "budget", "contacts", "config", "draft", "minutes"}) + (r.nextBoolean() ? "-" + r.nextInt(2015, 2027) : "")
        + (r.nextInt(3) == 0 ? " (" + r.nextInt(1, 4) + ")" : "");
    switch (r.nextInt(6)) {
      case 0: {
        StringBuilder csv = new StringBuilder("id,name,email,amount,note\r\n");
        int rows = r.nextInt(1, 8);
        for (int i = 0; i < rows; i++) {
          csv.append(r.nextInt(1, 9999)).append(",\"").append(Prose.name(r)).append("\",").append(NormalTraffic.email(r))
              .append(',').append(r.nextInt(1, 999)).append('.').append(r.nextInt(10, 99)).append(",\"")
              .append(Prose.phrase(r).replace("\"", "\"\"")).append("\"\r\n");
        }
        return new String[] {base + ".csv", "text/csv", csv.toString()};
      }
      case 1:
        return new String[] {base + ".txt", "text/plain", Prose.text(r, 6)};
      case 2:
        return new String[] {base + ".json", "application/json", NormalTraffic.json(r)};
      case 3:
        return new String[] {base + ".md", "text/markdown", "# " + Prose.phrase(r) + "\n\n" + Prose.text(r, 4)
            + "\n\n- [ ] " + Prose.phrase(r) + "\n- [x] " + Prose.phrase(r) + "\n"};
      case 4:
        return new String[] {base + ".svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 "
            + "24\" width=\"" + r.nextInt(16, 512) + "\"><path d=\"M" + r.nextInt(24) + " " + r.nextInt(24) + "h"
            + r.nextInt(24) + "v" + r.nextInt(24) + "H0z\" fill=\"#" + NormalTraffic.hex(r, 6) + "\"/></svg>"};
      default:
        return new String[] {base + ".xml", "application/xml", xml(r, Prose.text(r, 3))};
    }
  }

  /** An XML request body carrying {@code text} (escaped) in one of its elements. */
  static String xml(SplittableRandom r, String text) {
    String value = escape(text, r);
    switch (r.nextInt(5)) {
      case 0: {
        String operation = one(r, new String[] {"GetOrder", "UpdateCustomer", "SearchItems", "SubmitClaim"});
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/"
            + "envelope/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n  <soap:Body>\n    <"
            + operation + " xmlns=\"http://"
            + "example.com/ws/" + r.nextInt(2015, 2027) + "\">\n      <Id>" + r.nextInt(1, 1_000_000) + "</Id>\n      <Note>"
            + value + "</Note>\n    </" + operation + ">\n  </soap:Body>\n</soap:Envelope>\n";
      }
      case 1:
        return "<?xml version=\"1.0\"?>\n<methodCall>\n<methodName>" + one(r, new String[] {"wp.getUsersBlogs",
            "metaWeblog.newPost", "system.listMethods", "pingback.ping"}) + "</methodName>\n<params>\n<param><value>"
            + "<string>" + value + "</string></value></param>\n<param><value><int>" + r.nextInt(1, 99)
            + "</int></value></param>\n</params>\n</methodCall>\n";
      case 2:
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<entry xmlns=\"http://www.w3.org/2005/Atom\">\n  <title>"
            + escape(Prose.phrase(r), r) + "</title>\n  <author><name>" + escape(Prose.name(r), r) + "</name></author>\n"
            + "  <content type=\"text\">" + value + "</content>\n</entry>\n";
      case 3:
        return "<order id=\"" + r.nextInt(1, 99999) + "\">\n  <!-- created by checkout v" + r.nextInt(1, 9) + "."
            + r.nextInt(0, 20) + " -->\n  <item sku=\"" + NormalTraffic.hex(r, 8) + "\" qty=\"" + r.nextInt(1, 5)
            + "\"/>\n  <comment><![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]></comment>\n</order>\n";
      default:
        return "<request><user>" + escape(Prose.name(r), r) + "</user><query>" + value + "</query><page>"
            + r.nextInt(1, 20) + "</page></request>";
    }
  }

  /** XML text escaping: named entities, or numeric ones as some serializers write them. */
  static String escape(String text, SplittableRandom r) {
    boolean numeric = r.nextInt(4) == 0;
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<':
          out.append(numeric ? "&#60;" : "&lt;");
          break;
        case '>':
          out.append(numeric ? "&#62;" : "&gt;");
          break;
        case '&':
          out.append(numeric ? "&#38;" : "&amp;");
          break;
        case '"':
          out.append(numeric ? "&#34;" : "&quot;");
          break;
        case '\'':
          out.append(numeric ? "&#39;" : "&apos;");
          break;
        default:
          out.append(c);
      }
    }
    return out.toString();
  }

  static String random(SplittableRandom r, String alphabet, int n) {
    StringBuilder out = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      out.append(alphabet.charAt(r.nextInt(alphabet.length())));
    }
    return out.toString();
  }
}
