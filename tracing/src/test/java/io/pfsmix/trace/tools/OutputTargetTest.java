package io.pfsmix.trace.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.apache.hadoop.util.ShutdownHookManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Ctrl-C or SIGTERM leaves of an output: the JVM runs its shutdown hooks but closes nothing, so the hook an
 * unpublished output holds must delete the staging path, and must never touch a published output.
 */
class OutputTargetTest {

  @TempDir
  Path dir;

  private List<String> entries() throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void anInterruptDeletesTheStagingFileOrDirectoryOfAnUnpublishedOutput() throws Exception {
    for (boolean directory : new boolean[] {false, true}) {
      Path output = dir.resolve(directory ? "bundle" : "out.csv");
      try (OutputTarget out = OutputTarget.create(output, "--output", false, List.of(), directory)) {
        assertThat(ShutdownHookManager.get().hasShutdownHook(out.onShutdown())).isTrue();
        if (directory) {
          Files.createDirectories(out.staging().resolve("actions"));
          Files.writeString(out.staging().resolve("actions/rank-0.txt"), "rank-0 open /f\n");
        } else {
          Files.writeString(out.staging(), "seq,start\n");
        }
        assertThat(entries()).containsExactly("." + output.getFileName() + ".partial-" + ProcessHandle.current().pid());

        out.onShutdown().run();

        assertThat(entries()).isEmpty();
        // the tool's thread, still running, does not publish what the interrupt deleted
        assertThatThrownBy(out::publish).isInstanceOf(InterruptedIOException.class)
            .hasMessage("interrupted: " + output + " was not written");
      }
      assertThat(entries()).isEmpty();
    }
  }

  @Test
  void aPublishedOrClosedOutputHoldsNoHookAndTheHookNeverDeletesAPublishedOutput() throws Exception {
    Path output = dir.resolve("merged.ptrace");
    Runnable hook;
    try (OutputTarget out = OutputTarget.create(output, "--output", false, List.of(), false)) {
      Files.writeString(out.staging(), "complete");
      out.publish();
      hook = out.onShutdown();
      assertThat(ShutdownHookManager.get().hasShutdownHook(hook)).isFalse();
    }
    hook.run();
    assertThat(output).hasContent("complete");
    assertThat(entries()).containsExactly("merged.ptrace");

    try (OutputTarget failed = OutputTarget.create(dir.resolve("failed.ptrace"), "--output", false, List.of(), false)) {
      hook = failed.onShutdown();
    }
    assertThat(ShutdownHookManager.get().hasShutdownHook(hook)).isFalse();
    assertThat(entries()).containsExactly("merged.ptrace");
  }
}
