package io.pfsmix.trace.shim;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendDecorator;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.hadoop.TraceRecorders;

/**
 * The STORAGE trace point: records what reaches the pfs storage backend, behind the shim's read-ahead and write
 * buffers, so that small application reads cost one record per backend read rather than one per call. Enable with
 * {@code fs.pfs.backend.decorators = io.pfsmix.trace.shim.TracingBackendDecorator}; {@code pfsmix.trace.storage.enabled}
 * and {@code pfsmix.trace.enabled} switch it off without touching the decorator list.
 */
public final class TracingBackendDecorator implements StorageBackendDecorator {

  @Override
  public StorageBackend decorate(StorageBackend backend, Configuration conf) {
    PfsConfigValues values = PfsConfigValues.of(conf);
    if (!values.bool(TraceConfigKeys.ENABLED, TraceConfigKeys.ENABLED_DEFAULT)
        || !values.bool(TraceConfigKeys.STORAGE_ENABLED, TraceConfigKeys.STORAGE_ENABLED_DEFAULT)) {
      return backend;
    }
    return new TracingStorageBackend(backend, TraceRecorders.tracer(conf, TracePoint.STORAGE));
  }
}
