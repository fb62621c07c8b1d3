/*
 * pfsmix trace preload library: records the POSIX I/O calls of an unmodified program (IOR, say) in the pfsmix trace
 * format (docs/trace-format.md), loaded with LD_PRELOAD.
 *
 * Every intercepted call goes to the next definition of the symbol (dlsym RTLD_NEXT); the library only adds a record.
 * Only descriptors the library saw being opened are traced, so a program's stdout, sockets and pipes cost nothing.
 * Each thread fills its own buffer of records; a full buffer is handed to the library's packer thread, which packs it
 * (columns of varint deltas, compressed with LZ4: a PACKED RECORDS block of format 2.1) and writes it as one block, so
 * the packing is not the traced thread's (see "the packer thread" below). Buffers are written at thread exit and at
 * process exit (not at exec or _exit). Each block goes
 * out with a PROGRESS block in one positioned write, so that on a full disk the file keeps its whole blocks and ends with
 * an END block counting the records lost (docs/trace-format.md, as the Java writer).
 *
 * Environment:
 *   PFSMIX_TRACE_DIR   directory for the trace file (default $TMPDIR/pfsmix-traces or /tmp/pfsmix-traces)
 *   PFSMIX_TRACE_RANK  rank to record; else PMI_RANK, OMPI_COMM_WORLD_RANK, PMIX_RANK, SLURM_PROCID, in that order
 *   PFSMIX_TRACE_JOB   job id to record (e.g. the batch job); else SLURM_JOB_ID when set
 *   PFSMIX_TRACE_DISABLE=1  pass every call through untraced
 */
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <lz4.h>

/* The format's codes and layout, generated from the Java definitions at build time (tracing/pom.xml). */
#include "pfsmix_trace_format.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the pfsmix trace format is little-endian; this library writes records by memory layout"
#endif

#define PRODUCER "pfsmix-preload 0.1.0"
#define RECORDS_PER_BUFFER 512
#define MAX_FDS 65536
#define NONE INT64_MIN

/* PACKED RECORDS: codec byte, 3 reserved bytes, uncompressed length; uncompressed: PACKED_COLUMNS column lengths (u32),
 * then the columns of zigzag varints (docs/trace-format.md). A 64-bit varint takes at most 10 bytes. */
enum { MAX_VARINT = 10 };
_Static_assert(RECORDS_PER_BUFFER <= MAX_PACKED_RECORDS, "a buffer is one PACKED RECORDS block");

struct record {
  int64_t start_ns;
  int64_t duration_ns;
  int64_t offset;
  int64_t length;
  int64_t bytes;
  int64_t thread_id;
  uint32_t path_id;
  uint32_t result_id;
  uint32_t context_id;
  uint16_t op;
  uint8_t point;
  uint8_t flags;
};
/* the record in memory is format 1's record on disk, as the header's field table describes it */
_Static_assert(sizeof(struct record) == RECORD_SIZE, "record size");
_Static_assert(offsetof(struct record, start_ns) == R_START && offsetof(struct record, duration_ns) == R_DURATION
    && offsetof(struct record, offset) == R_OFFSET && offsetof(struct record, length) == R_LENGTH
    && offsetof(struct record, bytes) == R_BYTES && offsetof(struct record, thread_id) == R_THREAD
    && offsetof(struct record, path_id) == R_PATH && offsetof(struct record, result_id) == R_RESULT
    && offsetof(struct record, context_id) == R_CONTEXT && offsetof(struct record, op) == R_OP
    && offsetof(struct record, point) == R_POINT && offsetof(struct record, flags) == R_FLAGS, "record layout");

struct thread_buffer {
  pthread_mutex_t lock;
  int64_t tid;
  int count;
  struct thread_buffer *next;
  struct record records[RECORDS_PER_BUFFER];
};

/* ---- the real functions */

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static int (*real_creat)(const char *, mode_t);
static int (*real_creat64)(const char *, mode_t);
static int (*real_close)(int);
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_pread)(int, void *, size_t, off_t);
static ssize_t (*real_pread64)(int, void *, size_t, off64_t);
static ssize_t (*real_readv)(int, const struct iovec *, int);
static ssize_t (*real_preadv)(int, const struct iovec *, int, off_t);
static ssize_t (*real_preadv64)(int, const struct iovec *, int, off64_t);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off64_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static ssize_t (*real_pwritev)(int, const struct iovec *, int, off_t);
static ssize_t (*real_pwritev64)(int, const struct iovec *, int, off64_t);
static off_t (*real_lseek)(int, off_t, int);
static off64_t (*real_lseek64)(int, off64_t, int);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_dup)(int);
static int (*real_dup2)(int, int);
static int (*real_dup3)(int, int, int);
static int (*real_fcntl)(int, int, ...);
static int (*real_fcntl64)(int, int, ...);

/* ---- process state, guarded by g_lock unless noted */

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static pthread_key_t g_key;
static volatile int g_enabled;       /* set once at initialization */
static int g_fd = -1;                /* trace file; -1 until opened, or once given up */
static int g_failed;                 /* the trace file could not be opened or written: records count as lost */
static char g_failure[PATH_MAX + 400];
static char g_file[PATH_MAX + 300];  /* the trace file's path */
static off_t g_committed;            /* bytes of whole blocks in the file, the last a PROGRESS block */
static int g_counts_room;            /* after a failed write: the END block may take the last PROGRESS block's room */
static int g_pid;
static char g_host[256];
static int64_t g_wall_anchor, g_mono_anchor;
static uint32_t g_context_id;        /* 0, or 1 when a rank or job was found */
static int g_rank = -1;
static char g_job[256];
static uint64_t g_records_written, g_records_lost;
static struct thread_buffer *g_buffers;

/* path table: ids 1..g_path_count, written up to g_paths_written */
static char **g_paths;
static uint32_t g_path_count, g_path_capacity, g_paths_written;
static uint32_t *g_path_hash;        /* open addressing: slot -> id (0 empty) */
static uint32_t g_hash_capacity;

/* string table (errno names): ids 1..g_string_count */
static char *g_strings[512];
static uint32_t g_string_count, g_strings_written;
static uint32_t g_errno_ids[4096];
static int g_contexts_written;

/* per-descriptor state; entries are written by the thread doing the call, read racily by design (see docs) */
static uint32_t *g_fd_path;          /* 0 = not traced */
static int64_t *g_fd_pos;
static uint8_t *g_fd_append;

static __thread struct thread_buffer *tl_buffer;
static __thread int tl_busy;         /* inside the library: do not trace our own calls */

/* ---- CRC32C */

