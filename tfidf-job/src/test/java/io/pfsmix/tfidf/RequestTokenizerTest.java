package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class RequestTokenizerTest {

  /** Terms of a text, checking on the way that every reported hash is the hash of the reported bytes. */
  static List<String> terms(String request) {
    byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
    RequestTokenizer tokenizer = new RequestTokenizer(true);
    int found = tokenizer.tokenize(bytes, 0, bytes.length);
    List<String> terms = new ArrayList<>();
    for (int k = 0; k < found; k++) {
      byte[] term = tokenizer.term(k);
      assertThat(tokenizer.hashes()[k]).isEqualTo(RequestTokenizer.hash(term));
      terms.add(new String(term, StandardCharsets.ISO_8859_1));
    }
    return terms;
  }

  @Test
  void growsPastItsInitialCapacityAndStartsAfreshEachCall() {
    String many = "a.".repeat(2000);
    assertThat(terms(many)).hasSize(4000);
    RequestTokenizer tokenizer = new RequestTokenizer(false);
    byte[] first = many.getBytes(StandardCharsets.US_ASCII);
    assertThat(tokenizer.tokenize(first, 0, first.length)).isEqualTo(4000);
    byte[] second = "x y".getBytes(StandardCharsets.US_ASCII);
    assertThat(tokenizer.tokenize(second, 0, second.length)).isEqualTo(2);
    assertThat(tokenizer.hashes()[1]).isEqualTo(RequestTokenizer.hash(new byte[] {'y'}));
  }

  @Test
  void splitsWordsAndPunctuationWithAdjacentPairs() {
    assertThat(terms("a=1' OR ../x")).containsExactly("a", "=", "1", "'", "or", ".", ".", "..", "/", "./", "x");
  }

  @Test
  void undoesPercentDoubleEncodingPlusAndCase() {
    List<String> plain = terms("<script>alert(1)</script>");
    assertThat(terms("%3CScRiPt%3Ealert%281%29%3C%2Fscript%3E")).isEqualTo(plain);
    assertThat(terms("%253cSCRIPT%253ealert%25281%2529%253c%252fscript%253e")).isEqualTo(plain);
    assertThat(terms("union+select")).isEqualTo(terms("UNION SELECT"));
    assertThat(terms("a%2Bb")).containsExactly("a", "+", "b");
  }

  @Test
  void leavesBrokenEscapesAsText() {
    assertThat(terms("100%")).containsExactly("100", "%");
    assertThat(terms("%zz")).containsExactly("%", "zz");
  }

  @Test
  void dropsOverlongWordsButKeepsTheirNeighbours() {
    String longWord = "x".repeat(RequestTokenizer.MAX_TOKEN_BYTES + 1);
    assertThat(terms("id=" + longWord + ";cat")).containsExactly("id", "=", ";", "cat");
    String maxWord = "y".repeat(RequestTokenizer.MAX_TOKEN_BYTES);
    assertThat(terms(maxWord)).containsExactly(maxWord);
  }

  @Test
  void nonAsciiBytesAreWordBytes() {
    assertThat(terms("caf\u00e9 %C3%A9t\u00e9")).containsExactly("caf\u00e9", "\u00c3\u00a9t\u00e9");
  }

  private static final String XML_HEAD = "POST /ws/OrderService HTTP/1.1\r\nHost: h\r\nContent-Type: %s\r\n"
      + "Content-Length: %d\r\n\r\n";
  private static final String XML_BODY = "<?xml version=\"1.0\"?>\n<a x=\"1 &lt;b\"><n>&lt;script&gt;alert(1)&#x3C;/script"
      + "&#62;</n><!-- hi --><![CDATA[O'Brien & <i>co</i>]]>&amp;&nbsp;&#0;</a>";

  private static String request(String contentType, String body) {
    return String.format(java.util.Locale.ROOT, XML_HEAD, contentType, body.length()) + body;
  }

  @Test
  void anXmlBodyGivesTheTermsOfItsTextAndValuesNotOfItsMarkup() {
    for (String type : new String[] {"text/xml; charset=utf-8", "application/soap+xml", "Application/XML"}) {
      String head = String.format(java.util.Locale.ROOT, XML_HEAD, type, XML_BODY.length());
      // tags (names too), the declaration and the comment go; entities are decoded, but for an unknown one and the NUL
      // reference; CDATA stays as it is
      List<String> expected = new ArrayList<>(terms(head));
      expected.addAll(terms("1.0 1 <b <script>alert(1)</script> O'Brien & <i>co</i> &&nbsp;&#0;"));
      assertThat(terms(request(type, XML_BODY))).as(type).isEqualTo(expected);
    }
  }

  @Test
  void aBodyOfAnotherTypeIsTokenizedAsItsBytes() {
    assertThat(terms(request("text/plain", XML_BODY))).contains("<?", "=\"", "lt", "<!", "[", "]]");
    assertThat(terms(request("text/xml", XML_BODY))).doesNotContain("<?", "=\"", "lt", "<!", "[", "]]", "version", "hi");
  }

  @Test
  void anXmlBodyIsValidatedOnItsRawBytes() {
    RequestTokenizer tokenizer = new RequestTokenizer(false);
    byte[] ok = request("text/xml", XML_BODY).getBytes(StandardCharsets.ISO_8859_1);
    assertThat(tokenizer.tokenizeValid(ok, 0, ok.length, new RequestValidator(200))).isNull();
    // the Content-Length counts the raw body, which entities make longer than its text
    byte[] shortBody = request("text/xml", XML_BODY).replace("&lt;b", "&lt;bc").getBytes(StandardCharsets.ISO_8859_1);
    assertThat(tokenizer.tokenizeValid(shortBody, 0, shortBody.length, new RequestValidator(200)))
        .isEqualTo(MalformedKind.TRUNCATED);
    byte[] binary = request("text/xml", XML_BODY.replace("hi", "h\u0001")).getBytes(StandardCharsets.ISO_8859_1);
    assertThat(tokenizer.tokenizeValid(binary, 0, binary.length, new RequestValidator(200)))
        .isEqualTo(MalformedKind.BINARY);
    byte[] longLine = request("text/xml", XML_BODY + "\n" + "x".repeat(250)).getBytes(StandardCharsets.ISO_8859_1);
    assertThat(tokenizer.tokenizeValid(longLine, 0, longLine.length, new RequestValidator(200)))
        .isEqualTo(MalformedKind.OVERSIZE_LINE);
  }

  @Test
  void aMultipartBodysXmlPartsAreReadAsXmlAndTheRestAsItIs() {
    String svg = "<svg a=\"1\">&lt;x</svg>";
    String body = "--B\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\na<b=\"c\"\r\n--B\r\nContent-Disposition: "
        + "form-data; name=\"f\"; filename=\"x.svg\"\r\ncontent-type: image/svg+xml\r\n\r\n" + svg + "\r\n--B--\r\n";
    for (String type : new String[] {"multipart/form-data; boundary=B", "multipart/form-data; boundary=\"B\"; x=y"}) {
      String head = String.format(java.util.Locale.ROOT, XML_HEAD, type, body.length());
      List<String> expected = new ArrayList<>(terms(head + body.substring(0, body.indexOf(svg))));
      expected.addAll(terms("1 <x"));
      expected.addAll(terms(body.substring(body.indexOf(svg) + svg.length())));
      assertThat(terms(head + body)).as(type).isEqualTo(expected).doesNotContain("</", "lt");
    }
    // another boundary: the part is not found, and everything is read as it is
    String other = String.format(java.util.Locale.ROOT, XML_HEAD, "multipart/form-data; boundary=C", body.length()) + body;
    assertThat(terms(other)).contains("</", "=\"", "lt");
  }

  @Test
  void headerNamesGiveNoTermsTheirValuesDo() {
    assertThat(terms("GET /a?b=c HTTP/1.1\r\nX-Requested-With: XMLHttpRequest\r\nHost: h:8080\r\n\r\nq=host"))
        .containsExactly("get", "/", "a", "?", "b", "=", "c", "http", "/", "1", ".", "1", "xmlhttprequest", "h", ":", "8080",
            "q", "=", "host");
    // not a header name: a line that starts with a space, or a name holding a byte the decoder must see
    assertThat(terms("GET / HTTP/1.1\r\n folded: x\r\nA%41: y\r\n\r\n")).contains("folded", ":", "aa", "y");
  }

  @Test
  void aBodysTextIsNeverLongerThanTheBody() {
    // bytes that open and close every construct the readers know, in random order and cut anywhere
    byte[] alphabet = "<>!-[]CDATA&#x3c;lt;\"'/ a".getBytes(StandardCharsets.US_ASCII);
    java.util.SplittableRandom random = new java.util.SplittableRandom(17);
    BodyText reader = new BodyText();
    for (int round = 0; round < 20_000; round++) {
      byte[] body = new byte[random.nextInt(1, 64)];
      for (int k = 0; k < body.length; k++) {
        body[k] = alphabet[random.nextInt(alphabet.length)];
      }
      assertThat(reader.read(BodyText.XML, body, 0, body.length)).as(new String(body, StandardCharsets.US_ASCII))
          .isLessThanOrEqualTo(body.length);
    }
  }
}
