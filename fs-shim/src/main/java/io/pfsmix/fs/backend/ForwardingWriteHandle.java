package io.pfsmix.fs.backend;

import java.io.IOException;
import java.nio.ByteBuffer;

/** A write handle that passes its calls to another one, for decorators. */
public class ForwardingWriteHandle implements WriteHandle {

  protected final WriteHandle delegate;

  public ForwardingWriteHandle(WriteHandle delegate) {
    this.delegate = delegate;
  }

  @Override
  public void write(long position, ByteBuffer source) throws IOException {
    delegate.write(position, source);
  }

  @Override
  public void sync(boolean metadata) throws IOException {
    delegate.sync(metadata);
  }

  @Override
  public long initialLength() {
    return delegate.initialLength();
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
