package io.pfsmix.tfidf.generate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A request being assembled: parts stay editable (so an attack can be placed into one) until {@link #render}. */
final class HttpRequestDraft {

  String method = "GET";
  String path = "/";
  /** name, already-encoded value. */
  final List<String[]> query = new ArrayList<>();
  /** name, value, in order. */
  final List<String[]> headers = new ArrayList<>();
  /** name, value of the Cookie header. */
  final List<String[]> cookies = new ArrayList<>();
  String contentType;
  String body;

  void header(String name, String value) {
    headers.add(new String[] {name, value});
  }

  /** Replaces the value of an existing header (case-insensitive name), or adds it. */
  void setHeader(String name, String value) {
    for (String[] h : headers) {
      if (h[0].equalsIgnoreCase(name)) {
        h[1] = value;
        return;
      }
    }
    header(name, value);
  }

  byte[] render() {
    StringBuilder out = new StringBuilder(768);
    out.append(method).append(' ').append(path);
    for (int i = 0; i < query.size(); i++) {
      out.append(i == 0 ? '?' : '&').append(query.get(i)[0]).append('=').append(query.get(i)[1]);
    }
    out.append(" HTTP/1.1\r\n");
    for (String[] h : headers) {
      out.append(h[0]).append(": ").append(h[1]).append("\r\n");
    }
    if (!cookies.isEmpty()) {
      out.append("Cookie: ");
      for (int i = 0; i < cookies.size(); i++) {
        out.append(i == 0 ? "" : "; ").append(cookies.get(i)[0]).append('=').append(cookies.get(i)[1]);
      }
      out.append("\r\n");
    }
    byte[] bodyBytes = body == null ? null : body.getBytes(StandardCharsets.UTF_8);
    if (bodyBytes != null) {
      out.append("Content-Type: ").append(contentType).append("\r\n");
      out.append("Content-Length: ").append(bodyBytes.length).append("\r\n");
    }
    out.append("\r\n");
    byte[] head = out.toString().getBytes(StandardCharsets.UTF_8);
    if (bodyBytes == null) {
      return head;
    }
    byte[] all = java.util.Arrays.copyOf(head, head.length + bodyBytes.length);
    System.arraycopy(bodyBytes, 0, all, head.length, bodyBytes.length);
    return all;
  }
}
