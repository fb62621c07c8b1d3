package io.pfsmix.mix;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Runs the workloads of one phase, started together on threads of their own. When one fails, or the mix is cancelled,
 * the others are cancelled too; what finished is kept.
 */
final class PhaseExecutor {

  /** How a phase ended. */
  record Outcome(long startNs, long endNs, List<WorkloadResult> results, String status, String error) {
  }

  private static final long HEARTBEAT_NS = TimeUnit.SECONDS.toNanos(10);
  private static final long STOP_WAIT_MS = TimeUnit.SECONDS.toMillis(60);

  private final List<Workload> workloads;
  /** Wall clock in ns since the epoch that times the phase. */
  private final LongSupplier clock;
  private final List<Thread> threads = new ArrayList<>();
  private final List<WorkloadResult> results = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private final AtomicReference<String> cancelReason = new AtomicReference<>();
  /** Set once the workloads are being stopped: failures after it are the stop's doing, not causes. */
  private volatile boolean stopping;
  private final Object lock = new Object();

  PhaseExecutor(List<Workload> workloads, LongSupplier clock) {
    this.workloads = List.copyOf(workloads);
    this.clock = clock;
  }

  /** Stops the phase from another thread (Ctrl-C); {@link #run} then returns a cancelled outcome. */
  void cancel(String reason) {
    if (cancelReason.compareAndSet(null, reason)) {
      cancelAll();
      synchronized (lock) {
        lock.notifyAll();
      }
    }
  }

  Outcome run(String label, Progress progress) throws InterruptedException {
    CountDownLatch ready = new CountDownLatch(workloads.size());
    CountDownLatch go = new CountDownLatch(1);
    for (Workload w : workloads) {
      Thread t = new Thread(() -> runOne(w, ready, go), "mix-" + w.name());
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    ready.await();
    long startNs = clock.getAsLong();
    go.countDown();
    long lastBeat = System.nanoTime();
    synchronized (lock) {
      while (running() && failures.isEmpty() && cancelReason.get() == null) {
        lock.wait(1000);
        if (System.nanoTime() - lastBeat >= HEARTBEAT_NS) {
          lastBeat = System.nanoTime();
          progress.say("  " + label + ": " + status(startNs));
        }
      }
    }
    if (!failures.isEmpty() || cancelReason.get() != null) {
      cancelAll();
      for (Thread t : threads) {
        t.join(STOP_WAIT_MS);
        if (t.isAlive()) {
          progress.say("  " + label + ": " + t.getName() + " did not stop within " + STOP_WAIT_MS / 1000
              + " s of cancelling; leaving it");
        }
      }
    }
    long endNs = clock.getAsLong();
    synchronized (lock) {
      if (!failures.isEmpty()) {
        List<String> stopped = workloads.stream()
            .filter(w -> results.stream().noneMatch(r -> r.workload().equals(w.name())))
            .map(Workload::label).filter(l -> failures.stream().noneMatch(f -> f.startsWith(l + ": "))).toList();
        return new Outcome(startNs, endNs, List.copyOf(results), PhaseRecord.FAILED, String.join("; ", failures)
            + (stopped.isEmpty() ? "" : " (stopped: " + String.join(", ", stopped) + ")"));
      }
      if (cancelReason.get() != null) {
        return new Outcome(startNs, endNs, List.copyOf(results), PhaseRecord.CANCELLED, cancelReason.get());
      }
      return new Outcome(startNs, endNs, List.copyOf(results), PhaseRecord.OK, null);
    }
  }

  private void runOne(Workload w, CountDownLatch ready, CountDownLatch go) {
    try {
      ready.countDown();
      go.await();
      WorkloadResult r = w.run();
      synchronized (lock) {
        results.add(r);
        lock.notifyAll();
      }
    } catch (Throwable e) {
      synchronized (lock) {
        if (cancelReason.get() == null && !stopping) {
          failures.add(w.label() + ": " + describe(e));
        }
        lock.notifyAll();
      }
    }
  }

  private boolean running() {
    return threads.stream().anyMatch(Thread::isAlive) && results.size() + failures.size() < workloads.size();
  }

  private String status(long startNs) {
    List<String> parts = new ArrayList<>();
    for (Workload w : workloads) {
      WorkloadResult r = results.stream().filter(x -> x.workload().equals(w.name())).findFirst().orElse(null);
      parts.add(r == null ? w.label() + " running" : String.format(Locale.ROOT, "%s done in %.1f s", w.label(),
          r.wallSeconds()));
    }
    return String.format(Locale.ROOT, "%.0f s, %s", (clock.getAsLong() - startNs) / 1e9, String.join(", ", parts));
  }

  private void cancelAll() {
    stopping = true;
    HadoopLogs.silenceForStop();
    for (Workload w : workloads) {
      try {
        w.cancel();
      } catch (RuntimeException e) {
        // cancelling is best effort; the thread is interrupted below either way
      }
    }
    threads.forEach(Thread::interrupt);
  }

  static String describe(Throwable e) {
    Throwable t = e;
    while ((t instanceof java.util.concurrent.ExecutionException || t instanceof java.lang.reflect.UndeclaredThrowableException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    String message = t.getMessage();
    return message == null || message.isBlank() ? t.getClass().getSimpleName()
        : message.replaceAll("\\s+", " ").trim();
  }
}
