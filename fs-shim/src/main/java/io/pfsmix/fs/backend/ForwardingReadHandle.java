package io.pfsmix.fs.backend;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A read handle that passes its calls to another one, for decorators. It does not map: a mapped chunk would be read
 * from memory behind the decorator's back, so the stream reads every chunk through it instead.
 */
public class ForwardingReadHandle implements ReadHandle {

  protected final ReadHandle delegate;

  public ForwardingReadHandle(ReadHandle delegate) {
    this.delegate = delegate;
  }

  @Override
  public int read(long position, ByteBuffer destination) throws IOException {
    return delegate.read(position, destination);
  }

  @Override
  public long length() throws IOException {
    return delegate.length();
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
