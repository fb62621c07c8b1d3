package io.pfsmix.fs;

import java.lang.management.ManagementFactory;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * What this JVM can give to buffers whose sizes the user chose, checked before they are allocated: a size that cannot
 * fit is a clear error naming the flags, not an OutOfMemoryError part-way through a run.
 */
public final class BufferMemory {

  private BufferMemory() {
  }

  /** The most the JVM gives to direct buffers: -XX:MaxDirectMemorySize, which by default is the maximum heap. */
  public static long maxDirect() {
    try {
      long configured = Long.parseLong(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
          .getVMOption("MaxDirectMemorySize").getValue());
      if (configured > 0) {
        return configured;
      }
    } catch (RuntimeException e) {
      // not a HotSpot JVM: its default is what HotSpot's is
    }
    return Runtime.getRuntime().maxMemory();
  }

  /**
   * Refuses {@code bytes} of buffers (direct or on the heap) beyond what the JVM can give at most: "WHAT needs 8.00 GiB
   * of direct buffer memory, more than the 5.89 GiB this JVM can give (...)".
   *
   * @throws IllegalArgumentException when they cannot fit
   */
  public static void require(String what, long bytes, boolean direct) {
    long max = direct ? maxDirect() : Runtime.getRuntime().maxMemory();
    if (bytes <= max) {
      return;
    }
    throw new IllegalArgumentException(what + " needs " + Sizes.human(bytes) + " of " + (direct
        ? "direct buffer memory, more than the " + Sizes.human(max) + " this JVM can give (-XX:MaxDirectMemorySize,"
            + " by default the maximum heap -Xmx"
        : "heap, more than the " + Sizes.human(max) + " this JVM can give (-Xmx")
        + "; ./pfsmix takes JVM options from PFSMIX_JAVA_OPTS)");
  }
}
