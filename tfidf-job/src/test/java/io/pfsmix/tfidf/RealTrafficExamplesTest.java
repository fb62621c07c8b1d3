package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.pfsmix.tfidf.generate.DatasetGenerator;

/**
 * Requests written by hand as real clients and attackers write them — the examples of issue #17 that the first model
 * called valid, or called attacks when they were benign — classified by a model trained with the default settings on
 * generated traffic only.
 */
class RealTrafficExamplesTest {

  @TempDir
  static java.nio.file.Path dir;

  static RequestClassifier classifier;
  static TfidfModel model;

  private static final String BROWSER = "Host: shop.example.com\r\nUser-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) "
      + "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36\r\nAccept: text/html,application/xhtml+xml,"
      + "application/xml;q=0.9,*/*;q=0.8\r\nAccept-Language: en-US,en;q=0.9\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n"
      + "Cookie: session=3f9a1c0e5b7d4a2e8c6b0f1d2e3a4b5c\r\n";

  @BeforeAll
  static void train() throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.resolve("train").toUri());
    o.records = 20_000;
    o.seed = 1;
    o.attackShare = 0.5;
    o.files = 2;
    DatasetGenerator.generate(conf, o, null);
    model = TfidfJobs.train(conf, o.output, new Path(dir.resolve("model").toUri()), TfidfConfigKeys.TOP_K_DEFAULT);
    classifier = model.newClassifier(TfidfConfigKeys.MAX_LINE_BYTES_DEFAULT);
  }

  static String get(String target) {
    return "GET " + target + " HTTP/1.1\r\n" + BROWSER + "\r\n";
  }

  static String post(String path, String contentType, String body) {
    return "POST " + path + " HTTP/1.1\r\n" + BROWSER + "Content-Type: " + contentType + "\r\nContent-Length: "
        + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
  }

  static String label(String request) {
    byte[] bytes = request.getBytes(StandardCharsets.UTF_8);
    int c = classifier.classify(bytes, 0, bytes.length);
    return c == RequestClassifier.MALFORMED ? HttpClass.MALFORMED_LABEL : model.className(c);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "/products?var=sleep(20)|sqli",
      "/item?id=1+UnIon+seleCt%0Ausername,password+from+users--|sqli",
      "/login?user=admin%27--%20-&pass=x|sqli",
      "/tools/run?cmd=cat%20/etc/pa%5Bs%5Dswd|os-command",
      "/ping?host=127.0.0.1%3Bwhoami|os-command",
      "/@fs/etc/passwd|path-traversal",
      "/download?file=..%2F..%2F..%2Fetc%2Fpasswd|path-traversal",
      "/search?q=%2BADw-script%2BAD4-alert(1)%2BADw-/script%2BAD4-|xss",
      "/search?q=%3Csvg%2Fonload%3Dalert(document.domain)%3E|xss",
      "/page?name=%3C!--%23exec%20cmd%3D%22id%22%20--%3E|ssi",
      "/search?q=union+station+opening+hours|valid",
      "/category/kitchen?page=3&sort=price_asc|valid"})
  void aTargetIsLabelledAsItsKind(String target, String expected) {
    assertThat(label(get(target))).as(target).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "He was working three full-time jobs at Meta, IBM, and Tinder.",
      "Is it bob's or alice's order? We can't select the right one -- it's so-so, isn't it?",
      "Honestly: I dropped the table (7/10) and O'Brien said \"great\"; 50% off <3"})
  void proseIsNormalInEveryBody(String text) {
    String form = "message=" + java.net.URLEncoder.encode(text, StandardCharsets.UTF_8) + "&csrf_token=0a1b2c3d";
    assertThat(label(post("/contact", "application/x-www-form-urlencoded", form))).as("form").isEqualTo("valid");
    String json = "{\"body\":\"" + text.replace("\"", "\\\"") + "\",\"rating\":4}";
    assertThat(label(post("/api/v1/comments", "application/json", json))).as("json").isEqualTo("valid");
    String xml = "<?xml version=\"1.0\"?><entry><content type=\"text\">" + text.replace("&", "&amp;").replace("<", "&lt;")
        .replace("\"", "&quot;").replace("'", "&apos;") + "</content></entry>";
    assertThat(label(post("/api/feed/entries", "application/xml", xml))).as("xml").isEqualTo("valid");
    String multipart = "------WebKitFormBoundaryq1w2e3r4t5y6u7i8\r\nContent-Disposition: form-data; name=\"body\"\r\n\r\n"
        + text + "\r\n------WebKitFormBoundaryq1w2e3r4t5y6u7i8\r\nContent-Disposition: form-data; name=\"file\"; "
        + "filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nshopping list, milk, eggs\r\n"
        + "------WebKitFormBoundaryq1w2e3r4t5y6u7i8--\r\n";
    assertThat(label(post("/forum/post", "multipart/form-data; boundary=----WebKitFormBoundaryq1w2e3r4t5y6u7i8",
        multipart))).as("multipart").isEqualTo("valid");
  }
}
