package io.pfsmix.fs.layout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads Lustre's {@code lustre.lov} extended attribute, the binary {@code lov_user_md} of
 * lustre/include/uapi/linux/lustre/lustre_user.h (packed structs, little-endian on every platform Lustre runs on;
 * a byte-swapped magic is accepted too):
 *
 * <pre>
 * lov_user_md_v1 (magic 0x0BD10BD0), 32 bytes + objects:
 *   0 u32 lmm_magic   4 u32 lmm_pattern   8 ost_id lmm_oi (16 bytes)   24 u32 lmm_stripe_size
 *   28 u16 lmm_stripe_count   30 u16 lmm_stripe_offset / lmm_layout_gen   32 lmm_objects[lmm_stripe_count]
 * lov_user_md_v3 (magic 0x0BD30BD0): as v1, then 32 char lmm_pool_name[16], objects from 48
 * lov_user_ost_data_v1, 24 bytes: 0 ost_id l_ost_oi (16)   16 u32 l_ost_gen   20 u32 l_ost_idx
 * lov_comp_md_v1 (magic 0x0BD60BD0, composite: PFL, FLR mirrors), 32-byte header:
 *   0 u32 lcm_magic   4 u32 lcm_size   8 u32 lcm_layout_gen   12 u16 lcm_flags   14 u16 lcm_entry_count
 *   16 u16 lcm_mirror_count   18 padding to 32, then lcm_entry_count lov_comp_md_entry_v1 of 48 bytes:
 *   0 u32 lcme_id (mirror id in bits 16-30)   4 u32 lcme_flags   8 u64 e_start   16 u64 e_end (~0 = EOF)
 *   24 u32 lcme_offset (of the component's lov_user_md, from the start of lov_comp_md_v1)   28 u32 lcme_size
 *   32 u32 lcme_layout_gen   36 u64 lcme_timestamp   44 u32 padding
 * </pre>
 *
 * Composite layouts are parsed fully: of the components that are instantiated (LCME_FL_INIT) and not stale, those of
 * the first such mirror become the file's components, each striped by absolute file offset. Data-on-MDT components
 * (pattern 0x100) hold their bytes on the MDT. Foreign layouts, files released to HSM and files whose objects are not
 * allocated yet are {@linkplain UnusableLayoutException unusable}.
 */
final class LustreLovParser {

  static final String LOV = "lustre.lov";

  static final int MAGIC_V1 = 0x0BD10BD0;
  static final int MAGIC_V3 = 0x0BD30BD0;
  static final int MAGIC_COMP_V1 = 0x0BD60BD0;
  static final int MAGIC_FOREIGN = 0x0BD70BD0;

  static final int PATTERN_RAID0 = 0x001;
  static final int PATTERN_MDT = 0x100;
  static final int PATTERN_OVERSTRIPING = 0x200;
  static final int PATTERN_F_RELEASED = 0x80000000;
  private static final int PATTERN_F_MASK = 0xffff0000;

  static final int LCME_FL_STALE = 0x01;
  static final int LCME_FL_INIT = 0x10;

  static final int V1_HEADER = 32;
  static final int V3_HEADER = 48;
  static final int OST_DATA = 24;
  static final int COMP_HEADER = 32;
  static final int COMP_ENTRY = 48;
  private static final int POOL_NAME = 16;
  private static final int MIRROR_ID_MASK = 0x7FFF0000;

  /**
   * One extent of a Lustre file and where its data lives.
   *
   * @param end {@link Long#MAX_VALUE} for end of file
   * @param dataOnMdt true for a data-on-MDT component, which has no OST objects
   * @param ostIndexes OST index of each stripe, in lmm_objects order
   * @param pool OST pool name, null when none
   */
  record Component(long start, long end, long stripeSize, boolean dataOnMdt, List<Integer> ostIndexes, String pool) {
  }

  private LustreLovParser() {
  }

  /** The components of the file, ordered by start; a plain layout has one covering the whole file. */
  static List<Component> parse(byte[] value) throws IOException, UnusableLayoutException {
    if (value.length < 4) {
      throw new IOException(LOV + ": " + value.length + " bytes is too short for a magic number");
    }
    ByteBuffer buffer = ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN);
    buffer.order(orderOf(buffer.getInt(0)));
    int magic = buffer.getInt(0);
    if (magic == MAGIC_COMP_V1) {
      return parseComposite(buffer);
    }
    if (magic == MAGIC_FOREIGN) {
      throw new UnusableLayoutException(LOV + ": foreign layout (data outside Lustre's OSTs)");
    }
    Component whole = parsePlain(buffer, 0, value.length, 0, Long.MAX_VALUE, LOV);
    if (whole.ostIndexes().isEmpty() && !whole.dataOnMdt()) {
      throw new UnusableLayoutException(LOV + ": the file has no OST objects yet");
    }
    return List.of(whole);
  }

  private static ByteOrder orderOf(int littleEndianMagic) throws IOException {
    for (int known : new int[] {MAGIC_V1, MAGIC_V3, MAGIC_COMP_V1, MAGIC_FOREIGN}) {
      if (littleEndianMagic == known) {
        return ByteOrder.LITTLE_ENDIAN;
      }
      if (littleEndianMagic == Integer.reverseBytes(known)) {
        return ByteOrder.BIG_ENDIAN;
      }
    }
    throw new IOException(String.format("%s: unknown magic 0x%08X (read little-endian); expected lov_user_md v1 "
        + "0x%08X, v3 0x%08X or composite 0x%08X", LOV, littleEndianMagic, MAGIC_V1, MAGIC_V3, MAGIC_COMP_V1));
  }

  /** A lov_user_md v1/v3 blob at {@code [offset, offset + size)} of the buffer. */
  private static Component parsePlain(ByteBuffer buffer, int offset, int size, long start, long end, String what)
      throws IOException, UnusableLayoutException {
    if (size < V1_HEADER) {
      throw new IOException(what + ": " + size + " bytes is shorter than the " + V1_HEADER
          + "-byte lov_user_md header");
    }
    int magic = buffer.getInt(offset);
    int header;
    if (magic == MAGIC_V1) {
      header = V1_HEADER;
    } else if (magic == MAGIC_V3) {
      header = V3_HEADER;
      if (size < V3_HEADER) {
        throw new IOException(what + ": " + size + " bytes is shorter than the " + V3_HEADER
            + "-byte lov_user_md_v3 header");
      }
    } else {
      throw new IOException(String.format("%s: magic 0x%08X is not lov_user_md v1 0x%08X or v3 0x%08X", what, magic,
          MAGIC_V1, MAGIC_V3));
    }
    int pattern = buffer.getInt(offset + 4);
    long stripeSize = Integer.toUnsignedLong(buffer.getInt(offset + 24));
    int stripeCount = Short.toUnsignedInt(buffer.getShort(offset + 28));
    String pool = magic == MAGIC_V3 ? poolName(buffer, offset + 32) : null;
    if ((pattern & PATTERN_F_RELEASED) != 0) {
      throw new UnusableLayoutException(what + ": the file is released to HSM, its data is in the archive");
    }
    int basePattern = pattern & ~PATTERN_F_MASK;
    if (basePattern == PATTERN_MDT) {
      if (stripeSize == 0) {
        throw new IOException(what + ": data-on-MDT component with size 0");
      }
      return new Component(start, end, stripeSize, true, List.of(), pool);
    }
    if (basePattern != PATTERN_RAID0 && basePattern != (PATTERN_RAID0 | PATTERN_OVERSTRIPING)) {
      throw new UnusableLayoutException(String.format("%s: striping pattern 0x%X is not RAID-0", what, pattern));
    }
    if (stripeSize == 0) {
      throw new IOException(what + ": lmm_stripe_size is 0");
    }
    if (stripeCount == 0xffff) {
      throw new IOException(what + ": lmm_stripe_count is -1 (\"all OSTs\"), valid only in directory defaults");
    }
    long needed = header + (long) stripeCount * OST_DATA;
    if (size < needed) {
      throw new IOException(what + ": lmm_stripe_count " + stripeCount + " needs " + needed + " bytes, value has "
          + size);
    }
    List<Integer> osts = new ArrayList<>(stripeCount);
    for (int i = 0; i < stripeCount; i++) {
      long ostIndex = Integer.toUnsignedLong(buffer.getInt(offset + header + i * OST_DATA + 20));
      if (ostIndex > 0xffff) {
        throw new IOException(what + ": lmm_objects[" + i + "].l_ost_idx " + ostIndex + " is out of range");
      }
      osts.add((int) ostIndex);
    }
    return new Component(start, end, stripeSize, false, osts, pool);
  }

  private static String poolName(ByteBuffer buffer, int offset) {
    byte[] name = new byte[POOL_NAME];
    buffer.get(offset, name);
    int length = 0;
    while (length < name.length && name[length] != 0) {
      length++;
    }
    return length == 0 ? null : new String(name, 0, length, StandardCharsets.US_ASCII);
  }

  private static List<Component> parseComposite(ByteBuffer buffer) throws IOException, UnusableLayoutException {
    int length = buffer.limit();
    if (length < COMP_HEADER) {
      throw new IOException(LOV + ": " + length + " bytes is shorter than the " + COMP_HEADER
          + "-byte lov_comp_md_v1 header");
    }
    long declaredSize = Integer.toUnsignedLong(buffer.getInt(4));
    if (declaredSize > length) {
      throw new IOException(LOV + ": lcm_size " + declaredSize + " exceeds the value's " + length + " bytes");
    }
    int entries = Short.toUnsignedInt(buffer.getShort(14));
    if (COMP_HEADER + (long) entries * COMP_ENTRY > length) {
      throw new IOException(LOV + ": lcm_entry_count " + entries + " needs " + (COMP_HEADER + entries * COMP_ENTRY)
          + " bytes, value has " + length);
    }
    Integer mirror = null;
    List<Component> components = new ArrayList<>();
    for (int i = 0; i < entries; i++) {
      int entry = COMP_HEADER + i * COMP_ENTRY;
      String what = LOV + " component " + i;
      int id = buffer.getInt(entry);
      int flags = buffer.getInt(entry + 4);
      long start = buffer.getLong(entry + 8);
      long end = buffer.getLong(entry + 16);
      long blobOffset = Integer.toUnsignedLong(buffer.getInt(entry + 24));
      long blobSize = Integer.toUnsignedLong(buffer.getInt(entry + 28));
      if (end < 0) {
        end = Long.MAX_VALUE; // LUSTRE_EOF is ~0
      }
      if (start < 0 || end <= start) {
        throw new IOException(what + ": extent [" + Long.toUnsignedString(buffer.getLong(entry + 8)) + ", "
            + Long.toUnsignedString(buffer.getLong(entry + 16)) + ") is empty");
      }
      if (blobOffset < COMP_HEADER || blobOffset + blobSize > length) {
        throw new IOException(what + ": lcme_offset " + blobOffset + " + lcme_size " + blobSize
            + " lies outside the value's " + length + " bytes");
      }
      if ((flags & LCME_FL_INIT) == 0 || (flags & LCME_FL_STALE) != 0) {
        continue;
      }
      int mirrorId = (id & MIRROR_ID_MASK) >>> 16;
      if (mirror == null) {
        mirror = mirrorId;
      } else if (mirror != mirrorId) {
        continue; // Another FLR mirror: the first one's placement is reported.
      }
      Component component = parsePlain(buffer, (int) blobOffset, (int) blobSize, start, end, what);
      if (component.ostIndexes().isEmpty() && !component.dataOnMdt()) {
        throw new IOException(what + ": instantiated, but lmm_stripe_count is 0");
      }
      components.add(component);
    }
    if (components.isEmpty()) {
      throw new UnusableLayoutException(LOV + ": no instantiated component (the file has no data objects yet)");
    }
    components.sort(Comparator.comparingLong(Component::start));
    for (int i = 1; i < components.size(); i++) {
      if (components.get(i).start() < components.get(i - 1).end()) {
        throw new IOException(LOV + ": components [" + components.get(i - 1).start() + ", "
            + components.get(i - 1).end() + ") and [" + components.get(i).start() + ", " + components.get(i).end()
            + ") of one mirror overlap");
      }
    }
    return components;
  }
}