static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
    crc_table[i] = c;
  }
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint32_t crc_hw(uint32_t crc, const unsigned char *p, size_t n) {
  uint64_t c = crc;
  while (n >= 8) {
    uint64_t v;
    memcpy(&v, p, 8);
    c = __builtin_ia32_crc32di(c, v);
    p += 8;
    n -= 8;
  }
  uint32_t c32 = (uint32_t) c;
  while (n--) c32 = __builtin_ia32_crc32qi(c32, *p++);
  return c32;
}
#endif

static uint32_t crc_update(uint32_t crc, const void *data, size_t n) {
  const unsigned char *p = data;
#if defined(__x86_64__)
  if (__builtin_cpu_supports("sse4.2")) return crc_hw(crc, p, n);
#endif
  while (n--) crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
  return crc;
}

/* ---- small helpers */

static int64_t mono_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int pwrite_all(int fd, const void *data, size_t n, off_t offset) {
  const char *p = data;
  while (n > 0) {
    ssize_t w = real_pwrite(fd, p, n, offset);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (w == 0) {
      errno = ENOSPC;
      return -1;
    }
    p += w;
    n -= (size_t) w;
    offset += w;
  }
  return 0;
}

static int write_all(int fd, const void *data, size_t n) {
  const char *p = data;
  while (n > 0) {
    ssize_t w = real_write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t) w;
  }
  return 0;
}

/* A growable byte buffer for building blocks (only used under g_lock). */
struct bytes {
  unsigned char *data;
  size_t length, capacity;
  int bad;                           /* an allocation failed: the contents are incomplete */
};

static int bytes_reserve(struct bytes *b, size_t more) {
  if (b->length + more <= b->capacity) return 0;
  size_t capacity = b->capacity ? b->capacity : 4096;
  while (capacity < b->length + more) capacity *= 2;
  unsigned char *grown = realloc(b->data, capacity);
  if (!grown) return -1;
  b->data = grown;
  b->capacity = capacity;
  return 0;
}

static void put(struct bytes *b, const void *v, size_t n) {
  if (bytes_reserve(b, n) == 0) {
    memcpy(b->data + b->length, v, n);
    b->length += n;
  } else {
    b->bad = 1;
  }
}
static void put_u8(struct bytes *b, uint8_t v) { put(b, &v, 1); }
static void put_u16(struct bytes *b, uint16_t v) { put(b, &v, 2); }
static void put_u32(struct bytes *b, uint32_t v) { put(b, &v, 4); }
static void put_i64(struct bytes *b, int64_t v) { put(b, &v, 8); }
static void put_str(struct bytes *b, const char *s) {
  uint32_t n = (uint32_t) strlen(s);
  put_u32(b, n);
  put(b, s, n);
}

static void fail_locked(const char *what, int err) {
  if (!g_failed) {
    g_failed = 1;
    snprintf(g_failure, sizeof g_failure, "%s: %s", what, strerror(err));
  }
  if (g_fd >= 0) {
    real_close(g_fd);
    g_fd = -1;
  }
}

/* Appends one framed block to a batch: header, payload, CRC32C of type..payload. */
static void put_block(struct bytes *batch, uint8_t type, uint32_t entries, const void *payload, uint32_t length) {
  unsigned char head[BLOCK_HEADER_SIZE];
  uint32_t magic = BLOCK_MAGIC;
  memcpy(head, &magic, 4);
  head[4] = type;
  head[5] = head[6] = head[7] = 0;
  memcpy(head + 8, &entries, 4);
  memcpy(head + 12, &length, 4);
  uint32_t crc = crc_update(0xFFFFFFFFu, head + 4, 12);
  crc = crc_update(crc, payload, length) ^ 0xFFFFFFFFu;
  put(batch, head, BLOCK_HEADER_SIZE);
  put(batch, payload, length);
  put_u32(batch, crc);
}

/* Appends an END or PROGRESS block: records written, records lost, wall time. */
static void put_counts(struct bytes *batch, uint8_t type, uint64_t written, uint64_t lost) {
  unsigned char payload[END_PAYLOAD_SIZE];
  int64_t now_wall = g_wall_anchor + (mono_ns() - g_mono_anchor);
  memcpy(payload, &written, 8);
  memcpy(payload + 8, &lost, 8);
  memcpy(payload + 16, &now_wall, 8);
  put_block(batch, type, 0, payload, sizeof payload);
}

/* Appends a table's entries *written + 1 to count (ids index entries) as one block, in b's room. */
static void put_table_locked(struct bytes *batch, struct bytes *b, uint8_t type, char *const *entries,
                             uint32_t *written, uint32_t count) {
  if (*written >= count) return;
  for (uint32_t id = *written + 1; id <= count; id++) {
    put_u32(b, id);
    put_str(b, entries[id]);
  }
  put_block(batch, type, count - *written, b->data, (uint32_t) b->length);
  *written = count;
  batch->bad |= b->bad;
  b->length = 0;
}

/* Appends the table entries assigned since the last batch. */
static void put_tables_locked(struct bytes *batch) {
  struct bytes b = {0};
  put_table_locked(batch, &b, BLOCK_PATHS, g_paths, &g_paths_written, g_path_count);
  put_table_locked(batch, &b, BLOCK_STRINGS, g_strings, &g_strings_written, g_string_count);
  if (g_context_id && !g_contexts_written) {
    put_u32(&b, 1);
    put_str(&b, g_host);
    put_u32(&b, (uint32_t) g_pid);
    put_str(&b, g_job);
    put_str(&b, "");
    put_u32(&b, (uint32_t) g_rank);
    put_block(batch, BLOCK_CONTEXTS, 1, b.data, (uint32_t) b.length);
    g_contexts_written = 1;
    batch->bad |= b.bad;
  }
  free(b.data);
}

/* Writes a batch of whole blocks, ending with a PROGRESS or END block, after the file's whole blocks. */
static int commit_locked(struct bytes *batch) {
  if (batch->bad) {
    errno = ENOMEM;
    return -1;
  }
  if (pwrite_all(g_fd, batch->data, batch->length, g_committed) != 0) return -1;
  g_committed += (off_t) batch->length;
  return 0;
}

/* Writes an END or PROGRESS block over the last PROGRESS block, in room the file already has (a full disk). */
static int rewrite_counts_locked(uint8_t type) {
  struct bytes b = {0};
  put_counts(&b, type, g_records_written, g_records_lost);
  int rc = b.bad ? -1 : pwrite_all(g_fd, b.data, b.length, g_committed - COUNTS_BLOCK_SIZE);
  free(b.data);
  return rc;
}

/* After a failed write (the records of the batch already counted as lost): keep the file's whole batches and, in the
 * room of its last PROGRESS block, the lost count, which the END block takes over at exit. Same as the Java writer. */
