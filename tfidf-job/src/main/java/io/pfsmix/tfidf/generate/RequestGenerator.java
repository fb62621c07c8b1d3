package io.pfsmix.tfidf.generate;

import static io.pfsmix.tfidf.generate.AttackPayloads.one;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import io.pfsmix.tfidf.HttpClass;
import io.pfsmix.tfidf.MalformedKind;
import io.pfsmix.tfidf.RecordLabel;

/**
 * Makes one labelled request at a time: normal traffic, or normal traffic carrying an attack payload where real attacks go
 * (query parameters, path segments, cookies, headers, form and JSON bodies), or a deliberately malformed record.
 */
public final class RequestGenerator {

  /** Lines of malformed OVERSIZE_LINE records are longer than this (the classifier's default line limit). */
  static final int OVERSIZE_LINE_BYTES = 8192;

  /** The kinds a request can have on its own (OVERSIZE_RECORD depends on the reader's limit). */
  static final MalformedKind[] GENERATED_MALFORMED = {MalformedKind.BINARY, MalformedKind.OVERSIZE_LINE,
      MalformedKind.TRUNCATED, MalformedKind.BAD_REQUEST_LINE, MalformedKind.BAD_ENCODING};

  private static final String[] PARAMETERS = {"q", "id", "page", "search", "name", "user", "file", "path", "template",
      "redirect", "url", "lang", "category", "sort", "item", "cmd", "host", "doc", "view", "filter", "uid", "query",
      "callback", "return", "next", "include", "dir", "ip", "email", "comment"};
  private static final String[] COOKIES = {"session", "user", "prefs", "lang", "tracking", "role", "cart", "last_search"};
  private static final String[] HEADERS = {"User-Agent", "Referer", "X-Forwarded-For", "X-Api-Version", "Accept-Language",
      "X-Custom-Header", "X-Forwarded-Host", "Origin", "X-Real-IP", "Accept", "X-Requested-With", "Authorization"};

  /** A generated record. */
  public static final class Generated {
    /** The class label. */
    public final String label;
    /** The family of payloads or of normal traffic it belongs to (the report leaves families out of training). */
    public final String family;
    /** Where it carries what makes its class: query, path, header, cookie, body-TYPE, or none. */
    public final String context;
    /** The family of the normal request it was made from (its own family for normal traffic). */
    public final String base;
    public final byte[] request;

    Generated(String label, String family, String context, String base, byte[] request) {
      this.label = label;
      this.family = family;
      this.context = context;
      this.base = base;
      this.request = request;
    }

    /** The record header: class, family and context ({@link RecordLabel}). */
    public String recordLabel() {
      return RecordLabel.format(label, family, context);
    }
  }

  private final NormalTraffic normal = new NormalTraffic();
  private final AttackPayloads attacks;
  private final double attackShare;
  private final double malformedShare;

  /**
   * @param seed chooses the attack variants (see {@link VariantSpace}); record randomness comes from the random source
   *     passed to {@link #next}
   */
  public RequestGenerator(long seed, double attackShare, double malformedShare) {
    if (!(attackShare >= 0 && attackShare <= 1)) {
      throw new IllegalArgumentException("--attack-share must be in [0, 1], got " + attackShare);
    }
    if (!(malformedShare >= 0 && malformedShare + attackShare <= 1)) {
      throw new IllegalArgumentException("--malformed-share must be in [0, 1 - attack share], got " + malformedShare);
    }
    this.attacks = new AttackPayloads(new VariantSpace(seed, VariantSpace.DEFAULT_KEEP));
    this.attackShare = attackShare;
    this.malformedShare = malformedShare;
  }

