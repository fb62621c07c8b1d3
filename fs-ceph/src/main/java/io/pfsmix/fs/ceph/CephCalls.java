package io.pfsmix.fs.ceph;

import java.io.IOException;

import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeCalls;

/**
 * Runs calls of the libcephfs binding ({@link CephRoot}) and turns their errno into the exceptions Hadoop expects,
 * naming the operation and the pfs path ({@link NativeCalls}, as backend "cephfs").
 */
final class CephCalls {

  private CephCalls() {
  }

  static <T> T call(String operation, String path, NativeCalls.Call<T> call) throws IOException {
    return NativeCalls.call(CephConfigKeys.BACKEND_NAME, operation, path, call);
  }

  static void run(String operation, String path, NativeCalls.Action action) throws IOException {
    NativeCalls.run(CephConfigKeys.BACKEND_NAME, operation, path, action);
  }

  static IOException translate(String operation, String path, ErrnoException e) {
    return NativeCalls.translate(CephConfigKeys.BACKEND_NAME, operation, path, e);
  }
}
