package io.pfsmix.fs.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** What a native backend's handle sees through ScratchBuffer: the offsets and lengths it is asked for, and the bytes. */
class ScratchBufferTest {

  private final byte[] file = new byte[ScratchBuffer.LIMIT * 2 + 1000];
  private final List<String> calls = new ArrayList<>();

  ScratchBufferTest() {
    new Random(3).nextBytes(file);
  }

  /** Reads from {@link #file} as a native pread into direct memory would, recording each call. */
  private int pread(long position, ByteBuffer buffer, int offset, int length) {
    assertThat(buffer.isDirect()).as("native code only sees direct memory").isTrue();
    calls.add(position + "+" + length);
    int n = (int) Math.min(length, file.length - position);
    if (n <= 0) {
      return 0;
    }
    buffer.duplicate().position(offset).put(file, (int) position, n);
    return n;
  }

  @Test
  void aDirectBufferIsReadInPlaceAndAHeapBufferInPiecesOfAtMostTheLimit() throws Exception {
    ScratchBuffer scratch = new ScratchBuffer();
    ByteBuffer direct = ByteBuffer.allocateDirect(1000).position(10);
    assertThat(scratch.read(5, direct, this::pread)).isEqualTo(990);
    assertThat(direct.position()).isEqualTo(1000);
    byte[] expected = new byte[990];
    System.arraycopy(file, 5, expected, 0, 990);
    byte[] got = new byte[990];
    direct.position(10).get(got);
    assertThat(got).isEqualTo(expected);

    ByteBuffer heap = ByteBuffer.allocate(file.length);
    int n;
    while ((n = scratch.read(heap.position(), heap, this::pread)) > 0) {
      assertThat(n).isLessThanOrEqualTo(ScratchBuffer.LIMIT);
    }
    assertThat(heap.array()).isEqualTo(file);
    assertThat(calls).containsExactly("5+990", "0+" + ScratchBuffer.LIMIT, ScratchBuffer.LIMIT + "+" + ScratchBuffer.LIMIT,
        2L * ScratchBuffer.LIMIT + "+1000");
    assertThat(scratch.read(file.length, ByteBuffer.allocate(10), this::pread)).as("end of file").isEqualTo(-1);
    assertThat(scratch.read(0, ByteBuffer.allocate(0), this::pread)).as("nothing asked").isZero();
  }

  @Test
  void aHeapWriteGoesInPiecesAtAdvancingOffsetsWithItsBytes() throws Exception {
    byte[] written = new byte[file.length + 7];
    ScratchBuffer scratch = new ScratchBuffer();
    ByteBuffer source = ByteBuffer.wrap(file);
    scratch.write(7, source, (position, buffer, offset, length) -> {
      assertThat(buffer.isDirect()).isTrue();
      calls.add(position + "+" + length);
      buffer.duplicate().position(offset).get(written, (int) position, length);
    });
    assertThat(source.hasRemaining()).isFalse();
    assertThat(calls).containsExactly("7+" + ScratchBuffer.LIMIT, 7L + ScratchBuffer.LIMIT + "+" + ScratchBuffer.LIMIT,
        7L + 2 * ScratchBuffer.LIMIT + "+1000");
    byte[] tail = new byte[file.length];
    System.arraycopy(written, 7, tail, 0, file.length);
    assertThat(tail).isEqualTo(file);
  }
}