static void salvage_locked(int err) {
  g_failed = 1;
  snprintf(g_failure, sizeof g_failure, "%s: %s", g_file, strerror(err));
  if (g_fd >= 0 && g_committed >= COUNTS_BLOCK_SIZE && ftruncate(g_fd, g_committed) == 0 && rewrite_counts_locked(BLOCK_PROGRESS) == 0) {
    g_counts_room = 1;
    return;
  }
  /* the rewrite may have damaged the block: end the file cut short before it rather than corrupt */
  if (g_fd >= 0 && g_committed >= COUNTS_BLOCK_SIZE && ftruncate(g_fd, g_committed - COUNTS_BLOCK_SIZE) != 0) {
    /* nothing more can be done with this file */
  }
  if (g_fd >= 0) real_close(g_fd);
  g_fd = -1;
}

/* One batch buffer, reused under g_lock. */
static struct bytes g_batch;

/* Opens the trace file and writes its header; on failure records are counted as lost. */
static void open_trace_locked(void) {
  if (g_fd >= 0 || g_failed) return;
  char dir[PATH_MAX];
  const char *configured = getenv("PFSMIX_TRACE_DIR");
  if (configured && *configured) {
    snprintf(dir, sizeof dir, "%s", configured);
  } else {
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/pfsmix-traces", tmp && *tmp ? tmp : "/tmp");
  }
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    fail_locked(dir, errno);
    return;
  }
  char path[PATH_MAX + 300];
  for (int attempt = 0; attempt < 1000 && g_fd < 0; attempt++) {
    if (attempt == 0)
      snprintf(path, sizeof path, "%s/%s-%d.ptrace", dir, g_host, g_pid);
    else
      snprintf(path, sizeof path, "%s/%s-%d-%d.ptrace", dir, g_host, g_pid, attempt);
    snprintf(g_file, sizeof g_file, "%s", path);
    g_fd = real_open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (g_fd < 0 && errno != EEXIST) {
      fail_locked(path, errno);
      return;
    }
  }
  if (g_fd < 0) {
    fail_locked(path, EEXIST);
    return;
  }

  struct bytes body = {0};
  put_i64(&body, g_wall_anchor);
  put_i64(&body, g_mono_anchor);
  put_u32(&body, (uint32_t) g_pid);
  put_str(&body, g_host);
  put_str(&body, PRODUCER);
  put_u16(&body, RECORD_SIZE);
  static const struct { const char *name; uint8_t type; uint16_t offset; } fields[RECORD_FIELD_COUNT] = {RECORD_FIELDS};
  put_u16(&body, RECORD_FIELD_COUNT);
  for (size_t i = 0; i < RECORD_FIELD_COUNT; i++) {
    put_str(&body, fields[i].name);
    put_u8(&body, fields[i].type);
    put_u16(&body, fields[i].offset);
  }
  static const char *const op_names[POSIX_OP_COUNT] = POSIX_OP_NAMES;
  put_u16(&body, POSIX_OP_COUNT);
  for (int i = 0; i < POSIX_OP_COUNT; i++) {
    put_u16(&body, (uint16_t) (POSIX_OP_FIRST + i));
    put_str(&body, op_names[i]);
  }
  put_u16(&body, 1);
  put_u8(&body, POINT_POSIX);
  put_str(&body, POINT_POSIX_NAME);

  struct bytes *head = &g_batch;
  head->length = 0;
  head->bad = body.bad;
  put(head, FILE_MAGIC, sizeof FILE_MAGIC - 1);
  put_u16(head, VERSION_MAJOR);
  put_u16(head, VERSION_MINOR);
  put_u32(head, (uint32_t) body.length);
  put(head, body.data, body.length);
  uint32_t crc = crc_update(0xFFFFFFFFu, head->data, head->length) ^ 0xFFFFFFFFu;
  put_u32(head, crc);
  /* the first PROGRESS block: the room a full disk's END block will take */
  put_counts(head, BLOCK_PROGRESS, g_records_written, g_records_lost);
  if (commit_locked(head) != 0) {
    /* not even a header: a file no reader could open would only break the directory's other traces */
    int err = errno;
    unlink(path);
    fail_locked(path, err);
  }
  free(body.data);
}

/* ---- packing records (docs/trace-format.md, PACKED RECORDS), under g_lock */

static unsigned char g_columns[PACKED_COLUMNS][RECORDS_PER_BUFFER * MAX_VARINT];
static unsigned char g_raw[4 * PACKED_COLUMNS + PACKED_COLUMNS * RECORDS_PER_BUFFER * MAX_VARINT];
static unsigned char g_packed[PACKED_PREFIX_SIZE + LZ4_COMPRESSBOUND(sizeof g_raw)];

static size_t put_varint(unsigned char *out, size_t at, int64_t value) {
  uint64_t zigzag = ((uint64_t) value << 1) ^ (uint64_t) (value >> 63);
  while (zigzag > 0x7F) {
    out[at++] = (unsigned char) (zigzag | 0x80);
    zigzag >>= 7;
  }
  out[at++] = (unsigned char) zigzag;
  return at;
}

/* Where a record is expected to act: where the previous one's data call ended (wrapping like Java's arithmetic). */
static int64_t expected_offset(int64_t offset, int64_t bytes) {
  return offset != NONE && bytes > 0 ? (int64_t) ((uint64_t) offset + (uint64_t) bytes) : offset;
}

static int64_t minus(int64_t a, int64_t b) { return (int64_t) ((uint64_t) a - (uint64_t) b); }

/* A column whose values after the first are all 0 (a field constant through the block) is cut to its first value:
 * fewer bytes than records tells the reader so. */
static size_t keep_first_when_rest_zero(const unsigned char *column, size_t end, size_t count) {
  size_t first = 0;
  while (column[first] & 0x80) first++;
  first++;
  if (first >= count || end != first + count - 1) return end;
  for (size_t i = first; i < end; i++)
    if (column[i]) return end;
  return first;
}

