package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mix.analytics = jar:... or spark:...: what is refused before anything runs, and what each phase's job is given. */
class AnalyticsJobTest {

  @TempDir
  Path tmp;

  private Path jar;
  private Path plainJar;
  private Path sparkHome;

  @BeforeEach
  void files() throws Exception {
    jar = jar("wordcount.jar", "org.example.WordCount");
    plainJar = jar("jobs-1.0.jar", null);
    sparkHome = Files.createDirectories(tmp.resolve("spark"));
    Path submit = Files.writeString(Files.createDirectories(sparkHome.resolve("bin")).resolve("spark-submit"),
        "#!/bin/sh\nexit 0\n");
    assertThat(submit.toFile().setExecutable(true)).isTrue();
  }

  /** A jar holding an empty org/example/WordCount.class (only its presence is checked), {@code main} its Main-Class. */
  private Path jar(String name, String main) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (main != null) {
      manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, main);
    }
    Path file = tmp.resolve(name);
    try (OutputStream out = Files.newOutputStream(file); JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
      jarOut.putNextEntry(new JarEntry("org/example/WordCount.class"));
      jarOut.closeEntry();
    }
    return file;
  }

  private Map<String, String> analytics(String value) {
    Map<String, String> values = new HashMap<>();
    values.put(MixKeys.RESULTS, tmp.resolve("results").toString());
    values.put(MixKeys.ANALYTICS, value);
    return values;
  }

  @Test
  void aJarJobTakesTfidfsPlaceWithItsArgumentsFilledInPerPhase() {
    Map<String, String> v = analytics("jar:" + jar + "  {dir}/input {out} --size={scale}m");
    v.put(MixKeys.ANALYTICS_SCALE, "3");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.analytics().kind()).isEqualTo(AnalyticsJob.Kind.JAR);
    assertThat(s.analytics().program()).isEqualTo(jar);
    assertThat(s.analyticsLabel()).isEqualTo("wordcount");
    assertThat(AnalyticsJob.labelOf(s.asWritten())).isEqualTo("wordcount");
    assertThat(s.analytics().args("pfs:/mix/analytics", "pfs:/mix/analytics/out/003-pfs-r1-mixed-traced",
        s.analytics().scale()))
        .containsExactly("pfs:/mix/analytics/input", "pfs:/mix/analytics/out/003-pfs-r1-mixed-traced", "--size=3m");
    assertThat(MixRunner.analyticsOutputDir(s)).isEqualTo("/pfsmix-mix/analytics/out");
    v.put(MixKeys.ANALYTICS_NAME, "word count v2");
    assertThat(MixSettings.parse(v).analyticsLabel()).isEqualTo("word count v2");
    // without a Main-Class the class follows the jar
    assertThat(MixSettings.parse(analytics("jar:" + plainJar + " org.example.WordCount {dir}/in {out}"))
        .analyticsLabel()).isEqualTo("jobs-1.0");
    // TFIDF stays the default, labelled as before
    assertThat(AnalyticsJob.labelOf(Map.of())).isEqualTo("TFIDF");
    assertThat(MixSettings.parse(analytics("tfidf")).analytics()).isNull();
  }

  @Test
  void aSparkApplicationIsNamedAfterItsApplicationPastSparkSubmitsOptions() {
    MixSettings s = MixSettings.parse(analytics("spark:" + sparkHome + " --master local[2] --verbose --conf"
        + " spark.ui.enabled=false jobs/count_words.py {dir}/input {out}"));
    assertThat(s.analytics().kind()).isEqualTo(AnalyticsJob.Kind.SPARK);
    assertThat(s.analytics().program()).isEqualTo(sparkHome.resolve("bin/spark-submit"));
    assertThat(s.analyticsLabel()).isEqualTo("count_words");
  }

  /** Which jobs run as YARN applications, which outlive a stopped client and are killed by their tag. */
  @Test
  void aJobRunsOnYarnWhenItsConfigurationOrItsSparkMasterSaysSo() {
    Configuration conf = new Configuration(false);
    AnalyticsJob jar = MixSettings.parse(analytics("jar:" + this.jar + " {dir}/in {out}")).analytics();
    assertThat(jar.runsOnYarn(conf)).as("mapreduce.framework.name unset: the local runner").isFalse();
    conf.set("mapreduce.framework.name", "yarn");
    assertThat(jar.runsOnYarn(conf)).isTrue();
    Map<String, Boolean> spark = Map.of(
        "--master yarn app.py", true,
        "--master=yarn --deploy-mode cluster app.py", true,
        "--deploy-mode cluster --conf spark.ui.enabled=false --master yarn app.py", true,
        "--verbose --master yarn-client app.py", true,
        "--master local[2] app.py", false,
        "app.py --master yarn", false,
        "--name yarn app.py", false);
    spark.forEach((args, yarn) -> assertThat(MixSettings.parse(analytics("spark:" + sparkHome + " " + args))
        .analytics().runsOnYarn(conf)).as(args).isEqualTo(yarn));
  }

  @Test
  void sparkIsGivenTheConfigurationsOwnKeysNotHadoopsDefaults() {
    Configuration conf = new Configuration();
    conf.set("fs.pfs.posix.root", "/mnt/pfs");
    Map<String, String> keys = AnalyticsJobWorkload.ownKeys(conf);
    assertThat(keys).containsEntry("fs.pfs.posix.root", "/mnt/pfs").doesNotContainKey("io.file.buffer.size");
  }

  @Test
  void badDefinitionsAreRefusedNamingTheKey() throws Exception {
    Path notAJar = Files.writeString(tmp.resolve("notes.jar"), "not a zip");
    Path noSpark = Files.createDirectories(tmp.resolve("not-spark"));
    List<List<String>> cases = List.of(
        List.of(MixKeys.ANALYTICS, "jar:  ", "mix.analytics: names no jar"),
        List.of(MixKeys.ANALYTICS, "spark:", "mix.analytics: names no Spark installation"),
        List.of(MixKeys.ANALYTICS, "hive:q.sql", "mix.analytics: 'hive:q.sql' is neither tfidf, jar:JAR [CLASS] ARGS"
            + " nor spark:SPARK_HOME ARGS"),
        List.of(MixKeys.ANALYTICS, "jar:" + tmp.resolve("missing.jar") + " {out}",
            "mix.analytics: " + tmp.resolve("missing.jar") + " does not exist"),
        List.of(MixKeys.ANALYTICS, "jar:" + tmp + " {out}", "mix.analytics: " + tmp + " is not a regular file"),
        List.of(MixKeys.ANALYTICS, "jar:" + notAJar + " {out}", "mix.analytics: " + notAJar + " is not a readable jar"),
        List.of(MixKeys.ANALYTICS, "jar:" + plainJar, "mix.analytics: " + plainJar + " names no Main-Class in its"
            + " manifest, so the class to run must follow it (jar:JAR CLASS ARGS)"),
        List.of(MixKeys.ANALYTICS, "jar:" + plainJar + " org.example.Missing {out}", "mix.analytics: " + plainJar
            + " has no Main-Class, and no class org.example.Missing to run in its place"),
        List.of(MixKeys.ANALYTICS, "jar:" + jar + " {dir}/in {outdir}", "mix.analytics: unknown placeholder {outdir}"
            + " (known: {dir}, {out}, {scale}; a literal one is written '{'outdir'}')"),
        List.of(MixKeys.ANALYTICS, "spark:" + noSpark + " app.py", "mix.analytics: " + noSpark + " is no Spark"
            + " installation: " + noSpark.resolve("bin/spark-submit") + " does not exist"),
        List.of(MixKeys.ANALYTICS, "spark:" + sparkHome + " --master local[2]", "mix.analytics: names no application"
            + " after spark-submit's options"),
        List.of(MixKeys.ANALYTICS, "spark:" + sparkHome + " --conf spark.driver.extraClassPath=/x app.py",
            "mix.analytics: spark.driver.extraClassPath=/x is set by the mix itself"),
        List.of(MixKeys.ANALYTICS_NAME, " ", "mix.analytics.name: is empty"),
        List.of(MixKeys.ANALYTICS_SCALE, "0", "mix.analytics.scale = '0' is out of range"),
        List.of(MixKeys.ANALYTICS_SCALE, "4", "mix.analytics.scale: sets {scale}, which the job's arguments do not"
            + " take"),
        List.of(MixKeys.TFIDF_SIZE, "8m", "mix.tfidf.size: applies to TFIDF, and mix.analytics runs a job in its"
            + " place"));
    for (List<String> c : cases) {
      Map<String, String> v = analytics("jar:" + jar + " {dir}/in {out}");
      v.put(c.get(0), c.get(1));
      assertRefused(v, c.get(2));
    }
    for (String key : List.of(MixKeys.ANALYTICS_NAME, MixKeys.ANALYTICS_SCALE)) {
      assertRefused(new HashMap<>(Map.of(MixKeys.RESULTS, tmp.resolve("results").toString(), key, "4")),
          key + ": applies to a job (mix.analytics = jar:... or spark:...), and mix.analytics is tfidf");
    }
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  private static void assertRefused(Map<String, String> values, String message) {
    assertThatThrownBy(() -> MixSettings.parse(values)).as(values.toString()).isInstanceOf(MixConfigException.class)
        .hasMessageStartingWith(message);
  }
}
