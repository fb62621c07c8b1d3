package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** ./pfsmix's logging with a HADOOP_CONF_DIR of the user's own: theirs where it has one, the launcher's otherwise. */
@ExtendWith(RepositoryHome.class)
class LauncherLoggingTest {

  @TempDir
  Path dir;

  @Test
  void aConfigurationDirectoryWithoutLoggingSettingsGetsTheLaunchersNotAJarsInfoLines() throws Exception {
    Path conf = Files.createDirectories(dir.resolve("conf"));
    String output = trainOnGeneratedRequests(conf, "a");
    assertThat(output).contains("model file:" + dir.resolve("a/model"));
    // a jar's log4j.properties (Hadoop's test jars are on the class path) logged every job's submission at INFO
    assertThat(output.lines().filter(l -> l.contains(" INFO "))).isEmpty();

    Files.writeString(conf.resolve("log4j.properties"), "log4j.rootLogger=INFO, out\n"
        + "log4j.appender.out=org.apache.log4j.ConsoleAppender\n"
        + "log4j.appender.out.layout=org.apache.log4j.PatternLayout\n"
        + "log4j.appender.out.layout.ConversionPattern=%p %c: %m%n\n");
    output = trainOnGeneratedRequests(conf, "b");
    assertThat(output).contains("model file:" + dir.resolve("b/model"));
    assertThat(output).containsPattern("(?m)^INFO org\\.apache\\.hadoop\\.mapreduce\\.JobSubmitter: number of splits");
  }

  private String trainOnGeneratedRequests(Path conf, String name) throws Exception {
    Map<String, String> environment = Map.of("PFSMIX_NO_BUILD", "1", "HADOOP_CONF_DIR", conf.toString());
    Path launcher = Path.of(System.getProperty("pfsmix.home"), "pfsmix");
    Path requests = dir.resolve(name + "/requests");
    return ClusterCli.program(launcher, environment, "tfidf", "generate", "--out", "file://" + requests, "--records",
        "200", "--attack-share", "0.5")
        + ClusterCli.program(launcher, environment, "tfidf", "train", "--input", "file://" + requests, "--model",
            "file://" + dir.resolve(name + "/model"), "--top-k", "64");
  }
}
