package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class RecordLabelTest {

  @Test
  void aRecordHeaderGivesClassFamilyAndContextAndAPlainLabelIsAClassAlone() throws Exception {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    byte[] request = "GET /?q=1 HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    String[] headers = {"sqli/union@query", "valid", "valid/search@query", "", "sqli/union@query", "xss/markup"};
    for (String header : headers) {
      RequestFormat.write(file, header, request, 0, request.length);
    }
    List<String> read = new ArrayList<>();
    RequestRecord record = new RequestRecord();
    try (RequestStreamReader reader = new RequestStreamReader(new ByteArrayInputStream(file.toByteArray()), 0,
        Long.MAX_VALUE, 1 << 20)) {
      while (reader.next(record)) {
        read.add(record.label() + "|" + record.family() + "|" + record.context() + "|" + record.length());
      }
    }
    int n = request.length;
    assertThat(read).containsExactly("sqli|union|query|" + n, "valid|||" + n, "valid|search|query|" + n, "|||" + n,
        "sqli|union|query|" + n, "xss|markup||" + n);
    assertThat(RecordLabel.format("os-command", "pipe", "cookie")).isEqualTo("os-command/pipe@cookie");
  }
}