/* Packs records into a PACKED RECORDS payload in g_packed; returns its length, or 0 when LZ4 failed (errno set). */
static size_t pack_records_locked(const struct record *records, int count) {
  size_t ends[PACKED_COLUMNS] = {0};
  int64_t start = 0, offset = 0, length = 0, bytes = 0, thread = 0, path = 0, context = 0, op = 0, point = 0;
#define PUT_COLUMN(c, value) ends[c] = put_varint(g_columns[c], ends[c], (value))
  for (int i = 0; i < count; i++) {
    const struct record *r = &records[i];
    PUT_COLUMN(COL_START_NS, minus(r->start_ns, start));
    PUT_COLUMN(COL_DURATION_NS, r->duration_ns);
    PUT_COLUMN(COL_OFFSET, minus(r->offset, expected_offset(offset, bytes)));
    PUT_COLUMN(COL_LENGTH, minus(r->length, length));
    PUT_COLUMN(COL_BYTES, minus(r->bytes, r->length));
    PUT_COLUMN(COL_THREAD_ID, minus(r->thread_id, thread));
    PUT_COLUMN(COL_PATH_ID, (int64_t) r->path_id - path);
    PUT_COLUMN(COL_RESULT_ID, (int64_t) r->result_id);
    PUT_COLUMN(COL_CONTEXT_ID, (int64_t) r->context_id - context);
    PUT_COLUMN(COL_OP, (int64_t) r->op - op);
    PUT_COLUMN(COL_POINT, (int64_t) r->point - point);
    PUT_COLUMN(COL_FLAGS, r->flags);
    start = r->start_ns;
    offset = r->offset;
    length = r->length;
    bytes = r->bytes;
    thread = r->thread_id;
    path = r->path_id;
    context = r->context_id;
    op = r->op;
    point = r->point;
  }
#undef PUT_COLUMN
  size_t raw = 4 * PACKED_COLUMNS;
  for (int c = 0; c < PACKED_COLUMNS; c++) {
    ends[c] = keep_first_when_rest_zero(g_columns[c], ends[c], (size_t) count);
    uint32_t n = (uint32_t) ends[c];
    memcpy(g_raw + 4 * c, &n, 4);
    memcpy(g_raw + raw, g_columns[c], ends[c]);
    raw += ends[c];
  }
  int packed = LZ4_compress_default((const char *) g_raw, (char *) g_packed + PACKED_PREFIX_SIZE, (int) raw,
      (int) (sizeof g_packed - PACKED_PREFIX_SIZE));
  if (packed <= 0) {
    errno = EINVAL;
    return 0;
  }
  uint32_t raw_length = (uint32_t) raw;
  g_packed[0] = CODEC_LZ4;
  g_packed[1] = g_packed[2] = g_packed[3] = 0;
  memcpy(g_packed + 4, &raw_length, 4);
  return PACKED_PREFIX_SIZE + (size_t) packed;
}

/* Writes records as one PACKED RECORDS block with a PROGRESS block after it. */
static void write_records(const struct record *records, int count) {
  pthread_mutex_lock(&g_lock);
  open_trace_locked();
  if (g_failed) {
    g_records_lost += (uint64_t) count;
  } else {
    g_batch.length = 0;
    g_batch.bad = 0;
    put_tables_locked(&g_batch);
    size_t packed = pack_records_locked(records, count);
    if (packed == 0) g_batch.bad = 1;
    put_block(&g_batch, BLOCK_PACKED_RECORDS, (uint32_t) count, g_packed, (uint32_t) packed);
    put_counts(&g_batch, BLOCK_PROGRESS, g_records_written + (uint64_t) count, g_records_lost);
    if (commit_locked(&g_batch) == 0) {
      g_records_written += (uint64_t) count;
    } else {
      int err = errno;
      g_records_lost += (uint64_t) count;
      salvage_locked(err);
    }
  }
  pthread_mutex_unlock(&g_lock);
}

/* ---- the packer thread: packing and writing off the traced calls' threads
 *
 * A full buffer is copied into a queue of QUEUE_SLOTS slots (32 KiB each) that one thread of the library's, started
 * when the first buffer fills, packs and writes in order; the traced thread goes on at once. A full queue makes the
 * traced thread wait for a slot (memory stays bounded, nothing is dropped). Where the thread cannot be started, the
 * traced thread packs and writes as it did before the queue. At exit the queue is written out before the END block;
 * at exec or _exit what it holds is lost, as buffered records are. A forked child starts with an empty queue and no
 * packer (the parent's packer writes the parent's records). */

#define QUEUE_SLOTS 8

struct queued_buffer {
  int count;
  struct record records[RECORDS_PER_BUFFER];
};

enum { PACKER_NOT_STARTED, PACKER_RUNNING, PACKER_NONE };

static pthread_mutex_t g_queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_queue_filled = PTHREAD_COND_INITIALIZER;   /* a slot was filled, or the packer should stop */
static pthread_cond_t g_queue_drained = PTHREAD_COND_INITIALIZER;  /* a slot was written */
static struct queued_buffer *g_queue;
static int g_queue_head, g_queue_count;  /* the oldest slot; slots filled (the one being written included) */
static int g_packer = PACKER_NOT_STARTED;

static void *packer_main(void *unused) {
  (void) unused;
  tl_busy = 1;  /* the packer's own writes are not traced */
  pthread_mutex_lock(&g_queue_lock);
  for (;;) {
    while (g_queue_count == 0 && g_packer == PACKER_RUNNING) pthread_cond_wait(&g_queue_filled, &g_queue_lock);
    if (g_queue_count == 0) break;
    struct queued_buffer *slot = &g_queue[g_queue_head];
    pthread_mutex_unlock(&g_queue_lock);
    write_records(slot->records, slot->count);
    pthread_mutex_lock(&g_queue_lock);
    /* the slot is free only once written: a traced thread never refills the one being packed */
    g_queue_head = (g_queue_head + 1) % QUEUE_SLOTS;
    g_queue_count--;
    pthread_cond_broadcast(&g_queue_drained);
  }
  pthread_mutex_unlock(&g_queue_lock);
  return NULL;
}

/* Starts the packer, with every signal blocked in it (signals stay the program's threads'); false when it cannot. */
static int start_packer_locked(void) {
  g_queue = g_queue ? g_queue : calloc(QUEUE_SLOTS, sizeof *g_queue);
  if (!g_queue) return 0;
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return 0;
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pthread_t thread;
  int started = pthread_create(&thread, &attr, packer_main, NULL) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&attr);
  return started;
}

/* Hands the records to the packer; false when there is none (the caller writes them itself). */
static int queue_records(const struct record *records, int count) {
  pthread_mutex_lock(&g_queue_lock);
  if (g_packer == PACKER_NOT_STARTED) g_packer = start_packer_locked() ? PACKER_RUNNING : PACKER_NONE;
  while (g_packer == PACKER_RUNNING && g_queue_count == QUEUE_SLOTS)
    pthread_cond_wait(&g_queue_drained, &g_queue_lock);
  int queued = g_packer == PACKER_RUNNING;
  if (queued) {
    struct queued_buffer *slot = &g_queue[(g_queue_head + g_queue_count) % QUEUE_SLOTS];
    memcpy(slot->records, records, (size_t) count * sizeof *records);
    slot->count = count;
    g_queue_count++;
    pthread_cond_signal(&g_queue_filled);
  }
  pthread_mutex_unlock(&g_queue_lock);
  return queued;
}

/* At exit: waits until the packer has written every queued buffer, then stops it; later buffers are written by
 * their own threads. */
static void stop_packer(void) {
  pthread_mutex_lock(&g_queue_lock);
  while (g_packer == PACKER_RUNNING && g_queue_count > 0) pthread_cond_wait(&g_queue_drained, &g_queue_lock);
  if (g_packer == PACKER_RUNNING) {
    g_packer = PACKER_NONE;
    pthread_cond_broadcast(&g_queue_filled);
  }
  pthread_mutex_unlock(&g_queue_lock);
}

