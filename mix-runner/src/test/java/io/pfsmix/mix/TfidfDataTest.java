package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.tfidf.TfidfJobs;
import io.pfsmix.tfidf.generate.DatasetGenerator;

/** The request data a mix prepares: generated when absent, and never another size than asked without a word. */
class TfidfDataTest {

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream said = new ByteArrayOutputStream();

  /** Prepares the data of a mix in tmp/mix with a model that exists (outside the mix's directory: never read here). */
  private long prepare(String size, String data) throws Exception {
    Map<String, String> values = new HashMap<>();
    values.put(MixKeys.RESULTS, tmp.resolve("results").toString());
    values.put(MixKeys.DIR, tmp.resolve("mix").toString());
    values.put(MixKeys.TFIDF_SIZE, size);
    values.put(MixKeys.TFIDF_MODEL, Files.writeString(tmp.resolve("model"), "a model").toString());
    if (data != null) {
      values.put(MixKeys.TFIDF_DATA, data);
    }
    MixSettings settings = MixSettings.parse(values);
    said.reset();
    TfidfWorkload.prepare(conf(), settings, new Progress(new PrintStream(said, true, StandardCharsets.UTF_8)));
    return TfidfWorkload.inputBytes(FileSystem.get(conf()), new org.apache.hadoop.fs.Path(settings.tfidfData()));
  }

  private static Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    return conf;
  }

  private String said() {
    return said.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theMixsOwnDataOfAnotherSizeIsGeneratedAgainSayingSo() throws Exception {
    Path requests = tmp.resolve("mix/tfidf/requests");
    long first = prepare("64k", null);
    assertThat(said()).contains("generating 64.0 KiB of HTTP requests at " + requests);
    assertThat(DatasetGenerator.isGeneratedSize(first, 64 << 10)).isTrue();

    // asked for less: the earlier data would be measured instead, silently, before
    long second = prepare("32k", null);
    assertThat(said()).contains("request data at " + requests + " is " + io.pfsmix.fs.Sizes.human(first)
        + ", not the 32.0 KiB of mix.tfidf.size: generating it again");
    assertThat(DatasetGenerator.isGeneratedSize(second, 32 << 10)).isTrue();

    // the same size again: reused, and the line says which data and its size
    assertThat(prepare("32k", null)).isEqualTo(second);
    assertThat(said()).doesNotContain("generating").contains("request data: " + requests + " ("
        + io.pfsmix.fs.Sizes.human(second) + ")");
  }

  @Test
  void dataASettingNamesIsUsedAsItIsSayingItsSize() throws Exception {
    Path mine = tmp.resolve("my-requests");
    DatasetGenerator.Options options = new DatasetGenerator.Options();
    options.output = new org.apache.hadoop.fs.Path(mine.toUri());
    options.sizeBytes = 64 << 10;
    long bytes = TfidfJobs.generate(conf(), options, null).bytes;

    assertThat(prepare("1m", mine.toString())).isEqualTo(bytes);
    assertThat(said()).contains("request data at " + mine + " is " + io.pfsmix.fs.Sizes.human(bytes) + ", not the"
        + " 1.0 MiB of mix.tfidf.size, which sizes only data the mix generates: using it as it is")
        .doesNotContain("generating");
  }

  @Test
  void theGeneratorsSizeIsTheSizeAskedPlusAtMostOneRecordPerFile() {
    assertThat(DatasetGenerator.isGeneratedSize(64 << 20, 64 << 20)).isTrue();
    assertThat(DatasetGenerator.isGeneratedSize((64 << 20) + 5000, 64 << 20)).isTrue();
    assertThat(DatasetGenerator.isGeneratedSize((64 << 20) - 1, 64 << 20)).isFalse();
    assertThat(DatasetGenerator.isGeneratedSize(64 << 20, 1 << 20)).isFalse();
  }
}
