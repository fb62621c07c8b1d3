package io.pfsmix.ior;

/** IOR's -l data packet types: what each transfer buffer holds, so that -W/-R can check it. */
public enum DataPacketType {
  /** IOR's default: every 8-byte word is (rank << 32) | (signature + word index). */
  TIMESTAMP('t'),
  /** As TIMESTAMP, plus the first word of every 4 KiB holds (offset * k) | (rank << 32). */
  OFFSET('o'),
  /** glibc rand_r words seeded with signature + rank, plus the offset words. */
  INCOMPRESSIBLE('i'),
  /** A per-transfer pseudo-random stream seeded with signature + rank + offset. */
  RANDOM('r');

  private final char code;

  DataPacketType(char code) {
    this.code = code;
  }

  public char code() {
    return code;
  }

  /** Parses -l's value as IOR does: by its first letter. */
  public static DataPacketType parse(String value) {
    if (value.isEmpty()) {
      return TIMESTAMP;
    }
    for (DataPacketType type : values()) {
      if (type.code == value.charAt(0)) {
        return type;
      }
    }
    throw new IorUsageException("Unknown packet type \"" + value.charAt(0) + "\" for -l: expected t, o, i or r");
  }
}