/* Hands a thread's records on to be written as one block (called with the buffer's lock held). */
static void flush_buffer(struct thread_buffer *tb) {
  if (tb->count == 0) return;
  if (!queue_records(tb->records, tb->count)) write_records(tb->records, tb->count);
  tb->count = 0;
}

static void thread_exit(void *arg) {
  struct thread_buffer *tb = arg;
  tl_busy = 1;
  pthread_mutex_lock(&tb->lock);
  flush_buffer(tb);
  pthread_mutex_unlock(&tb->lock);
  /* The buffer stays on the process list (others may be iterating it); it is empty and costs 32 KiB. */
}

static struct thread_buffer *thread_buffer(void) {
  struct thread_buffer *tb = tl_buffer;
  if (tb) return tb;
  tb = calloc(1, sizeof *tb);
  if (!tb) return NULL;
  pthread_mutex_init(&tb->lock, NULL);
  tb->tid = (int64_t) syscall(SYS_gettid);
  pthread_mutex_lock(&g_lock);
  tb->next = g_buffers;
  g_buffers = tb;
  pthread_mutex_unlock(&g_lock);
  pthread_setspecific(g_key, tb);
  tl_buffer = tb;
  return tb;
}

static uint32_t errno_id(int err) {
  if (err <= 0 || err >= 4096) err = 0;
  uint32_t id = __atomic_load_n(&g_errno_ids[err], __ATOMIC_ACQUIRE);
  if (id) return id;
  pthread_mutex_lock(&g_lock);
  if (!g_errno_ids[err] && g_string_count + 1 < sizeof g_strings / sizeof g_strings[0]) {
    const char *name = err ? strerrorname_np(err) : NULL;
    char fallback[32];
    if (!name) {
      snprintf(fallback, sizeof fallback, "errno %d", err);
      name = fallback;
    }
    g_strings[++g_string_count] = strdup(name);
    __atomic_store_n(&g_errno_ids[err], g_string_count, __ATOMIC_RELEASE);
  }
  id = g_errno_ids[err];
  pthread_mutex_unlock(&g_lock);
  return id;
}

static uint32_t hash_path(const char *s) {
  uint32_t h = 2166136261u;
  while (*s) h = (h ^ (unsigned char) *s++) * 16777619u;
  return h;
}

/* The path table id of a path (under g_lock). */
static uint32_t path_id_locked(const char *path) {
  if (g_path_count + 1 >= g_hash_capacity / 2) {
    uint32_t capacity = g_hash_capacity ? g_hash_capacity * 2 : 1024;
    uint32_t *table = calloc(capacity, sizeof *table);
    if (!table) return 0;
    for (uint32_t id = 1; id <= g_path_count; id++) {
      uint32_t slot = hash_path(g_paths[id]) & (capacity - 1);
      while (table[slot]) slot = (slot + 1) & (capacity - 1);
      table[slot] = id;
    }
    free(g_path_hash);
    g_path_hash = table;
    g_hash_capacity = capacity;
  }
  uint32_t slot = hash_path(path) & (g_hash_capacity - 1);
  while (g_path_hash[slot]) {
    if (strcmp(g_paths[g_path_hash[slot]], path) == 0) return g_path_hash[slot];
    slot = (slot + 1) & (g_hash_capacity - 1);
  }
  if (g_path_count + 2 > g_path_capacity) {
    uint32_t capacity = g_path_capacity ? g_path_capacity * 2 : 256;
    char **paths = realloc(g_paths, capacity * sizeof *paths);
    if (!paths) return 0;
    g_paths = paths;
    g_path_capacity = capacity;
  }
  char *copy = strdup(path);
  if (!copy) return 0;
  g_paths[++g_path_count] = copy;
  g_path_hash[slot] = g_path_count;
  return g_path_count;
}

/* Absolute form of an opened path: relative paths are resolved against the cwd or the directory descriptor. */
static uint32_t path_id_for_open(int dirfd, const char *path) {
  char full[PATH_MAX * 2];
  if (!path) path = "";
  if (path[0] == '/') {
    snprintf(full, sizeof full, "%s", path);
  } else if (dirfd == AT_FDCWD) {
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd))
      snprintf(full, sizeof full, "%s/%s", strcmp(cwd, "/") == 0 ? "" : cwd, path);
    else
      snprintf(full, sizeof full, "%s", path);
  } else if (dirfd >= 0 && dirfd < MAX_FDS && g_fd_path[dirfd]) {
    pthread_mutex_lock(&g_lock);
    snprintf(full, sizeof full, "%s/%s", g_paths[g_fd_path[dirfd]], path);
    pthread_mutex_unlock(&g_lock);
  } else {
    snprintf(full, sizeof full, "<fd %d>/%s", dirfd, path);
  }
  pthread_mutex_lock(&g_lock);
  uint32_t id = path_id_locked(full);
  pthread_mutex_unlock(&g_lock);
  return id;
}

static void emit(int64_t start, int64_t end, int op, uint32_t path_id, int64_t offset, int64_t length, int64_t bytes,
                 int err) {
  struct thread_buffer *tb = thread_buffer();
  if (!tb) {
    __atomic_add_fetch(&g_records_lost, 1, __ATOMIC_RELAXED);
    return;
  }
  uint32_t result = bytes < 0 && err ? errno_id(err) : 0;
  pthread_mutex_lock(&tb->lock);
  struct record *r = &tb->records[tb->count++];
  r->start_ns = g_wall_anchor + (start - g_mono_anchor);
  r->duration_ns = end - start;
  r->offset = offset;
  r->length = length;
  r->bytes = bytes;
  r->thread_id = tb->tid;
  r->path_id = path_id;
  r->result_id = result;
  r->context_id = g_context_id;
  r->op = (uint16_t) op;
  r->point = POINT_POSIX;
  r->flags = 0;
  /* Also write a buffer whose oldest record is over a second old, so that records of busy threads in one file stay
   * within about a second of time order (`pfsmix trace merge` places those while streaming; an idle thread's buffer,
   * written at exit, it takes aside in its first pass). */
  if (tb->count == RECORDS_PER_BUFFER || end - (tb->records[0].start_ns - g_wall_anchor + g_mono_anchor) > 1000000000LL)
    flush_buffer(tb);
  pthread_mutex_unlock(&tb->lock);
}

/* ---- initialization and exit */

#define RESOLVE(name) real_##name = dlsym(RTLD_NEXT, #name)

