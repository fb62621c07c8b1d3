package io.pfsmix.tfidf.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.tfidf.HttpClass;
import io.pfsmix.tfidf.MalformedKind;
import io.pfsmix.tfidf.RequestValidator;
import io.pfsmix.tfidf.TfidfConfigKeys;

class RequestGeneratorTest {

  @TempDir
  java.nio.file.Path dir;

  private final RequestValidator validator = new RequestValidator(TfidfConfigKeys.MAX_LINE_BYTES_DEFAULT);

  @Test
  void normalAndAttackRequestsAreWellFormedHttp() {
    RequestGenerator generator = new RequestGenerator(5, 0.5, 0);
    SplittableRandom random = new SplittableRandom(11);
    Map<HttpClass, Integer> seen = new EnumMap<>(HttpClass.class);
    for (int i = 0; i < 20_000; i++) {
      RequestGenerator.Generated g = generator.next(random);
      MalformedKind kind = validator.check(g.request, 0, g.request.length);
      assertThat(kind).as(g.label + " request:\n" + new String(g.request, StandardCharsets.UTF_8)).isNull();
      seen.merge(HttpClass.fromLabel(g.label), 1, Integer::sum);
    }
    assertThat(seen).containsOnlyKeys(HttpClass.values());
    assertThat(seen.get(HttpClass.VALID)).isBetween(9_500, 10_500);
  }

  @Test
  void everyMalformedKindIsRecognisedAsThatKind() {
    RequestGenerator generator = new RequestGenerator(5, 0.1, 0);
    SplittableRandom random = new SplittableRandom(3);
    for (MalformedKind kind : RequestGenerator.GENERATED_MALFORMED) {
      for (int i = 0; i < 300; i++) {
        byte[] request = generator.malformed(random, kind);
        assertThat(validator.check(request, 0, request.length)).as(kind + ": " + new String(request,
            StandardCharsets.ISO_8859_1)).isEqualTo(kind);
      }
    }
  }

  @Test
  void attacksSitWhereRealAttacksGo() {
    RequestGenerator generator = new RequestGenerator(5, 1, 0);
    SplittableRandom random = new SplittableRandom(9);
    Map<String, Integer> contexts = new java.util.TreeMap<>();
    for (int i = 0; i < 4000; i++) {
      RequestGenerator.Generated g = generator.attack(HttpClass.SSI, random);
      String request = new String(g.request, StandardCharsets.UTF_8);
      String decoded = percentDecode(percentDecode(request));
      contexts.merge(g.context, 1, Integer::sum);
      String line = decoded.substring(0, decoded.indexOf("\r\n"));
      String cookie = decoded.lines().filter(l -> l.startsWith("Cookie: ")).findFirst().orElse("");
      String body = decoded.substring(decoded.indexOf("\r\n\r\n") + 4);
      String where = g.context.equals("query") || g.context.equals("path") ? line : g.context.equals("cookie") ? cookie
          : g.context.startsWith("body-") ? body : decoded;
      // XML bodies carry the payload escaped, JSON bodies sometimes with \\u003c for '<'
      String unescaped = where.replace("&lt;", "<").replace("&#60;", "<").replace("\\u003c", "<").replace("\\\"", "\"");
      assertThat(unescaped.contains("<!--#") || unescaped.contains("<!-- #") || unescaped.contains("<esi:"))
          .as(g.context + ":\n" + request).isTrue();
    }
    assertThat(contexts.keySet()).containsExactlyInAnyOrder("query", "path", "cookie", "header", "body-form", "body-json",
        "body-xml", "body-multipart");
    assertThat(contexts.get("query")).isGreaterThan(1200);
    assertThat(contexts).allSatisfy((context, n) -> assertThat(n).as(context).isGreaterThan(150));
  }

