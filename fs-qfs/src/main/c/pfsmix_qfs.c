/*
 * pfsmix_qfs.c — fs-qfs's JNI binding (io.pfsmix.fs.qfs.QfsClient) to QFS's C++ client through qfs_glue.h. A client is
 * a KfsClient of one metaserver, passed to Java as its address. Paths arrive resolved beneath the backend's root by
 * QfsRoot; failures throw ErrnoException with QFS's own reason text.
 */
/* GNU strerror_r, which pfsmix_jni.h uses */
#define _GNU_SOURCE
#include "pfsmix_jni.h"
#include "qfs_glue.h"
#include "io_pfsmix_fs_qfs_QfsClient.h"

#include <stdint.h>

/* the fields of QfsClient.Attributes, in the order of its long[] */
enum { ATTR_FILE_ID, ATTR_SIZE, ATTR_MTIME, ATTR_FLAGS, ATTR_MODE, ATTR_UID, ATTR_GID, ATTR_REPLICAS, ATTR_FIELDS };
#define FLAG_DIRECTORY 1
#define FLAG_SYMLINK 2

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
  return pfsmix_jni_onload(vm);
}

/* QFS returns -errno, or its own negative codes: throws for a negative result and returns whether it did. */
static int failed(JNIEnv *env, const char *call, int64_t result) {
  if (result >= 0) return 0;
  char reason[256];
  qfs_error_text((int) result, reason, sizeof reason);
  throw_errno(env, call, (int) -result, reason);
  return 1;
}

static qfs_client *client_of(jlong client) {
  return (qfs_client *) (intptr_t) client;
}

JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_qfs_QfsClient_connect(JNIEnv *env, jclass type, jbyteArray jhost, jint port,
    jint retry_delay, jint max_retries, jint timeout, jbyteArray jlevel) {
  char *host = c_string(env, jhost, "metaserver host");
  if (host == NULL) return 0;
  char *level = c_string(env, jlevel, "log level");
  if (level == NULL) {
    free(host);
    return 0;
  }
  int error = 0;
  qfs_client *client = qfs_connect(host, port, retry_delay, max_retries, timeout, level, &error);
  free(host);
  free(level);
  if (client == NULL) {
    failed(env, "connect", error);
    return 0;
  }
  return (jlong) (intptr_t) client;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_qfs_QfsClient_disconnect(JNIEnv *env, jclass type, jlong client) {
  qfs_disconnect(client_of(client));
}

static void fill(const struct qfs_attr *attr, jlong *fields) {
  fields[ATTR_FILE_ID] = attr->file_id;
  fields[ATTR_SIZE] = attr->size;
  fields[ATTR_MTIME] = attr->mtime_ms;
  fields[ATTR_FLAGS] = (attr->is_directory ? FLAG_DIRECTORY : 0) | (attr->is_symlink ? FLAG_SYMLINK : 0);
  fields[ATTR_MODE] = attr->mode;
  fields[ATTR_UID] = attr->uid;
  fields[ATTR_GID] = attr->gid;
  fields[ATTR_REPLICAS] = attr->replicas;
}

static jlongArray attributes(JNIEnv *env, const struct qfs_attr *attr) {
  jlong fields[ATTR_FIELDS];
  fill(attr, fields);
  jlongArray result = (*env)->NewLongArray(env, ATTR_FIELDS);
  if (result != NULL) (*env)->SetLongArrayRegion(env, result, 0, ATTR_FIELDS, fields);
  return result;
}

/* The attributes of the entry a Java path names, itself; 0 with an exception pending when that fails. */
static int lstat_path(JNIEnv *env, jlong client, jbyteArray jpath, int with_size, struct qfs_attr *attr) {
  char *path = c_string(env, jpath, "path");
  if (path == NULL) return 0;
  int result = qfs_lstat(client_of(client), path, with_size, attr);
  free(path);
  return !failed(env, "lstat", result);
}

JNIEXPORT jlongArray JNICALL Java_io_pfsmix_fs_qfs_QfsClient_lstat(JNIEnv *env, jclass type, jlong client,
    jbyteArray jpath, jboolean with_size) {
  struct qfs_attr attr;
  if (!lstat_path(env, client, jpath, with_size, &attr)) return NULL;
  free(attr.link_target);
  return attributes(env, &attr);
}

JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_qfs_QfsClient_linkTarget(JNIEnv *env, jclass type, jlong client,
    jbyteArray jpath) {
  struct qfs_attr attr;
  if (!lstat_path(env, client, jpath, 0, &attr)) return NULL;
  if (attr.link_target == NULL) {
    throw_errno(env, "readlink", EINVAL, "not a symbolic link");
    return NULL;
  }
  jbyteArray target = java_bytes(env, attr.link_target, strlen(attr.link_target));
  free(attr.link_target);
  return target;
}

JNIEXPORT jlongArray JNICALL Java_io_pfsmix_fs_qfs_QfsClient_fstat(JNIEnv *env, jclass type, jlong client, jint fd) {
  struct qfs_attr attr;
  if (failed(env, "fstat", qfs_fstat(client_of(client), fd, &attr))) return NULL;
  free(attr.link_target);
  return attributes(env, &attr);
}

/* names[i] = the bytes of a C string; 0 with an exception pending when that fails. */
static int set_bytes(JNIEnv *env, jobjectArray names, size_t i, const char *text) {
  jbyteArray bytes = java_bytes(env, text, strlen(text));
  if (bytes == NULL) return 0;
  (*env)->SetObjectArrayElement(env, names, (jsize) i, bytes);
  (*env)->DeleteLocalRef(env, bytes);
  return 1;
}

/* Object[] {first, second}: the results of a call that returns two arrays. */
static jobjectArray pair(JNIEnv *env, jobject first, jobject second) {
  jobjectArray result = (*env)->NewObjectArray(env, 2, object_class, NULL);
  if (result != NULL) {
    (*env)->SetObjectArrayElement(env, result, 0, first);
    (*env)->SetObjectArrayElement(env, result, 1, second);
  }
  return result;
}

JNIEXPORT jobjectArray JNICALL Java_io_pfsmix_fs_qfs_QfsClient_list(JNIEnv *env, jclass type, jlong client,
    jbyteArray jpath) {
  char *path = c_string(env, jpath, "path");
  if (path == NULL) return NULL;
  struct qfs_entry *entries = NULL;
  size_t count = 0;
  int status = qfs_list(client_of(client), path, &entries, &count);
  free(path);
  if (failed(env, "readdir", status)) return NULL;
  jobjectArray result = NULL;
  jobjectArray names = (*env)->NewObjectArray(env, (jsize) count, byte_array, NULL);
  jlongArray fields = (*env)->NewLongArray(env, (jsize) (count * ATTR_FIELDS));
  if (names != NULL && fields != NULL) {
    size_t i = 0;
    for (; i < count && set_bytes(env, names, i, entries[i].name); i++) {
      jlong one[ATTR_FIELDS];
      fill(&entries[i].attr, one);
      (*env)->SetLongArrayRegion(env, fields, (jsize) (i * ATTR_FIELDS), ATTR_FIELDS, one);
    }
    if (i == count) result = pair(env, names, fields);
  }
  qfs_free_entries(entries, count);
  return result;
}

/* The calls that take one path and return a status or a descriptor. */
#define PATH_CALL(jname, call, expression, ...)                                                              \
  JNIEXPORT jint JNICALL Java_io_pfsmix_fs_qfs_QfsClient_##jname(JNIEnv *env, jclass type, jlong client,       \
      jbyteArray jpath, ##__VA_ARGS__) {                                                                      \
    char *path = c_string(env, jpath, "path");                                                                \
    if (path == NULL) return -1;                                                                              \
    int result = (expression);                                                                                \
    free(path);                                                                                               \
    return failed(env, call, result) ? -1 : result;                                                           \
  }

PATH_CALL(mkdir, "mkdir", qfs_mkdir(client_of(client), path, mode), jint mode)
PATH_CALL(rmdir, "rmdir", qfs_rmdir(client_of(client), path))
PATH_CALL(remove, "remove", qfs_remove(client_of(client), path))
PATH_CALL(create, "create", qfs_create(client_of(client), path, replicas, exclusive, mode), jint replicas,
          jboolean exclusive, jint mode)