static void resolve_all(void) {
  RESOLVE(open); RESOLVE(open64); RESOLVE(openat); RESOLVE(openat64); RESOLVE(creat); RESOLVE(creat64);
  RESOLVE(close); RESOLVE(read); RESOLVE(pread); RESOLVE(pread64); RESOLVE(readv); RESOLVE(preadv);
  RESOLVE(preadv64); RESOLVE(write); RESOLVE(pwrite); RESOLVE(pwrite64); RESOLVE(writev); RESOLVE(pwritev);
  RESOLVE(pwritev64); RESOLVE(lseek); RESOLVE(lseek64); RESOLVE(fsync); RESOLVE(fdatasync); RESOLVE(dup);
  RESOLVE(dup2); RESOLVE(dup3); RESOLVE(fcntl); RESOLVE(fcntl64);
}

static int env_int(const char *name, int *out) {
  const char *v = getenv(name);
  if (!v || !*v) return 0;
  char *end;
  long value = strtol(v, &end, 10);
  if (*end || value < 0 || value > INT32_MAX) return 0;
  *out = (int) value;
  return 1;
}

static void reset_process_identity(void) {
  g_pid = getpid();
  struct timespec wall;
  clock_gettime(CLOCK_REALTIME, &wall);
  g_mono_anchor = mono_ns();
  g_wall_anchor = (int64_t) wall.tv_sec * 1000000000LL + wall.tv_nsec;
}

static void after_fork_in_child(void);

static void initialize(void) {
  resolve_all();
  crc_init();
  const char *disable = getenv("PFSMIX_TRACE_DISABLE");
  if (disable && strcmp(disable, "1") == 0) return;
  g_fd_path = calloc(MAX_FDS, sizeof *g_fd_path);
  g_fd_pos = calloc(MAX_FDS, sizeof *g_fd_pos);
  g_fd_append = calloc(MAX_FDS, 1);
  if (!g_fd_path || !g_fd_pos || !g_fd_append) return;
  if (gethostname(g_host, sizeof g_host - 1) != 0) snprintf(g_host, sizeof g_host, "localhost");
  reset_process_identity();
  static const char *rank_vars[] = {"PFSMIX_TRACE_RANK", "PMI_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK",
                                    "SLURM_PROCID"};
  for (size_t i = 0; i < sizeof rank_vars / sizeof rank_vars[0]; i++)
    if (env_int(rank_vars[i], &g_rank)) break;
  const char *job = getenv("PFSMIX_TRACE_JOB");
  if (!job || !*job) job = getenv("SLURM_JOB_ID");
  if (job) snprintf(g_job, sizeof g_job, "%s", job);
  if (g_rank >= 0 || g_job[0]) g_context_id = 1;
  pthread_key_create(&g_key, thread_exit);
  pthread_atfork(NULL, NULL, after_fork_in_child);
  __atomic_store_n(&g_enabled, 1, __ATOMIC_RELEASE);
}

static inline int ready(void) {
  if (__builtin_expect(real_write == NULL, 0)) pthread_once(&g_once, initialize);
  return g_enabled && !tl_busy;
}

/* The child writes its own file: forget the parent's file, buffers and written tables. */
static void after_fork_in_child(void) {
  g_lock = (pthread_mutex_t) PTHREAD_MUTEX_INITIALIZER;
  g_queue_lock = (pthread_mutex_t) PTHREAD_MUTEX_INITIALIZER;
  g_queue_filled = (pthread_cond_t) PTHREAD_COND_INITIALIZER;
  g_queue_drained = (pthread_cond_t) PTHREAD_COND_INITIALIZER;
  g_queue_head = g_queue_count = 0;
  g_packer = PACKER_NOT_STARTED;
  if (g_fd >= 0) real_close(g_fd);
  g_fd = -1;
  g_failed = 0;
  g_committed = 0;
  g_counts_room = 0;
  g_records_written = g_records_lost = 0;
  g_paths_written = g_strings_written = 0;
  g_contexts_written = 0;
  g_buffers = NULL;
  if (tl_buffer) {
    tl_buffer->lock = (pthread_mutex_t) PTHREAD_MUTEX_INITIALIZER;
    tl_buffer->count = 0;
    tl_buffer->tid = (int64_t) syscall(SYS_gettid);
    tl_buffer->next = NULL;
    g_buffers = tl_buffer;
  }
  reset_process_identity();
}

__attribute__((destructor)) static void finish(void) {
  if (!g_enabled) return;
  tl_busy = 1;
  pthread_mutex_lock(&g_lock);
  struct thread_buffer *list = g_buffers;
  pthread_mutex_unlock(&g_lock);
  for (struct thread_buffer *tb = list; tb; tb = tb->next) {
    pthread_mutex_lock(&tb->lock);
    flush_buffer(tb);
    pthread_mutex_unlock(&tb->lock);
  }
  stop_packer();
  pthread_mutex_lock(&g_lock);
  g_enabled = 0;
  open_trace_locked();
  if (!g_failed) {
    g_batch.length = 0;
    g_batch.bad = 0;
    put_tables_locked(&g_batch);
    put_counts(&g_batch, BLOCK_END, g_records_written, g_records_lost);
    if (commit_locked(&g_batch) != 0) salvage_locked(errno);
  }
  if (g_failed && g_counts_room) rewrite_counts_locked(BLOCK_END);
  if (g_fd >= 0) {
    real_close(g_fd);
    g_fd = -1;
  }
  if (g_failed) {
    char message[sizeof g_failure + 64];
    int n = snprintf(message, sizeof message, "pfsmix-trace: %llu records lost (%s)\n",
                     (unsigned long long) g_records_lost, g_failure);
    if (n > 0) write_all(2, message, (size_t) n < sizeof message ? (size_t) n : sizeof message - 1);
  }
  pthread_mutex_unlock(&g_lock);
}

/* ---- the intercepted calls */

static inline int traced_fd(int fd) {
  return fd >= 0 && fd < MAX_FDS && g_fd_path[fd] != 0;
}

static void note_open(int fd, uint32_t path_id, int flags) {
  if (fd < 0 || fd >= MAX_FDS) return;
  g_fd_path[fd] = path_id;
  g_fd_append[fd] = (flags & O_APPEND) != 0;
  g_fd_pos[fd] = 0;
}

static int traced_open(int op, int dirfd, const char *path, int flags, mode_t mode,
                       int (*call)(int, const char *, int, mode_t)) {
  if (!ready()) return call(dirfd, path, flags, mode);
  tl_busy = 1;
  uint32_t path_id = path_id_for_open(dirfd, path);
  int64_t start = mono_ns();
  int fd = call(dirfd, path, flags, mode);
  int64_t end = mono_ns();
  int err = errno;
  note_open(fd, path_id, flags);
  emit(start, end, op, path_id, NONE, NONE, fd, err);
  tl_busy = 0;
  errno = err;
  return fd;
}

