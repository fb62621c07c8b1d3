package io.pfsmix.fs.orangefs;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the test run's OrangeFS file system when the JUnit launcher session ends, whatever the tests' outcome. */
public final class OrangefsClusterSession implements LauncherSessionListener {

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    OrangefsTestCluster.stopIfStarted();
  }
}
