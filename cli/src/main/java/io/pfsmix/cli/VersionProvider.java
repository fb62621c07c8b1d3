package io.pfsmix.cli;

import org.apache.hadoop.util.VersionInfo;

import picocli.CommandLine.IVersionProvider;

/** Reports pfsmix's own version and the Hadoop it runs on. */
final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() {
    String own = Main.class.getPackage().getImplementationVersion();
    return new String[] {
        "pfsmix " + (own == null ? "(development build)" : own),
        "Hadoop " + VersionInfo.getVersion(),
        "Java " + System.getProperty("java.version"),
    };
  }
}