static int call_open(int dirfd, const char *path, int flags, mode_t mode) {
  (void) dirfd;
  return real_open(path, flags, mode);
}
static int call_open64(int dirfd, const char *path, int flags, mode_t mode) {
  (void) dirfd;
  return real_open64(path, flags, mode);
}
static int call_openat(int dirfd, const char *path, int flags, mode_t mode) {
  return real_openat(dirfd, path, flags, mode);
}
static int call_openat64(int dirfd, const char *path, int flags, mode_t mode) {
  return real_openat64(dirfd, path, flags, mode);
}
static int call_creat(int dirfd, const char *path, int flags, mode_t mode) {
  (void) dirfd;
  (void) flags;
  return real_creat(path, mode);
}
static int call_creat64(int dirfd, const char *path, int flags, mode_t mode) {
  (void) dirfd;
  (void) flags;
  return real_creat64(path, mode);
}

static mode_t mode_arg(int flags, va_list ap) {
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t) va_arg(ap, int) : 0;
}

/* The body of open, open64, openat and openat64, whose mode argument is there only with O_CREAT or O_TMPFILE. */
#define VARIADIC_OPEN(op, dirfd, real, call)                \
  do {                                                      \
    va_list ap;                                             \
    va_start(ap, flags);                                    \
    mode_t mode = mode_arg(flags, ap);                      \
    va_end(ap);                                             \
    if (!real) pthread_once(&g_once, initialize);           \
    return traced_open(op, dirfd, path, flags, mode, call); \
  } while (0)

int open(const char *path, int flags, ...) { VARIADIC_OPEN(OP_OPEN, AT_FDCWD, real_open, call_open); }

int open64(const char *path, int flags, ...) { VARIADIC_OPEN(OP_OPEN, AT_FDCWD, real_open64, call_open64); }

int openat(int dirfd, const char *path, int flags, ...) {
  VARIADIC_OPEN(OP_OPENAT, dirfd, real_openat, call_openat);
}

int openat64(int dirfd, const char *path, int flags, ...) {
  VARIADIC_OPEN(OP_OPENAT, dirfd, real_openat64, call_openat64);
}

int creat(const char *path, mode_t mode) {
  if (!real_creat) pthread_once(&g_once, initialize);
  return traced_open(OP_CREAT, AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode, call_creat);
}

int creat64(const char *path, mode_t mode) {
  if (!real_creat64) pthread_once(&g_once, initialize);
  return traced_open(OP_CREAT, AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode, call_creat64);
}

/* Fortified builds call these instead of open/openat when the flags are not compile-time constants. */
int __open_2(const char *path, int flags) { return open(path, flags); }
int __open64_2(const char *path, int flags) { return open64(path, flags); }
int __openat_2(int dirfd, const char *path, int flags) { return openat(dirfd, path, flags); }
int __openat64_2(int dirfd, const char *path, int flags) { return openat64(dirfd, path, flags); }

int close(int fd) {
  if (!ready() || !traced_fd(fd)) return real_close(fd);
  tl_busy = 1;
  uint32_t path_id = g_fd_path[fd];
  g_fd_path[fd] = 0;
  int64_t start = mono_ns();
  int rc = real_close(fd);
  int64_t end = mono_ns();
  int err = errno;
  emit(start, end, OP_CLOSE, path_id, NONE, NONE, rc, err);
  tl_busy = 0;
  errno = err;
  return rc;
}

/* Where a sequential call acts: the library's view of the descriptor's position, or the end of file for writes to a
 * descriptor opened with O_APPEND (found with fstat, which leaves the position alone). */
static int64_t position_before(int fd, int writing) {
  if (writing && g_fd_append[fd]) {
    struct stat st;
    if (fstat(fd, &st) == 0) return (int64_t) st.st_size;
  }
  return g_fd_pos[fd];
}

#define SEQUENTIAL_CALL(op, writing, length_expr, call_expr)                                   \
  do {                                                                                        \
    tl_busy = 1;                                                                              \
    int64_t before = position_before(fd, writing);                                            \
    int64_t start = mono_ns();                                                                \
    ssize_t n = (call_expr);                                                                  \
    int64_t end = mono_ns();                                                                  \
    int err = errno;                                                                          \
    if (n > 0) g_fd_pos[fd] = before + n;                                                     \
    emit(start, end, op, g_fd_path[fd], before, (int64_t) (length_expr), n, err);             \
    tl_busy = 0;                                                                              \
    errno = err;                                                                              \
    return n;                                                                                 \
  } while (0)

#define POSITIONED_CALL(op, offset_expr, length_expr, call_expr)                  \
  do {                                                                           \
    tl_busy = 1;                                                                 \
    int64_t start = mono_ns();                                                   \
    ssize_t n = (call_expr);                                                     \
    int64_t end = mono_ns();                                                     \
    int err = errno;                                                             \
    emit(start, end, op, g_fd_path[fd], (int64_t) (offset_expr), (int64_t) (length_expr), n, err); \
    tl_busy = 0;                                                                 \
    errno = err;                                                                 \
    return n;                                                                    \
  } while (0)

static int64_t iov_total(const struct iovec *iov, int count) {
  int64_t total = 0;
  for (int i = 0; iov && i < count; i++) total += (int64_t) iov[i].iov_len;
  return total;
}

ssize_t read(int fd, void *buf, size_t count) {
  if (!ready() || !traced_fd(fd)) return real_read(fd, buf, count);
  SEQUENTIAL_CALL(OP_READ, 0, count, real_read(fd, buf, count));
}

ssize_t __read_chk(int fd, void *buf, size_t count, size_t buflen) {
  (void) buflen;
  return read(fd, buf, count);
}

ssize_t write(int fd, const void *buf, size_t count) {
  if (!ready() || !traced_fd(fd)) return real_write(fd, buf, count);
  SEQUENTIAL_CALL(OP_WRITE, 1, count, real_write(fd, buf, count));
}

ssize_t readv(int fd, const struct iovec *iov, int iovcnt) {
  if (!ready() || !traced_fd(fd)) return real_readv(fd, iov, iovcnt);
  SEQUENTIAL_CALL(OP_READV, 0, iov_total(iov, iovcnt), real_readv(fd, iov, iovcnt));
}

ssize_t writev(int fd, const struct iovec *iov, int iovcnt) {
  if (!ready() || !traced_fd(fd)) return real_writev(fd, iov, iovcnt);
  SEQUENTIAL_CALL(OP_WRITEV, 1, iov_total(iov, iovcnt), real_writev(fd, iov, iovcnt));
}

ssize_t pread(int fd, void *buf, size_t count, off_t offset) {
  if (!ready() || !traced_fd(fd)) return real_pread(fd, buf, count, offset);
  POSITIONED_CALL(OP_PREAD, offset, count, real_pread(fd, buf, count, offset));
}

ssize_t pread64(int fd, void *buf, size_t count, off64_t offset) {
  if (!ready() || !traced_fd(fd)) return real_pread64(fd, buf, count, offset);
  POSITIONED_CALL(OP_PREAD, offset, count, real_pread64(fd, buf, count, offset));
}

