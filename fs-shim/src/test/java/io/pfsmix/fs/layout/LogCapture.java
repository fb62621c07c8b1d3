package io.pfsmix.fs.layout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/** Collects what one class logs at WARN and above (slf4j is bound to reload4j, Hadoop's logging). */
final class LogCapture extends AppenderSkeleton implements AutoCloseable {

  private final Logger logger;
  private final List<String> warnings = new CopyOnWriteArrayList<>();

  LogCapture(Class<?> source) {
    logger = Logger.getLogger(source.getName());
    logger.addAppender(this);
  }

  List<String> warnings() {
    return warnings;
  }

  @Override
  protected void append(LoggingEvent event) {
    if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
      warnings.add(event.getRenderedMessage());
    }
  }

  @Override
  public void close() {
    logger.removeAppender(this);
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
