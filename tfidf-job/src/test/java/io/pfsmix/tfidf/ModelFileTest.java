package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.FileNotFoundException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFileTest {

  @TempDir
  java.nio.file.Path dir;

  static TfidfModel sample() {
    byte[][] terms = {"select".getBytes(StandardCharsets.US_ASCII), "<".getBytes(StandardCharsets.US_ASCII),
        "..".getBytes(StandardCharsets.US_ASCII)};
    return new TfidfModel(42, new String[] {"valid", "sqli"}, new long[] {30, 12}, new int[] {1, 2}, terms,
        new long[] {12, 5, 1}, new float[] {1.5f, 2.25f, 4f},
        new float[][] {{0, 0.6f, 0.8f}, {1, 0, 0}, {0.6f, 0, 0.8f}});
  }

  static TfidfModel read(byte[] bytes) throws Exception {
    return TfidfModel.read(new ByteArrayInputStream(bytes), "test.model");
  }

  @Test
  void roundTripKeepsEveryField() throws Exception {
    TfidfModel model = sample();
    byte[] bytes = model.toBytes();
    TfidfModel back = read(bytes);
    assertThat(back.toBytes()).isEqualTo(bytes);
    assertThat(back.trainingDocuments()).isEqualTo(42);
    assertThat(back.classCount()).isEqualTo(2);
    assertThat(back.className(1)).isEqualTo("sqli");
    assertThat(back.classDocuments(1)).isEqualTo(12);
    assertThat(back.centroidsPerClass(1)).isEqualTo(2);
    assertThat(back.termText(2)).isEqualTo("..");
    assertThat(back.documentFrequency(0)).isEqualTo(12);
    assertThat(back.idf(1)).isEqualTo(2.25f);
    assertThat(back.centroid(2)).containsExactly(0.6f, 0, 0.8f);
    // header: magic, format version, tokenizer version
    assertThat(Arrays.copyOf(bytes, 8)).isEqualTo("PFSTFIDF".getBytes(StandardCharsets.US_ASCII));
    assertThat(ByteBuffer.wrap(bytes, 8, 8).getInt()).isEqualTo(TfidfModel.FORMAT_VERSION);
    assertThat(ByteBuffer.wrap(bytes, 12, 4).getInt()).isEqualTo(RequestTokenizer.VERSION);
  }

  @Test
  void aLogisticModelKeepsItsWeightsAndBiases() throws Exception {
    TfidfModel sample = sample();
    byte[][] terms = new byte[sample.termCount()][];
    long[] df = new long[terms.length];
    float[] idf = new float[terms.length];
    for (int t = 0; t < terms.length; t++) {
      terms[t] = sample.term(t);
      df[t] = sample.documentFrequency(t);
      idf[t] = sample.idf(t);
    }
    TfidfModel logistic = new TfidfModel(42, new String[] {"valid", "sqli"}, new long[] {30, 12}, new int[] {1, 1}, terms,
        df, idf, new float[][] {{-1.5f, 0.25f, 0}, {2, -0.5f, 3}}, new float[] {0.75f, -0.75f});
    byte[] bytes = logistic.toBytes();
    TfidfModel back = read(bytes);
    assertThat(back.toBytes()).isEqualTo(bytes);
    assertThat(back.logistic()).isTrue();
    assertThat(back.bias(1)).isEqualTo(-0.75f);
    assertThat(back.centroid(1)).containsExactly(2, -0.5f, 3);
    // the bias count and biases sit between the weights and the checksum
    assertThat(ByteBuffer.wrap(bytes, bytes.length - 16, 4).getInt()).isEqualTo(2);
    assertThat(sample().logistic()).isFalse();
    assertThat(ByteBuffer.wrap(sample().toBytes(), sample().toBytes().length - 8, 4).getInt()).isEqualTo(0);
  }

  @Test
  void aVersionOneFileOfCentroidsIsStillRead() throws Exception {
    byte[] current = sample().toBytes();
    // version 1: the same bytes without the bias count, and its own checksum
    byte[] old = Arrays.copyOf(current, current.length - 4);
    ByteBuffer.wrap(old).putInt(8, 1);
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(old, 0, old.length - 4);
    ByteBuffer.wrap(old).putInt(old.length - 4, (int) crc.getValue());
    TfidfModel back = read(old);
    assertThat(back.logistic()).isFalse();
    assertThat(back.centroid(2)).containsExactly(0.6f, 0, 0.8f);
    assertThat(back.toBytes()).isEqualTo(current);
  }

  @Test
  void roundTripThroughAHadoopPath() throws Exception {
    Path path = new Path(dir.resolve("m.model").toUri());
    sample().write(path, new Configuration());
    assertThat(Files.readAllBytes(dir.resolve("m.model"))).isEqualTo(sample().toBytes());
    assertThat(TfidfModel.read(path, new Configuration()).toBytes()).isEqualTo(sample().toBytes());
  }

  @Test
  void otherFormatVersionIsRefusedWithBothVersions() {
    byte[] bytes = sample().toBytes();
    ByteBuffer.wrap(bytes).putInt(8, 99);
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(ModelFormatException.class)
        .hasMessage("model file test.model has format version 99 but this build reads versions 1 and 2; retrain it with "
            + "this build (`pfsmix tfidf train`)");
  }

  @Test
  void otherTokenizerVersionIsRefused() {
    byte[] bytes = sample().toBytes();
    ByteBuffer.wrap(bytes).putInt(12, 7);
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(ModelFormatException.class)
        .hasMessageContaining("trained with tokenizer version 7 but this build tokenizes with version "
            + RequestTokenizer.VERSION);
  }

  @Test
  void damagedTruncatedAndForeignFilesAreRefused() {
    byte[] bytes = sample().toBytes();
    byte[] flipped = bytes.clone();
    flipped[40] ^= 1;
    assertThatThrownBy(() -> read(flipped)).hasMessageContaining("damaged or truncated: checksum mismatch");
    assertThatThrownBy(() -> read(Arrays.copyOf(bytes, bytes.length - 9)))
        .hasMessageContaining("damaged or truncated");
    assertThatThrownBy(() -> read("hello world, not a model".getBytes(StandardCharsets.US_ASCII)))
        .hasMessage("model file test.model is not a pfsmix TF-IDF model (it does not start with \"PFSTFIDF\")");
  }

  @Test
  void missingModelFailsClassificationAtStartNamingTheFile() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    Path missing = new Path(dir.resolve("nope.model").toUri());
    assertThatThrownBy(() -> TfidfJobs.classify(conf, new Path(dir.toUri()), missing,
        new Path(dir.resolve("out").toUri()))).isInstanceOf(FileNotFoundException.class)
        .hasMessageContaining("model file " + missing + " does not exist");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void incompatibleModelFailsClassificationAtStart() throws Exception {
    byte[] bytes = sample().toBytes();
    ByteBuffer.wrap(bytes).putInt(8, 3);
    Files.write(dir.resolve("old.model"), bytes);
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    assertThatThrownBy(() -> TfidfJobs.classify(conf, new Path(dir.toUri()), new Path(dir.resolve("old.model").toUri()),
        new Path(dir.resolve("out").toUri()))).isInstanceOf(ModelFormatException.class)
        .hasMessageContaining("has format version 3 but this build reads versions 1 and 2");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void classifierScoresByCosineToTheNearestCentroid() {
    RequestClassifier classifier = sample().newClassifier(8192);
    byte[] sql = "GET /?q=1+select+select HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    assertThat(classifier.classify(sql, 0, sql.length)).isEqualTo(1);
    assertThat(classifier.similarity()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
    byte[] angle = "GET /?q=%3C HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    assertThat(classifier.classify(angle, 0, angle.length)).isEqualTo(0);
    byte[] binary = {'G', 'E', 'T', ' ', 0, 1};
    assertThat(classifier.classify(binary, 0, binary.length)).isEqualTo(RequestClassifier.MALFORMED);
    assertThat(classifier.malformedKind()).isEqualTo(MalformedKind.BINARY);
  }
}