ssize_t __pread_chk(int fd, void *buf, size_t count, off_t offset, size_t buflen) {
  (void) buflen;
  return pread(fd, buf, count, offset);
}

ssize_t __pread64_chk(int fd, void *buf, size_t count, off64_t offset, size_t buflen) {
  (void) buflen;
  return pread64(fd, buf, count, offset);
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset) {
  if (!ready() || !traced_fd(fd)) return real_pwrite(fd, buf, count, offset);
  POSITIONED_CALL(OP_PWRITE, offset, count, real_pwrite(fd, buf, count, offset));
}

ssize_t pwrite64(int fd, const void *buf, size_t count, off64_t offset) {
  if (!ready() || !traced_fd(fd)) return real_pwrite64(fd, buf, count, offset);
  POSITIONED_CALL(OP_PWRITE, offset, count, real_pwrite64(fd, buf, count, offset));
}

ssize_t preadv(int fd, const struct iovec *iov, int iovcnt, off_t offset) {
  if (!ready() || !traced_fd(fd)) return real_preadv(fd, iov, iovcnt, offset);
  POSITIONED_CALL(OP_PREADV, offset, iov_total(iov, iovcnt), real_preadv(fd, iov, iovcnt, offset));
}

ssize_t preadv64(int fd, const struct iovec *iov, int iovcnt, off64_t offset) {
  if (!ready() || !traced_fd(fd)) return real_preadv64(fd, iov, iovcnt, offset);
  POSITIONED_CALL(OP_PREADV, offset, iov_total(iov, iovcnt), real_preadv64(fd, iov, iovcnt, offset));
}

ssize_t pwritev(int fd, const struct iovec *iov, int iovcnt, off_t offset) {
  if (!ready() || !traced_fd(fd)) return real_pwritev(fd, iov, iovcnt, offset);
  POSITIONED_CALL(OP_PWRITEV, offset, iov_total(iov, iovcnt), real_pwritev(fd, iov, iovcnt, offset));
}

ssize_t pwritev64(int fd, const struct iovec *iov, int iovcnt, off64_t offset) {
  if (!ready() || !traced_fd(fd)) return real_pwritev64(fd, iov, iovcnt, offset);
  POSITIONED_CALL(OP_PWRITEV, offset, iov_total(iov, iovcnt), real_pwritev64(fd, iov, iovcnt, offset));
}

static int64_t traced_lseek(int fd, int64_t offset, int whence, int64_t (*call)(int, int64_t, int)) {
  tl_busy = 1;
  int64_t before = g_fd_pos[fd];
  int64_t start = mono_ns();
  int64_t result = call(fd, offset, whence);
  int64_t end = mono_ns();
  int err = errno;
  if (result >= 0) g_fd_pos[fd] = result;
  emit(start, end, OP_LSEEK, g_fd_path[fd], before, offset, result, err);
  tl_busy = 0;
  errno = err;
  return result;
}

static int64_t call_lseek(int fd, int64_t offset, int whence) { return real_lseek(fd, (off_t) offset, whence); }
static int64_t call_lseek64(int fd, int64_t offset, int whence) { return real_lseek64(fd, offset, whence); }

off_t lseek(int fd, off_t offset, int whence) {
  if (!ready() || !traced_fd(fd)) return real_lseek(fd, offset, whence);
  return (off_t) traced_lseek(fd, offset, whence, call_lseek);
}

off64_t lseek64(int fd, off64_t offset, int whence) {
  if (!ready() || !traced_fd(fd)) return real_lseek64(fd, offset, whence);
  return traced_lseek(fd, offset, whence, call_lseek64);
}

static int traced_sync(int fd, int op, int (*call)(int)) {
  tl_busy = 1;
  int64_t start = mono_ns();
  int rc = call(fd);
  int64_t end = mono_ns();
  int err = errno;
  emit(start, end, op, g_fd_path[fd], NONE, NONE, rc, err);
  tl_busy = 0;
  errno = err;
  return rc;
}

int fsync(int fd) {
  if (!ready() || !traced_fd(fd)) return real_fsync(fd);
  return traced_sync(fd, OP_FSYNC, real_fsync);
}

int fdatasync(int fd) {
  if (!ready() || !traced_fd(fd)) return real_fdatasync(fd);
  return traced_sync(fd, OP_FDATASYNC, real_fdatasync);
}

/* ---- duplicated descriptors: no record (the format has no code for them), but the copy is traced as the original
 * was. Programs open a file and move it onto a standard descriptor (dd, a shell's redirection of a builtin), so the
 * reads and writes through the copy are the file's. The copy starts at the original's position as the library saw it;
 * the two share one offset in the kernel, which the library follows per descriptor, as it does for any other call it
 * does not see. */

static void note_dup(int from, int to) {
  if (to < 0 || to >= MAX_FDS || from == to) return;
  if (traced_fd(from)) {
    g_fd_path[to] = g_fd_path[from];
    g_fd_append[to] = g_fd_append[from];
    g_fd_pos[to] = g_fd_pos[from];
  } else {
    g_fd_path[to] = 0;  /* dup2 onto a traced descriptor closed the file it named */
  }
}

int dup(int fd) {
  if (!real_dup) pthread_once(&g_once, initialize);
  int copy = real_dup(fd);
  if (copy >= 0 && g_enabled) note_dup(fd, copy);
  return copy;
}

int dup2(int fd, int to) {
  if (!real_dup2) pthread_once(&g_once, initialize);
  int copy = real_dup2(fd, to);
  if (copy >= 0 && g_enabled) note_dup(fd, copy);
  return copy;
}

int dup3(int fd, int to, int flags) {
  if (!real_dup3) pthread_once(&g_once, initialize);
  int copy = real_dup3(fd, to, flags);
  if (copy >= 0 && g_enabled) note_dup(fd, copy);
  return copy;
}

/* fcntl's third argument is an int or a pointer as the command says; glibc takes it as a pointer, and so is it passed
 * on. Only F_DUPFD and F_DUPFD_CLOEXEC make a descriptor. */
static int traced_fcntl(int (*call)(int, int, ...), int fd, int cmd, void *arg) {
  int rc = call(fd, cmd, arg);
  if (rc >= 0 && g_enabled && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)) note_dup(fd, rc);
  return rc;
}

int fcntl(int fd, int cmd, ...) {
  va_list ap;
  va_start(ap, cmd);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  if (!real_fcntl) pthread_once(&g_once, initialize);
  return traced_fcntl(real_fcntl, fd, cmd, arg);
}

int fcntl64(int fd, int cmd, ...) {
  va_list ap;
  va_start(ap, cmd);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  if (!real_fcntl64) pthread_once(&g_once, initialize);
  return traced_fcntl(real_fcntl64 ? real_fcntl64 : real_fcntl, fd, cmd, arg);
}
