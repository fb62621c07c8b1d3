package io.pfsmix.export.darshan;

import java.nio.charset.StandardCharsets;

/**
 * Darshan's record id: Bob Jenkins' 64-bit hash ("lookup8", level 0) of the file name bytes, which is what the Darshan
 * runtime assigns, so ids match a log Darshan itself would have written for the same path.
 */
public final class DarshanHash {
  private static final long GOLDEN = 0x9e3779b97f4a7c13L;

  private DarshanHash() {
  }

  public static long recordId(String name) {
    return hash(name.getBytes(StandardCharsets.UTF_8), 0);
  }

  static long hash(byte[] k, long level) {
    long a = level;
    long b = level;
    long c = GOLDEN;
    int len = k.length;
    int p = 0;
    while (len >= 24) {
      a += le64(k, p);
      b += le64(k, p + 8);
      c += le64(k, p + 16);
      long[] m = mix(a, b, c);
      a = m[0];
      b = m[1];
      c = m[2];
      p += 24;
      len -= 24;
    }
    c += k.length;
    // the low byte of c holds the length, so tail bytes 16..22 go into c shifted by one byte
    for (int i = len - 1; i >= 0; i--) {
      long v = k[p + i] & 0xffL;
      if (i >= 16) {
        c += v << (8 * (i - 15));
      } else if (i >= 8) {
        b += v << (8 * (i - 8));
      } else {
        a += v << (8 * i);
      }
    }
    return mix(a, b, c)[2];
  }

  private static long le64(byte[] k, int p) {
    long v = 0;
    for (int i = 7; i >= 0; i--) {
      v = (v << 8) | (k[p + i] & 0xffL);
    }
    return v;
  }

  private static long[] mix(long a, long b, long c) {
    a -= b; a -= c; a ^= (c >>> 43);
    b -= c; b -= a; b ^= (a << 9);
    c -= a; c -= b; c ^= (b >>> 8);
    a -= b; a -= c; a ^= (c >>> 38);
    b -= c; b -= a; b ^= (a << 23);
    c -= a; c -= b; c ^= (b >>> 5);
    a -= b; a -= c; a ^= (c >>> 35);
    b -= c; b -= a; b ^= (a << 49);
    c -= a; c -= b; c ^= (b >>> 11);
    a -= b; a -= c; a ^= (c >>> 12);
    b -= c; b -= a; b ^= (a << 18);
    c -= a; c -= b; c ^= (b >>> 22);
    return new long[] {a, b, c};
  }
}
