package io.pfsmix.e2e;

import java.nio.file.Path;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Sets pfsmix.home to the repository before a test class, as ./pfsmix does (the tests run in src/test): commands find
 * the scripts (scripts/CLUSTER-cluster.sh) and libraries (the trace library) under it.
 */
final class RepositoryHome implements BeforeAllCallback {

  @Override
  public void beforeAll(ExtensionContext context) {
    System.setProperty("pfsmix.home", Path.of("../..").toAbsolutePath().normalize().toString());
  }
}
