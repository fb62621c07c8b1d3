package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFilesTest {

  @TempDir
  Path tmp;

  @Test
  void aResultsDirectoryIsTakenByOneRunOnly() throws Exception {
    Path dir = tmp.resolve("results");
    ResultsFiles.claim(dir, running());
    assertThat(ResultsFiles.read(dir).reason()).isEqualTo("running");
    assertThatThrownBy(() -> ResultsFiles.claim(dir, running())).isInstanceOf(MixConfigException.class)
        .hasMessage("mix.results: " + dir + " was taken by another mix started at the same time; name another results"
            + " directory");
  }

  @Test
  void defaultResultsDirectoriesMadeInOneSecondAreDistinct() {
    Path first = ResultsFiles.createNew(tmp, "demo");
    Path second = ResultsFiles.createNew(tmp, "demo");
    assertThat(first).isDirectory();
    assertThat(second).isDirectory().isNotEqualTo(first);
    assertThat(first.getFileName().toString()).matches("demo-\\d{8}-\\d{6}");
    assertThat(second.getFileName().toString()).matches("demo-\\d{8}-\\d{6}(-2)?");
  }

  private static MixResults running() {
    return new MixResults(MixResults.VERSION, MixResults.INCOMPLETE, "running", 0, 0, Map.of(), Map.of(), List.of(),
        List.of(), null);
  }
}
