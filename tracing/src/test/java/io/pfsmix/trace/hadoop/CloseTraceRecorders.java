package io.pfsmix.trace.hadoop;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Closes the JVM's trace recorders after each test ({@code @ExtendWith}): they live per destination until closed, so a
 * test's trace files are whole when it ends and the next test records into fresh ones.
 */
public final class CloseTraceRecorders implements AfterEachCallback {

  @Override
  public void afterEach(ExtensionContext context) {
    TraceRecorders.closeAll();
  }
}
