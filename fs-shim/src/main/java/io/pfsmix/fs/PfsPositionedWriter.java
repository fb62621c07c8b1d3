package io.pfsmix.fs;

import java.io.IOException;
import java.nio.ByteBuffer;

import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.backend.WriteHandle;

/** A shared-file writer over a backend handle opened with openShared: each write goes to its offset at once. */
final class PfsPositionedWriter implements PositionedWriter {

  private final String path;
  private final WriteHandle handle;
  private final FileSystem.Statistics fsStatistics;
  private boolean closed;

  PfsPositionedWriter(String path, WriteHandle handle, FileSystem.Statistics fsStatistics) {
    this.path = path;
    this.handle = handle;
    this.fsStatistics = fsStatistics;
  }

  @Override
  public synchronized void write(long position, ByteBuffer data) throws IOException {
    checkOpen();
    if (position < 0) {
      throw new IOException("negative write offset " + position + " in " + path);
    }
    int length = data.remaining();
    handle.write(position, data);
    if (fsStatistics != null) {
      fsStatistics.incrementBytesWritten(length);
      fsStatistics.incrementWriteOps(1);
    }
  }

  @Override
  public synchronized void sync() throws IOException {
    checkOpen();
    handle.sync(true);
  }

  @Override
  public synchronized void close() throws IOException {
    if (!closed) {
      closed = true;
      handle.close();
    }
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + path);
    }
  }
}
