package io.pfsmix.mix;

import java.io.PrintStream;
import java.util.Locale;

/** Progress of a mix on stderr: one line per step, and a heartbeat while a phase runs. */
public final class Progress {

  private final PrintStream out;
  private final long startNs = System.nanoTime();

  public Progress(PrintStream out) {
    this.out = out;
  }

  /** A line prefixed with the time since the mix started. */
  public void say(String message) {
    double s = (System.nanoTime() - startNs) / 1e9;
    synchronized (out) {
      out.printf(Locale.ROOT, "[mix %6.1fs] %s%n", s, message);
      out.flush();
    }
  }
}
