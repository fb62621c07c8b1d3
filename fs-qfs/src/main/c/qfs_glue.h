/*
 * qfs_glue.h — QFS's C++ client (KfsClient) as the few C calls fs-qfs's JNI binding needs, so that the binding itself is
 * C and shares pfsmix_jni.h with the other native backends. Paths are absolute paths of the QFS name space; every call
 * returns 0 (or a count, a descriptor) on success and -errno (or one of QFS's own negative codes) on failure.
 */
#ifndef QFS_GLUE_H
#define QFS_GLUE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct qfs_client qfs_client;

struct qfs_attr {
  int64_t file_id;
  int64_t size;
  int64_t mtime_ms;
  int is_directory;
  int is_symlink;
  int mode;
  int64_t uid;
  int64_t gid;
  int replicas;
  /* a symlink's target (malloc'ed, the caller frees it), else NULL */
  char *link_target;
};

struct qfs_entry {
  char *name;
  struct qfs_attr attr;
};

/* A client of the metaserver at host:port; NULL with *error set when it cannot be reached. */
qfs_client *qfs_connect(const char *host, int port, int retry_delay_seconds, int max_retries, int op_timeout_seconds,
                        const char *log_level, int *error);
void qfs_disconnect(qfs_client *client);

/* Reason text for a failed call's code (QFS has codes beyond errno); writes into buffer. */
void qfs_error_text(int code, char *buffer, size_t size);

/* With with_size 0, attr->size is -1: QFS asks a chunkserver for the size of a file's last chunk, which fails (EIO)
   while that chunk has no replica up, and only stat needs the size. */
int qfs_lstat(qfs_client *client, const char *path, int with_size, struct qfs_attr *attr);
int qfs_fstat(qfs_client *client, int fd, struct qfs_attr *attr);
/* Entries of a directory without "." and ".."; *entries is malloc'ed, free with qfs_free_entries. */
int qfs_list(qfs_client *client, const char *path, struct qfs_entry **entries, size_t *count);
void qfs_free_entries(struct qfs_entry *entries, size_t count);

int qfs_mkdir(qfs_client *client, const char *path, int mode);
int qfs_rmdir(qfs_client *client, const char *path);
int qfs_remove(qfs_client *client, const char *path);
/* Never replaces an existing destination. */
int qfs_rename(qfs_client *client, const char *from, const char *to);

/*
 * Creates a replicated (not striped) file open for writing: exclusive fails with -EEXIST when the name exists, else an
 * existing file is truncated. Returns the descriptor.
 */
int qfs_create(qfs_client *client, const char *path, int replicas, int exclusive, int mode);
/* Opens an existing file for reading, or for writing without truncating it. Returns the descriptor. */
int qfs_open(qfs_client *client, const char *path, int write);
int64_t qfs_pread(qfs_client *client, int fd, int64_t position, char *buffer, size_t length);
int64_t qfs_pwrite(qfs_client *client, int fd, int64_t position, const char *buffer, size_t length);
int qfs_sync(qfs_client *client, int fd);
int qfs_close(qfs_client *client, int fd);

/* Negative times are left unchanged. */
int qfs_set_times(qfs_client *client, const char *path, int64_t mtime_ms, int64_t atime_ms);
int qfs_chmod(qfs_client *client, const char *path, int mode);
int qfs_chown(qfs_client *client, const char *path, int64_t uid, int64_t gid);

/*
 * The chunk servers holding each chunk of [start, start + length): *hosts is one malloc'ed string per chunk, its hosts
 * separated by ','; free with qfs_free_hosts. *chunk_size is the size of one chunk.
 */
int qfs_locations(qfs_client *client, const char *path, int64_t start, int64_t length, char ***hosts, size_t *count,
                  int64_t *chunk_size);
void qfs_free_hosts(char **hosts, size_t count);

#ifdef __cplusplus
}
#endif

#endif
