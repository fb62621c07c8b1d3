package io.pfsmix.fs.layout;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Builds lustre.lov values by hand, field by field as lustre_user.h packs them, for the variants no recorded value
 * covers (other byte order, corrupt lengths, mirrors). Layout:
 * <pre>
 * lov_user_md_v1: u32 magic | u32 pattern | ost_id lmm_oi (u64 seq, u32 oid, u32 ver) | u32 stripe_size |
 *                 u16 stripe_count | u16 stripe_offset | objects
 * lov_user_md_v3: the same 32 bytes | char pool_name[16] | objects
 * object:         ost_id l_ost_oi (16 bytes) | u32 l_ost_gen | u32 l_ost_idx
 * lov_comp_md_v1: u32 magic | u32 size | u32 layout_gen | u16 flags | u16 entry_count | u16 mirror_count | 14 bytes pad
 * entry:          u32 id | u32 flags | u64 start | u64 end | u32 blob offset | u32 blob size | u32 layout_gen |
 *                 u64 timestamp | u32 pad
 * </pre>
 */
final class LovValues {

  private LovValues() {
  }

  static byte[] plain(ByteOrder order, int magic, int pattern, long stripeSize, int stripeCount, String pool,
                      int... ostIndexes) {
    boolean v3 = magic == LustreLovParser.MAGIC_V3;
    int header = v3 ? LustreLovParser.V3_HEADER : LustreLovParser.V1_HEADER;
    ByteBuffer buffer = ByteBuffer.allocate(header + ostIndexes.length * LustreLovParser.OST_DATA).order(order);
    buffer.putInt(magic).putInt(pattern);
    buffer.putLong(0x200000401L).putInt(0x2a).putInt(0); // lmm_oi: the file's FID
    buffer.putInt((int) stripeSize).putShort((short) stripeCount).putShort((short) 0);
    if (v3) {
      byte[] name = new byte[16];
      byte[] given = pool.getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(given, 0, name, 0, given.length);
      buffer.put(name);
    }
    for (int i = 0; i < ostIndexes.length; i++) {
      buffer.putLong(0x100000000L | ((long) ostIndexes[i] << 16)).putInt(0x1000 + i).putInt(0); // l_ost_oi
      buffer.putInt(0).putInt(ostIndexes[i]); // l_ost_gen, l_ost_idx
    }
    return buffer.array();
  }

  /** A RAID-0 lov_user_md_v1, little-endian, one object per OST index. */
  static byte[] raid0(long stripeSize, int... ostIndexes) {
    return plain(ByteOrder.LITTLE_ENDIAN, LustreLovParser.MAGIC_V1, LustreLovParser.PATTERN_RAID0, stripeSize,
        ostIndexes.length, null, ostIndexes);
  }

  /** One component of a composite layout. */
  record Entry(int id, int flags, long start, long end, byte[] blob) {
  }

  static byte[] composite(Entry... entries) {
    int blobsAt = LustreLovParser.COMP_HEADER + entries.length * LustreLovParser.COMP_ENTRY;
    ByteArrayOutputStream blobs = new ByteArrayOutputStream();
    ByteBuffer table = ByteBuffer.allocate(entries.length * LustreLovParser.COMP_ENTRY)
        .order(ByteOrder.LITTLE_ENDIAN);
    for (Entry entry : entries) {
      table.putInt(entry.id()).putInt(entry.flags()).putLong(entry.start()).putLong(entry.end());
      table.putInt(blobsAt + blobs.size()).putInt(entry.blob().length).putInt(1).putLong(0).putInt(0);
      blobs.writeBytes(entry.blob());
    }
    int size = blobsAt + blobs.size();
    ByteBuffer value = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    value.putInt(LustreLovParser.MAGIC_COMP_V1).putInt(size).putInt(1);
    value.putShort((short) 0).putShort((short) entries.length).putShort((short) 0);
    value.put(new byte[14]);
    value.put(table.array()).put(blobs.toByteArray());
    return value.array();
  }
}
