package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Stopping a run ends the shell and what it started, before or after it started, and an interrupt stops it too. */
class StoppableProcessTest {

  /** A shell whose children outlive a SIGTERM to the shell alone: one in the background, one it waits for. */
  private static ProcessBuilder shellWithChildren() {
    return new ProcessBuilder("sh", "-c", "sleep 60 & sleep 61; wait");
  }

  @Test
  void stoppingEndsTheShellAndEveryProcessUnderIt() throws Exception {
    StoppableProcess run = new StoppableProcess();
    Process shell = run.start(shellWithChildren());
    List<ProcessHandle> children = List.of();
    for (int i = 0; i < 100 && children.size() < 2; i++) {
      Thread.sleep(50);
      children = shell.descendants().toList();
    }
    assertThat(children).hasSize(2);
    long began = System.nanoTime();
    new Thread(run::stop).start();

    run.waitFor("the shell");

    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began)).isLessThan(30);
    assertThat(run.stopped()).isTrue();
    for (ProcessHandle child : children) {
      assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
    }
  }

  @Test
  void aStopBeforeTheStartEndsTheProgramAsItStartsAndAnInterruptStopsIt() throws Exception {
    StoppableProcess early = new StoppableProcess();
    early.stop();
    Process shell = early.start(shellWithChildren());
    early.waitFor("the shell");
    assertThat(shell.isAlive()).isFalse();
    assertThat(early.stopped()).isTrue();

    StoppableProcess interrupted = new StoppableProcess();
    Process other = interrupted.start(shellWithChildren());
    Thread.currentThread().interrupt();
    assertThatThrownBy(() -> interrupted.waitFor("the shell")).hasMessage("interrupted while the shell ran");
    assertThat(Thread.interrupted()).isTrue();
    assertThat(other.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
    assertThat(interrupted.stopped()).isTrue();
  }
}
