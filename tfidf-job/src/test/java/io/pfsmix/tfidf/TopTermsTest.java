package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The dictionary's K terms: the best by score, never two the classifier could not tell apart. */
class TopTermsTest {

  private static TrainJob.TopTermsReducer.Candidate candidate(String term, double score) {
    TrainJob.TopTermsReducer.Candidate c = new TrainJob.TopTermsReducer.Candidate(
        term.getBytes(StandardCharsets.US_ASCII));
    c.score = score;
    return c;
  }

  @Test
  void ofTwoTermsWithOneHashTheBetterIsKeptAndTheDictionaryLoads() {
    // the tokenizer's per-byte rotation brings the first byte of a 10-byte word onto the last one's bits
    assertThat(RequestTokenizer.hash("parameters".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo(RequestTokenizer.hash("rarameterr".getBytes(StandardCharsets.US_ASCII)));
    TrainJob.TopTermsReducer.TopTerms top = new TrainJob.TopTermsReducer.TopTerms(3);
    for (TrainJob.TopTermsReducer.Candidate c : List.of(candidate("parameters", 0.5), candidate("alpha", 0.6),
        candidate("rarameterr", 0.7), candidate("beta", 0.4), candidate("gamma", 0.3))) {
      top.offer(c);
    }
    List<TrainJob.TopTermsReducer.Candidate> kept = top.bestFirst();
    assertThat(kept).extracting(c -> new String(c.term, StandardCharsets.US_ASCII))
        .containsExactly("rarameterr", "alpha", "beta");
    // the worse twin offered after the better one is not taken either
    top.offer(candidate("parameters", 0.65));
    assertThat(top.bestFirst()).extracting(c -> c.score).containsExactly(0.7, 0.6, 0.4);
    // before, a model with both failed to load: "two dictionary terms share hash"
    new TermDictionary(kept.stream().mapToLong(c -> c.hash).toArray());
  }

  @Test
  void aTwinEvictedForWorseTermsLeavesRoomForTheOther() {
    TrainJob.TopTermsReducer.TopTerms top = new TrainJob.TopTermsReducer.TopTerms(2);
    top.offer(candidate("parameters", 0.1));
    top.offer(candidate("alpha", 0.6));
    top.offer(candidate("beta", 0.5));
    top.offer(candidate("rarameterr", 0.9));
    assertThat(top.bestFirst()).extracting(c -> new String(c.term, StandardCharsets.US_ASCII))
        .containsExactly("rarameterr", "alpha");
  }
}
