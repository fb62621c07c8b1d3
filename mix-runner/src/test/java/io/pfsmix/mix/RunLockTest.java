package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.net.NetUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.PfsTestFileSystems;

/** The lock a mix takes on its directory, on pfs over a local directory, with real processes as owners. */
class RunLockTest {

  private static final String WHAT = "/mix on pfs";
  private static final org.apache.hadoop.fs.Path LOCK = new org.apache.hadoop.fs.Path("/mix/" + RunLock.DIR_NAME);

  @TempDir
  Path root;

  private final ByteArrayOutputStream said = new ByteArrayOutputStream();
  private final Progress progress = new Progress(new PrintStream(said, true, StandardCharsets.UTF_8));
  private final String host = NetUtils.getLocalHostname();
  private Configuration conf;

  @BeforeEach
  void pfs() {
    conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "pfs:///");
  }

  @Test
  void aSecondRunIsRefusedNamingTheFirstUntilTheFirstReleasesIt() throws Exception {
    try (RunLock first = acquire("/r/first")) {
      assertThatThrownBy(() -> acquire("/r/second")).isInstanceOf(MixConfigException.class)
          .hasMessageStartingWith("mix.dir: /mix on pfs is in use by another mix (pid " + ProcessHandle.current().pid()
              + " on " + host + ", started ")
          .hasMessageEndingWith(", results /r/first): wait for it to end");
      // the refused run's entry is gone again
      assertThat(entries()).hasSize(1);
    }
    assertThat(entries()).isEmpty();
    try (RunLock next = acquire("/r/next")) {
      assertThat(entries()).hasSize(1);
    }
  }

  @Test
  void theLockOfARunThatIsGoneIsTakenWithAMessage() throws Exception {
    // a process of this host that has ended, and one with this JVM's pid that started at another time (pid reused)
    Process ended = new ProcessBuilder("sleep", "60").start();
    long endedStart = ended.info().startInstant().orElseThrow().toEpochMilli();
    ended.destroy();
    ended.waitFor();
    ProcessHandle self = ProcessHandle.current();
    long selfStart = self.info().startInstant().orElseThrow().toEpochMilli();
    String gone = ended.pid() + "@" + host + "@" + endedStart + "@1";
    String reused = self.pid() + "@" + host + "@" + (selfStart - 60_000) + "@2";
    Files.createDirectories(root.resolve("mix/" + RunLock.DIR_NAME));
    Files.writeString(root.resolve("mix/" + RunLock.DIR_NAME).resolve(gone), "results /r/killed\n");
    Files.writeString(root.resolve("mix/" + RunLock.DIR_NAME).resolve(reused), "results /r/older\n");

    try (RunLock lock = acquire("/r/now")) {
      assertThat(entries()).hasSize(1).doesNotContain(gone, reused);
    }
    assertThat(said.toString(StandardCharsets.UTF_8))
        .contains("/mix on pfs: removing the lock of a mix that is gone (pid " + ended.pid() + " on " + host)
        .contains("/mix on pfs: removing the lock of a mix that is gone (pid " + self.pid() + " on " + host);
  }

  @Test
  void aLockHeldOnAnotherHostIsLeftAndTheMessageNamesTheEntryToDelete() throws Exception {
    String other = "4242@elsewhere.example@1700000000000@3";
    Files.createDirectories(root.resolve("mix/" + RunLock.DIR_NAME));
    Files.writeString(root.resolve("mix/" + RunLock.DIR_NAME).resolve(other), "results /r/there\n");

    assertThatThrownBy(() -> acquire("/r/here")).isInstanceOf(MixConfigException.class)
        .hasMessageStartingWith("mix.dir: /mix on pfs is in use by another mix (pid 4242 on elsewhere.example,"
            + " started ")
        .hasMessageContaining(", results /r/there): wait for it to end; if that mix is no longer running, delete ")
        .hasMessageEndingWith("/mix/" + RunLock.DIR_NAME + "/" + other);
    assertThat(entries()).containsExactly(other);
  }

  @Test
  void aRunWhoseLockWasRemovedIsToldWhatItMeasuredIsNotTrusted() throws Exception {
    try (RunLock lock = acquire("/r/first")) {
      lock.checkHeld();
      try (Stream<Path> entries = Files.list(root.resolve("mix/" + RunLock.DIR_NAME))) {
        for (Path entry : (Iterable<Path>) entries::iterator) {
          Files.delete(entry);
        }
      }
      assertThatThrownBy(lock::checkHeld).isInstanceOf(MixConfigException.class)
          .hasMessageStartingWith("mix.dir: the lock on /mix on pfs (/mix/" + RunLock.DIR_NAME + "/")
          .hasMessageEndingWith(") was removed while this mix ran: another run may have used /mix on pfs, so what was"
              + " measured there is not trusted");
    }
  }

  private RunLock acquire(String results) throws Exception {
    return RunLock.acquire(conf, LOCK, MixKeys.DIR, WHAT, results, progress);
  }

  private List<String> entries() throws Exception {
    try (Stream<Path> entries = Files.list(root.resolve("mix/" + RunLock.DIR_NAME))) {
      return entries.map(p -> p.getFileName().toString()).toList();
    }
  }
}