PATH_CALL(open, "open", qfs_open(client_of(client), path, write), jboolean write)
PATH_CALL(setTimes, "utimes", qfs_set_times(client_of(client), path, mtime, atime), jlong mtime, jlong atime)
PATH_CALL(chmod, "chmod", qfs_chmod(client_of(client), path, mode), jint mode)
PATH_CALL(chown, "chown", qfs_chown(client_of(client), path, uid, gid), jlong uid, jlong gid)

JNIEXPORT void JNICALL Java_io_pfsmix_fs_qfs_QfsClient_rename(JNIEnv *env, jclass type, jlong client,
    jbyteArray jfrom, jbyteArray jto) {
  char *from = c_string(env, jfrom, "path");
  if (from == NULL) return;
  char *to = c_string(env, jto, "path");
  if (to != NULL) {
    failed(env, "rename", qfs_rename(client_of(client), from, to));
    free(to);
  }
  free(from);
}

static char *buffer_at(JNIEnv *env, jobject buffer, jint offset, jint length) {
  char *memory = (*env)->GetDirectBufferAddress(env, buffer);
  if (memory == NULL) {
    throw_errno(env, "io", EINVAL, "the buffer is not a direct buffer");
    return NULL;
  }
  if (offset < 0 || length < 0 || (jlong) offset + length > (*env)->GetDirectBufferCapacity(env, buffer)) {
    throw_errno(env, "io", EINVAL, "the range is outside the buffer");
    return NULL;
  }
  return memory + offset;
}

/* Up to length bytes at position; 0 at the end of the file. */
JNIEXPORT jint JNICALL Java_io_pfsmix_fs_qfs_QfsClient_pread(JNIEnv *env, jclass type, jlong client, jint fd,
    jlong position, jobject buffer, jint offset, jint length) {
  char *memory = buffer_at(env, buffer, offset, length);
  if (memory == NULL) return -1;
  int64_t result = qfs_pread(client_of(client), fd, position, memory, (size_t) length);
  return failed(env, "pread", result) ? -1 : (jint) result;
}

/* All length bytes at position (the client buffers them; sync and close report the servers' errors). */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_qfs_QfsClient_pwrite(JNIEnv *env, jclass type, jlong client, jint fd,
    jlong position, jobject buffer, jint offset, jint length) {
  char *memory = buffer_at(env, buffer, offset, length);
  if (memory == NULL) return;
  jlong done = 0;
  while (done < length) {
    int64_t result = qfs_pwrite(client_of(client), fd, position + done, memory + done, (size_t) (length - done));
    if (failed(env, "pwrite", result)) return;
    if (result == 0) {
      throw_errno(env, "pwrite", EIO, "the client wrote nothing");
      return;
    }
    done += result;
  }
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_qfs_QfsClient_sync(JNIEnv *env, jclass type, jlong client, jint fd) {
  failed(env, "sync", qfs_sync(client_of(client), fd));
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_qfs_QfsClient_close(JNIEnv *env, jclass type, jlong client, jint fd) {
  failed(env, "close", qfs_close(client_of(client), fd));
}

/* {long[] {chunk size}, byte[][] hosts of each chunk, ','-separated} */
JNIEXPORT jobjectArray JNICALL Java_io_pfsmix_fs_qfs_QfsClient_locations(JNIEnv *env, jclass type, jlong client,
    jbyteArray jpath, jlong start, jlong length) {
  char *path = c_string(env, jpath, "path");
  if (path == NULL) return NULL;
  char **hosts = NULL;
  size_t count = 0;
  int64_t chunk_size = 0;
  int status = qfs_locations(client_of(client), path, start, length, &hosts, &count, &chunk_size);
  free(path);
  if (failed(env, "locations", status)) return NULL;
  jobjectArray result = NULL;
  jobjectArray names = (*env)->NewObjectArray(env, (jsize) count, byte_array, NULL);
  jlongArray size = (*env)->NewLongArray(env, 1);
  if (names != NULL && size != NULL) {
    jlong chunk = chunk_size;
    (*env)->SetLongArrayRegion(env, size, 0, 1, &chunk);
    size_t i = 0;
    while (i < count && set_bytes(env, names, i, hosts[i])) i++;
    if (i == count) result = pair(env, size, names);
  }
  qfs_free_hosts(hosts, count);
  return result;
}