  public Generated next(SplittableRandom r) {
    double p = r.nextDouble();
    if (p < malformedShare) {
      MalformedKind kind = GENERATED_MALFORMED[r.nextInt(GENERATED_MALFORMED.length)];
      return new Generated(HttpClass.MALFORMED_LABEL, kind.name().toLowerCase(java.util.Locale.ROOT), "none", "none",
          malformed(r, kind));
    }
    if (p < malformedShare + attackShare) {
      return attack(HttpClass.ofIndex(1 + r.nextInt(HttpClass.count() - 1)), r);
    }
    HttpRequestDraft d = new HttpRequestDraft();
    String family = normal.fill(d, r);
    return new Generated(HttpClass.VALID.label(), family, bodyContext(d), family, d.render());
  }

  /** Where a normal request's content is: its body type, else its query, else its path. */
  private static String bodyContext(HttpRequestDraft d) {
    if (d.body != null) {
      String type = d.contentType;
      return type.contains("json") ? "body-json" : type.contains("xml") ? "body-xml" : type.startsWith("multipart/")
          ? "body-multipart" : type.contains("urlencoded") ? "body-form" : "body-other";
    }
    return d.query.isEmpty() ? "path" : "query";
  }

  /**
   * A normal request carrying one payload of {@code type}, placed where real attacks go. A request with a body mostly
   * carries it in that body, in the body's own format; others in the query, the path, a cookie or a header. So attacks
   * keep the methods, bodies and headers of the traffic they hide in, and only the payload tells them apart.
   */
  Generated attack(HttpClass type, SplittableRandom r) {
    HttpRequestDraft d = new HttpRequestDraft();
    String base = normal.fill(d, r);
    AttackPayloads.Payload payload = attacks.payload(type, r);
    String text = payload.text;
    String context = d.body == null ? null : bodyContext(d);
    if (context != null && r.nextInt(100) < 65 && injectIntoBody(d, context, type, text, r)) {
      return new Generated(type.label(), payload.family, context, base, d.render());
    }
    int place = r.nextInt(100);
    if (type == HttpClass.PATH_TRAVERSAL && d.body == null && place < 30) {
      context = "path";
      d.query.clear();
      String segment = Evasions.pathSegment(text, r.nextInt(3) == 0 ? Evasions.randomStyle(r)
          : Evasions.UrlStyle.MINIMAL, r).replace("%2F", "/");
      d.path = segment.startsWith("/") ? segment : one(r, new String[] {"/download/", "/static/", "/files/", "/view/",
          "/images/", "/", "/api/v1/files/", "/assets/"}) + segment;
    } else if (place < 55) {
      context = "query";
      String value = Evasions.queryValue(text, Evasions.randomStyle(r), r);
      if (!d.query.isEmpty() && r.nextBoolean()) {
        d.query.get(r.nextInt(d.query.size()))[1] = value;
      } else {
        d.query.add(r.nextInt(d.query.size() + 1), new String[] {one(r, PARAMETERS), value});
      }
    } else if (place < 67) {
      context = "path";
      d.path = d.path.replaceAll("/[^/]*$", "/") + Evasions.pathSegment(text, Evasions.randomStyle(r), r)
          .replace("/", "%2F");
    } else if (place < 84) {
      context = "cookie";
      d.cookies.add(r.nextInt(d.cookies.size() + 1), new String[] {one(r, COOKIES), r.nextBoolean()
          ? Evasions.cookieValue(text) : Evasions.queryValue(text, Evasions.UrlStyle.FULL, r)});
    } else {
      context = "header";
      String header = one(r, HEADERS);
      String value = Evasions.headerValue(text);
      if (header.equals("Referer")) {
        value = "https://" + d.headers.get(0)[1] + "/search?q=" + Evasions.queryValue(text, Evasions.randomStyle(r), r);
      }
      d.setHeader(header, value);
    }
    return new Generated(type.label(), payload.family, context, base, d.render());
  }

