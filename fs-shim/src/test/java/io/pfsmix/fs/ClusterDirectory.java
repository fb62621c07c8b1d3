package io.pfsmix.fs;

import java.io.IOException;
import java.net.URI;
import java.util.function.Supplier;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test class's own directory on a native backend's test cluster (a static {@code @RegisterExtension} field): a file
 * system rooted there for the class's tests, and the directory removed with what it holds after them.
 */
public final class ClusterDirectory implements BeforeAllCallback, AfterAllCallback {

  private final URI uri;
  private final Supplier<Configuration> settings;
  private Configuration conf;
  private FileSystem fs;

  /** @param settings the client settings of the cluster, rooted at the class's directory (asked for once, first) */
  public ClusterDirectory(URI uri, Supplier<Configuration> settings) {
    this.uri = uri;
    this.settings = settings;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    conf = settings.get();
    fs = FileSystem.newInstance(uri, conf);
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (fs != null) {
      fs.delete(new Path("/"), true);
      fs.close();
    }
  }

  public Configuration conf() {
    return conf;
  }

  public FileSystem fs() {
    return fs;
  }
}