  @Test
  void everyFamilyOfEveryClassIsGeneratedAndLabelled() {
    RequestGenerator generator = new RequestGenerator(3, 0.7, 0);
    SplittableRandom random = new SplittableRandom(4);
    Map<String, Set<String>> families = new java.util.TreeMap<>();
    Map<String, Integer> benignContexts = new java.util.TreeMap<>();
    for (int i = 0; i < 40_000; i++) {
      RequestGenerator.Generated g = generator.next(random);
      families.computeIfAbsent(g.label, l -> new java.util.TreeSet<>()).add(g.family);
      if (g.label.equals("valid")) {
        benignContexts.merge(g.context, 1, Integer::sum);
      }
      assertThat(g.recordLabel()).isEqualTo(g.label + "/" + g.family + "@" + g.context).hasSizeLessThanOrEqualTo(64);
    }
    for (HttpClass c : HttpClass.values()) {
      if (c != HttpClass.VALID) {
        assertThat(families.get(c.label())).as(c.label()).containsExactlyInAnyOrder(AttackPayloads.families(c));
      }
    }
    assertThat(families.get("valid")).containsExactlyInAnyOrder("static", "product", "search", "article", "forum", "form",
        "ajax", "misc", "api", "prose", "upload", "xml");
    assertThat(benignContexts.keySet()).containsExactlyInAnyOrder("path", "query", "body-form", "body-json", "body-xml",
        "body-multipart");
    assertThat(benignContexts).allSatisfy((context, n) -> assertThat(n).as(context).isGreaterThan(300));
  }

  /**
   * No single term marks an attack class: no term is in 90 % of a class's requests and rare (under 2 %) in normal
   * traffic, so a model must combine terms.
   */
  @Test
  void noTermIdentifiesAClassAlone() {
    RequestGenerator generator = new RequestGenerator(8, 0.5, 0);
    SplittableRandom random = new SplittableRandom(21);
    io.pfsmix.tfidf.RequestTokenizer tokenizer = new io.pfsmix.tfidf.RequestTokenizer(true);
    Map<String, Map<String, Integer>> documentFrequency = new java.util.TreeMap<>();
    Map<String, Integer> documents = new java.util.TreeMap<>();
    for (int i = 0; i < 30_000; i++) {
      RequestGenerator.Generated g = generator.next(random);
      documents.merge(g.label, 1, Integer::sum);
      Set<String> terms = new HashSet<>();
      int n = tokenizer.tokenize(g.request, 0, g.request.length);
      for (int k = 0; k < n; k++) {
        terms.add(new String(tokenizer.term(k), StandardCharsets.ISO_8859_1));
      }
      Map<String, Integer> df = documentFrequency.computeIfAbsent(g.label, l -> new java.util.HashMap<>());
      terms.forEach(t -> df.merge(t, 1, Integer::sum));
    }
    Map<String, Integer> valid = documentFrequency.get("valid");
    for (String label : documents.keySet()) {
      if (label.equals("valid")) {
        continue;
      }
      documentFrequency.get(label).forEach((term, n) -> {
        double inClass = n / (double) documents.get(label);
        double inValid = valid.getOrDefault(term, 0) / (double) documents.get("valid");
        assertThat(inClass > 0.9 && inValid < 0.02).as(label + ": term '" + term + "' in " + inClass + " of its "
            + "requests and " + inValid + " of normal ones").isFalse();
      });
    }
  }

