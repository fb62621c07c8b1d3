package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Paths as the application point (Hadoop), the storage point and the POSIX library record them name one file. */
class EventNormalizerTest {
  @Test
  void everySpellingOfAPfsPathIsTheStoragePointsPath() {
    // Hadoop prints pfs:///x as pfs:/x; the storage point and POSIX record plain paths
    assertThat(EventNormalizer.fsPath("pfs:/user/data/part-0")).isEqualTo("/user/data/part-0");
    assertThat(EventNormalizer.fsPath("pfs:///user/data/part-0")).isEqualTo("/user/data/part-0");
    assertThat(EventNormalizer.fsPath("pfs://nn:8020/user/data/part-0")).isEqualTo("/user/data/part-0");
    assertThat(EventNormalizer.fsPath("/user/data/part-0")).isEqualTo("/user/data/part-0");
    assertThat(EventNormalizer.fsPath("ofs:/a")).isEqualTo("/a");
    assertThat(EventNormalizer.fsPath("file:/tmp/x")).isEqualTo("/tmp/x");
  }

  @Test
  void rootsAndNamesThatAreNotUrisStayRight() {
    assertThat(EventNormalizer.fsPath("pfs:/")).isEqualTo("/");
    assertThat(EventNormalizer.fsPath("pfs:")).isEqualTo("/");
    assertThat(EventNormalizer.fsPath("pfs://nn")).isEqualTo("/");
    // a colon inside a name, or after something that cannot be a scheme, is part of the path
    assertThat(EventNormalizer.fsPath("/data/a:b")).isEqualTo("/data/a:b");
    assertThat(EventNormalizer.fsPath("out/x:y")).isEqualTo("out/x:y");
    assertThat(EventNormalizer.fsPath("2x:/a")).isEqualTo("2x:/a");
    assertThat(EventNormalizer.fsPath("a:b")).isEqualTo("a:b");
  }
}
