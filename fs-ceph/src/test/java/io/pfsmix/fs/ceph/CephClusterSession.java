package io.pfsmix.fs.ceph;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the test run's Ceph cluster when the JUnit launcher session ends, whatever the tests' outcome. */
public final class CephClusterSession implements LauncherSessionListener {

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    CephTestCluster.stopIfStarted();
  }
}