  /** Decodes valid %XX escapes and leaves everything else, as a lenient server would. */
  static String percentDecode(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length() && Character.digit(s.charAt(i + 1), 16) >= 0
          && Character.digit(s.charAt(i + 2), 16) >= 0) {
        out.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.append(c == '+' ? ' ' : c);
      }
    }
    return out.toString();
  }

  @Test
  void sameSeedSameBytesOtherSeedOtherVariants() throws Exception {
    Configuration conf = new Configuration();
    byte[] a = generate(conf, "a", 1);
    byte[] b = generate(conf, "b", 1);
    byte[] c = generate(conf, "c", 2);
    assertThat(a).isEqualTo(b);
    assertThat(c).isNotEqualTo(a);
    String[] all = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
    Set<String> first = Set.of(new VariantSpace(1, VariantSpace.DEFAULT_KEEP).pick("x", all));
    Set<String> second = new HashSet<>(Set.of(new VariantSpace(2, VariantSpace.DEFAULT_KEEP).pick("x", all)));
    assertThat(first).hasSize(6);
    assertThat(second).hasSize(6);
    second.removeAll(first);
    assertThat(second).as("variants seed 2 uses that seed 1 never does").isNotEmpty();
  }

  private byte[] generate(Configuration conf, String name, long seed) throws Exception {
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.resolve(name).toUri());
    o.records = 500;
    o.seed = seed;
    o.attackShare = 0.3;
    o.files = 2;
    DatasetGenerator.Result r = DatasetGenerator.generate(conf, o, null);
    assertThat(r.records).isEqualTo(500);
    assertThat(r.files).hasSize(2);
    return Files.readAllBytes(dir.resolve(name).resolve("requests-00001.req"));
  }

  @Test
  void sizeTargetIsMetWithinOneRecordPerFile() throws Exception {
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.resolve("sized").toUri());
    o.sizeBytes = 300L << 10;
    o.files = 3;
    DatasetGenerator.Result r = DatasetGenerator.generate(new Configuration(), o, null);
    assertThat(r.bytes).isBetween(300L * 1024, 300L * 1024 + 3 * 20_000);
    long onDisk = 0;
    for (Path p : r.files) {
      onDisk += Files.size(java.nio.file.Path.of(p.toUri()));
    }
    assertThat(onDisk).isEqualTo(r.bytes);
    long attacks = r.records - r.labels.get("valid");
    assertThat(attacks / (double) r.records).isBetween(0.05, 0.15);
  }

  @Test
  void outputAppearsOnlyWhenCompleteAndNothingElseIsLeft() throws Exception {
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.resolve("data").toUri());
    o.records = 300;
    o.files = 3;
    DatasetGenerator.Result r = DatasetGenerator.generate(new Configuration(), o, null);
    assertThat(r.files).extracting(Path::getName)
        .containsExactly("requests-00000.req", "requests-00001.req", "requests-00002.req");
    assertThat(r.files).allSatisfy(f -> assertThat(java.nio.file.Path.of(f.toUri())).startsWith(dir.resolve("data"))
        .isRegularFile());
    try (java.util.stream.Stream<java.nio.file.Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("data");
    }
  }

  @Test
  void anInterruptedRunLeavesNoOutputAndKeepsTheOutputItWouldReplace() throws Exception {
    java.nio.file.Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("requests-00000.req"), "earlier data");
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(data.toUri());
    o.sizeBytes = 1L << 30;
    o.overwrite = true;
    o.threads = 1;
    java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
    Thread run = new Thread(() -> {
      try {
        DatasetGenerator.generate(new Configuration(), o, null);
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    run.start();
    // interrupted once the first file has data in the staging directory
    while (stagedBytes() == 0 && run.isAlive()) {
      Thread.sleep(10);
    }
    run.interrupt();
    run.join();

    assertThat(failure.get()).isInstanceOf(java.io.InterruptedIOException.class)
        .hasMessage("interrupted: file:" + data + " was not written");
    assertThat(Files.readString(data.resolve("requests-00000.req"))).isEqualTo("earlier data");
    try (java.util.stream.Stream<java.nio.file.Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("data");
    }
  }

  /** Bytes in the request files being written (in the hidden staging directory beside the output). */
  private long stagedBytes() throws java.io.IOException {
    long bytes = 0;
    try (java.util.stream.Stream<java.nio.file.Path> files = Files.walk(dir)) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        if (f.toString().endsWith(".req") && !f.equals(dir.resolve("data/requests-00000.req"))) {
          bytes += Files.size(f);
        }
      }
    } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
      // a file renamed or deleted while walking
    }
    return bytes;
  }

  @Test
  void refusesToOverwrite() throws Exception {
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.toUri());
    o.records = 10;
    assertThatThrownBy(() -> DatasetGenerator.generate(new Configuration(), o, null))
        .hasMessageContaining("already exists; pass --overwrite");
  }
}
