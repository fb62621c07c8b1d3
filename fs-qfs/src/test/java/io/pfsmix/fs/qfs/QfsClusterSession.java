package io.pfsmix.fs.qfs;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the test run's QFS file system when the JUnit launcher session ends, whatever the tests' outcome. */
public final class QfsClusterSession implements LauncherSessionListener {

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    QfsTestCluster.stopIfStarted();
  }
}
