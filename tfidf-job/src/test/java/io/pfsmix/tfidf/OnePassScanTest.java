package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.pfsmix.tfidf.generate.RequestGenerator;

/**
 * Classification validates and counts dictionary terms in one pass over a request's bytes; it must reach the same verdict as
 * {@link RequestValidator#check} and the same counts as tokenizing into hashes and looking each up.
 */
class OnePassScanTest {

  private static final int MAX_LINE = TfidfConfigKeys.MAX_LINE_BYTES_DEFAULT;

  private final List<byte[]> requests = new ArrayList<>();
  private final TermDictionary dictionary;
  private final int terms;

  OnePassScanTest() {
    RequestGenerator generator = new RequestGenerator(9, 0.5, 0.2);
    SplittableRandom random = new SplittableRandom(4);
    for (int i = 0; i < 4_000; i++) {
      requests.add(generator.next(random).request);
    }
    // a dictionary of every term (words, punctuation, pairs) of the first requests, so later ones hit and miss it
    RequestTokenizer tokenizer = new RequestTokenizer(false);
    Set<Long> hashes = new LinkedHashSet<>();
    for (byte[] r : requests.subList(0, 200)) {
      int found = tokenizer.tokenize(r, 0, r.length);
      for (int k = 0; k < found; k++) {
        hashes.add(tokenizer.hashes()[k]);
      }
    }
    dictionary = new TermDictionary(hashes.stream().mapToLong(Long::longValue).toArray());
    terms = hashes.size();
  }

  @Test
  void reachesTheValidatorsVerdictOnEveryKindOfRecord() {
    RequestValidator alone = new RequestValidator(MAX_LINE);
    RequestValidator fused = new RequestValidator(MAX_LINE);
    RequestTokenizer counting = new RequestTokenizer(new TermCounts(dictionary, terms));
    Map<MalformedKind, Integer> kinds = new EnumMap<>(MalformedKind.class);
    int wellFormed = 0;
    for (byte[] r : requests) {
      MalformedKind expected = alone.check(r, 0, r.length);
      assertThat(counting.tokenizeValid(r, 0, r.length, fused)).as(new String(r, StandardCharsets.ISO_8859_1))
          .isEqualTo(expected);
      if (expected == null) {
        wellFormed++;
      } else {
        kinds.merge(expected, 1, Integer::sum);
      }
    }
    assertThat(wellFormed).isBetween(3_000, 3_400);
    assertThat(kinds.keySet()).contains(MalformedKind.BINARY, MalformedKind.OVERSIZE_LINE, MalformedKind.TRUNCATED,
        MalformedKind.BAD_REQUEST_LINE, MalformedKind.BAD_ENCODING);
  }

  @Test
  void anEncodedLineBreakOrControlByteIsDataNotFraming() {
    String request = "GET /a?q=%0d%0a%00x HTTP/1.1\r\nHost: h\r\n\r\n";
    byte[] bytes = request.getBytes(StandardCharsets.US_ASCII);
    RequestTokenizer counting = new RequestTokenizer(new TermCounts(dictionary, terms));
    assertThat(counting.tokenizeValid(bytes, 0, bytes.length, new RequestValidator(MAX_LINE))).isNull();
    byte[] raw = request.replace("%00", "\u0000").getBytes(StandardCharsets.ISO_8859_1);
    assertThat(counting.tokenizeValid(raw, 0, raw.length, new RequestValidator(MAX_LINE)))
        .isEqualTo(MalformedKind.BINARY);
  }

  @Test
  void countsTheSameTermsInTheSameOrderAsHashingAndLookingUp() {
    TermCounts counts = new TermCounts(dictionary, terms);
    RequestTokenizer counting = new RequestTokenizer(counts);
    RequestValidator validator = new RequestValidator(MAX_LINE);
    int checked = 0;
    for (byte[] r : requests) {
      if (counting.tokenizeValid(r, 0, r.length, validator) != null) {
        continue;
      }
      assertCountsAreThoseOfHashing(counts, r);
      checked++;
    }
    assertThat(checked).isGreaterThan(3_000);
  }

  /** The counts of the last counting pass, over {@code r}, are its hashed terms looked up in the dictionary. */
  private void assertCountsAreThoseOfHashing(TermCounts counts, byte[] r) {
    RequestTokenizer hashing = new RequestTokenizer(false);
    Map<Integer, Integer> expected = new LinkedHashMap<>();
    int found = hashing.tokenize(r, 0, r.length);
    for (int k = 0; k < found; k++) {
      int term = dictionary.indexOf(hashing.hashes()[k]);
      if (term >= 0) {
        expected.merge(term, 1, Integer::sum);
      }
    }
    Map<Integer, Integer> actual = new LinkedHashMap<>();
    for (int k = 0; k < counts.touchedCount(); k++) {
      int term = counts.touched()[k];
      actual.put(term, counts.frequency(term));
    }
    assertThat(actual).containsExactlyEntriesOf(expected);
  }

  @Test
  void readsCutAndDamagedXmlAndMultipartBodiesAsTheValidatorDoes() {
    TermCounts counts = new TermCounts(dictionary, terms);
    RequestTokenizer counting = new RequestTokenizer(counts);
    RequestValidator alone = new RequestValidator(MAX_LINE);
    RequestValidator fused = new RequestValidator(MAX_LINE);
    RequestTokenizer hashing = new RequestTokenizer(false);
    SplittableRandom random = new SplittableRandom(23);
    byte[] markup = "<>&;#x\"'-![]CDATA\r\n".getBytes(StandardCharsets.US_ASCII);
    int bodies = 0;
    int wellFormed = 0;
    for (byte[] r : requests) {
      String text = new String(r, StandardCharsets.ISO_8859_1);
      if (!text.contains("Content-Type: multipart/") && !text.contains("xml\r\n") && !text.contains("xml; ")) {
        continue;
      }
      bodies++;
      int body = text.indexOf("\r\n\r\n") + 4;
      for (int variant = 0; variant < 20; variant++) {
        // even variants cut anywhere (mostly truncated requests); odd ones keep the length and change body bytes
        byte[] damaged = variant % 2 == 0 ? java.util.Arrays.copyOf(r, random.nextInt(1, r.length + 1)) : r.clone();
        for (int k = random.nextInt(1, 4); k > 0 && body < damaged.length; k--) {
          damaged[random.nextInt(body, damaged.length)] = markup[random.nextInt(markup.length)];
        }
        MalformedKind verdict = alone.check(damaged, 0, damaged.length);
        assertThat(counting.tokenizeValid(damaged, 0, damaged.length, fused)).isEqualTo(verdict);
        if (verdict == null) {
          assertCountsAreThoseOfHashing(counts, damaged);
          wellFormed++;
        } else {
          hashing.tokenize(damaged, 0, damaged.length);  // reads what it cannot judge without failing
        }
      }
    }
    assertThat(bodies).isGreaterThan(300);
    assertThat(wellFormed).isGreaterThan(1_000);
  }
}
