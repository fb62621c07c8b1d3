package io.pfsmix.fs;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * A test run's one instance of something costly to start (a cluster): started by the first test that asks for it,
 * stopped once, by the module's LauncherSessionListener when the run ends — also when tests fail — or by a shutdown
 * hook if the JVM is stopped.
 */
public final class OncePerRun<T> {

  /** Starts the instance. */
  public interface Starter<T> {
    T start() throws IOException;
  }

  private final String what;
  private final Starter<T> starter;
  private final Consumer<T> stopper;
  private T instance;
  private boolean hooked;

  public OncePerRun(String what, Starter<T> starter, Consumer<T> stopper) {
    this.what = what;
    this.starter = starter;
    this.stopper = stopper;
  }

  public synchronized T get() {
    if (instance == null) {
      try {
        instance = starter.start();
      } catch (IOException e) {
        throw new IllegalStateException("cannot start the test " + what + ": " + e.getMessage(), e);
      }
      if (!hooked) {
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopIfStarted, what + " stop"));
        hooked = true;
      }
    }
    return instance;
  }

  public synchronized void stopIfStarted() {
    if (instance != null) {
      T started = instance;
      instance = null;
      stopper.accept(started);
    }
  }
}
