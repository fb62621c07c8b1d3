package io.pfsmix.fs;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendDecorator;
import io.pfsmix.fs.backend.StorageBackendFactory;

/** Builds the backend a pfs file system talks to: the factory named by fs.pfs.backend, wrapped by the decorators. */
final class BackendLoader {

  private BackendLoader() {
  }

  static StorageBackend load(URI uri, Configuration conf) throws IOException {
    String name = conf.getTrimmed(PfsConfigKeys.BACKEND, PfsConfigKeys.BACKEND_DEFAULT);
    List<String> available = new ArrayList<>();
    StorageBackendFactory chosen = null;
    for (StorageBackendFactory factory : ServiceLoader.load(StorageBackendFactory.class, classLoader(conf))) {
      available.add(factory.name());
      if (factory.name().equals(name) && chosen == null) {
        chosen = factory;
      }
    }
    if (chosen == null) {
      throw new IOException(PfsConfigKeys.BACKEND + " = '" + name + "': no such storage backend on the classpath"
          + " (available: " + String.join(", ", available) + ")");
    }
    StorageBackend backend = chosen.create(uri, conf);
    try {
      for (String className : conf.getTrimmedStrings(PfsConfigKeys.BACKEND_DECORATORS)) {
        backend = decorator(className, conf).decorate(backend, conf);
      }
    } catch (IOException | RuntimeException e) {
      backend.close();
      throw e;
    }
    return backend;
  }

  private static StorageBackendDecorator decorator(String className, Configuration conf) throws IOException {
    Object instance;
    try {
      instance = conf.getClassByName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IOException(PfsConfigKeys.BACKEND_DECORATORS + ": cannot instantiate '" + className + "': " + e, e);
    }
    if (!(instance instanceof StorageBackendDecorator decorator)) {
      throw new IOException(PfsConfigKeys.BACKEND_DECORATORS + ": '" + className + "' does not implement "
          + StorageBackendDecorator.class.getName());
    }
    return decorator;
  }

  private static ClassLoader classLoader(Configuration conf) {
    ClassLoader loader = conf.getClassLoader();
    return loader != null ? loader : BackendLoader.class.getClassLoader();
  }
}
