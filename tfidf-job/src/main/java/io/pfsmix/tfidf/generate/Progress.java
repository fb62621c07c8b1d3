package io.pfsmix.tfidf.generate;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/** A one-line progress bar on stderr: bytes done of the total, rate, estimated time left; redrawn at most twice a second. */
public final class Progress {

  private final PrintStream out;
  private final String what;
  private final long total;
  private final AtomicLong done = new AtomicLong();
  private final long startNanos = System.nanoTime();
  private volatile long lastDrawNanos;

  public Progress(PrintStream out, String what, long total) {
    this.out = out;
    this.what = what;
    this.total = total;
  }

  public void add(long bytes) {
    long now = done.addAndGet(bytes);
    long t = System.nanoTime();
    if (out != null && t - lastDrawNanos > 500_000_000L) {
      lastDrawNanos = t;
      draw(now, t, false);
    }
  }

  public long done() {
    return done.get();
  }

  public void finish() {
    if (out != null) {
      draw(done.get(), System.nanoTime(), true);
    }
  }

  private synchronized void draw(long bytes, long nanos, boolean last) {
    double seconds = Math.max(1e-9, (nanos - startNanos) / 1e9);
    double fraction = total > 0 ? Math.min(1, bytes / (double) total) : 1;
    int width = 30;
    int filled = (int) Math.round(fraction * width);
    double rate = bytes / seconds / 1e6;
    String eta = fraction > 0 && fraction < 1 ? String.format(Locale.ROOT, " eta %.0fs", seconds / fraction - seconds) : "";
    out.print(String.format(Locale.ROOT, "\r%s [%s%s] %5.1f%% %,d MB %.1f MB/s%s   ", what, "#".repeat(filled),
        " ".repeat(width - filled), fraction * 100, bytes / 1_000_000, rate, eta));
    if (last) {
      out.println();
    }
    out.flush();
  }
}
