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
}
