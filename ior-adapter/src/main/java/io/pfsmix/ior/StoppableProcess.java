package io.pfsmix.ior;

import java.io.IOException;

/**
 * A program started for a run that another thread may stop: stopping ends the process and every process under it
 * (a shell's children, mpirun's ranks), whether it has started yet or not.
 */
public final class StoppableProcess {

  private volatile Process running;
  private volatile boolean stopped;

  /** Starts {@code builder}'s program, or starts and at once ends it when {@link #stop} came first. */
  public Process start(ProcessBuilder builder) throws IOException {
    Process process = builder.start();
    running = process;
    if (stopped) {
      stop();
    }
    return process;
  }

  /**
   * Waits for the started program to exit and returns its status; an interrupt stops it.
   *
   * @param what the program, for the message when interrupted
   */
  public int waitFor(String what) throws IOException {
    try {
      return running.waitFor();
    } catch (InterruptedException e) {
      stop();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + what + " ran", e);
    } finally {
      running = null;
    }
  }

  /** Whether {@link #stop} was called: the exit status is then the stop's, not the program's. */
  public boolean stopped() {
    return stopped;
  }

  /** Ends the program and its descendants (a shell or mpirun may not pass SIGTERM on); harmless when not running. */
  public void stop() {
    stopped = true;
    Process process = running;
    if (process != null) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    }
  }
}