  /** Puts the payload into a field of the request's body, written as that body's format writes values. */
  private static boolean injectIntoBody(HttpRequestDraft d, String context, HttpClass type, String text,
      SplittableRandom r) {
    switch (context) {
      case "body-form": {
        String value = Evasions.queryValue(text, Evasions.randomStyle(r), r);
        String[] fields = d.body.split("&", -1);
        int i = r.nextInt(fields.length);
        if (r.nextBoolean() && fields[i].indexOf('=') > 0) {
          fields[i] = fields[i].substring(0, fields[i].indexOf('=') + 1) + value;
          d.body = String.join("&", fields);
        } else {
          d.body = d.body + "&" + one(r, PARAMETERS) + "=" + value;
        }
        return true;
      }
      case "body-json": {
        if (!d.body.startsWith("{")) {
          return false;
        }
        String value = Evasions.jsonString(text);
        if (r.nextInt(3) == 0) {
          // serializers that escape markup characters in JSON strings
          value = value.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        }
        d.body = "{\"" + one(r, PARAMETERS) + "\":\"" + value + "\"" + (d.body.equals("{}") ? "}" : "," + d.body.substring(1));
        return true;
      }
      case "body-xml":
        d.body = Bodies.xml(r, text);
        return true;
      case "body-multipart": {
        Bodies.Multipart m = new Bodies.Multipart(r);
        String[] file = Bodies.uploadedFile(r);
        if (type == HttpClass.PATH_TRAVERSAL && r.nextBoolean()) {
          m.file("file", text.replace("\"", "%22"), file[1], file[2]);
        } else {
          m.field(one(r, PARAMETERS), text);
          if (r.nextBoolean()) {
            m.file("attachment", file[0], file[1], file[2]);
          }
        }
        d.contentType = m.contentType();
        d.body = m.body();
        return true;
      }
      default:
        return false;
    }
  }

  /** A record that {@link io.pfsmix.tfidf.RequestValidator} refuses for {@code kind}'s reason. */
  byte[] malformed(SplittableRandom r, MalformedKind kind) {
    HttpRequestDraft d = new HttpRequestDraft();
    normal.fill(d, r);
    switch (kind) {
      case BINARY: {
        byte[] junk = new byte[r.nextInt(40, 600)];
        for (int i = 0; i < junk.length; i++) {
          int b = r.nextInt(256);
          junk[i] = (byte) (b == 0x1E ? 0 : b);
        }
        junk[r.nextInt(junk.length)] = 0;
        return junk;
      }
      case OVERSIZE_LINE: {
        StringBuilder pad = new StringBuilder();
        int n = OVERSIZE_LINE_BYTES + r.nextInt(1, 8192);
        while (pad.length() < n) {
          pad.append(NormalTraffic.hex(r, 32));
        }
        d.header("X-Padding", pad.toString());
        return d.render();
      }
      case TRUNCATED: {
        byte[] whole = d.render();
        int headerEnd = indexOf(whole, "\r\n\r\n");
        return java.util.Arrays.copyOf(whole, r.nextInt(12, headerEnd + 1));
      }
      case BAD_REQUEST_LINE: {
        byte[] whole = d.render();
        String broken = one(r, new String[] {"GET\t", "get ", "GET  ", "G\u00c9T "});
        byte[] prefix = broken.getBytes(StandardCharsets.ISO_8859_1);
        int space = indexOf(whole, " ");
        byte[] out = new byte[prefix.length + whole.length - space - 1];
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        System.arraycopy(whole, space + 1, out, prefix.length, whole.length - space - 1);
        return out;
      }
      case BAD_ENCODING:
        d.query.add(new String[] {one(r, PARAMETERS), one(r, new String[] {"100%", "%zz", "50%off", "%G1", "a%2"})});
        return d.render();
      default:
        throw new IllegalArgumentException("cannot generate a request that is malformed as " + kind);
    }
  }

  private static int indexOf(byte[] bytes, String what) {
    byte[] w = what.getBytes(StandardCharsets.ISO_8859_1);
    outer:
    for (int i = 0; i + w.length <= bytes.length; i++) {
      for (int k = 0; k < w.length; k++) {
        if (bytes[i + k] != w[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
