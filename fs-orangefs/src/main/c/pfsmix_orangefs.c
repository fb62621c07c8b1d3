/*
 * pfsmix_orangefs.c — the OrangeFS backend's binding to OrangeFS's client library (libpvfs2), through its system
 * interface (PVFS_sys_*), the calls CMU's Hadoop shim for PVFS made. Not usrint, not OrangeFS's Java classes.
 *
 * Every call takes the file system's id and the 64-bit handles of the objects it acts on; names are always one
 * component, looked up in a directory whose handle the caller holds. Paths are never given to the library: the
 * Java side (OrangefsRoot) walks them from the handles it holds and resolves symlinks itself, so that nothing the
 * library would follow leads outside the configured root.
 *
 * Errors are thrown as fs-shim's ErrnoException(call, errno, reason): OrangeFS's error codes mapped to errno where
 * they have one, EIO otherwise, and OrangeFS's own message as the reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <jni.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pvfs2.h>

/* the two management calls that map a handle to its server, from pvfs2-mgmt.h, which the install cannot compile
   (it includes pint-uid-mgmt.h, which is not installed) */
PVFS_error PVFS_mgmt_map_handle(PVFS_fs_id fs_id, PVFS_handle handle, PVFS_BMI_addr_t *addr);
const char *PVFS_mgmt_map_addr(PVFS_fs_id fs_id, PVFS_BMI_addr_t addr, int *server_type);
/* the library allocates with its own allocator (a header before each block): what it hands over is freed with its
   free, not glibc's (pint-malloc.h, not installed either) */
void PINT_free(void *memory);

#include "io_pfsmix_fs_orangefs_OrangefsClient.h"
#include "pfsmix_jni.h"

/* fields of an entry's attributes, as OrangefsClient.Attributes reads them */
#define ATTR_FIELDS 9
/* entries asked for per readdirplus round trip: the most the library allows */
#define READDIR_BATCH PVFS_SYS_LIMIT_LISTATTR
/* a credential that outlives any process: the client makes it once, unsigned (OrangeFS built without security) */
#define CREDENTIAL_SECONDS (10u * 365 * 24 * 3600)
/* the keys under which a file's metadata object holds its distribution and datafile handles (pvfs2-viewdist reads
   them the same way); the key's size includes the NUL */
static const char DIST_KEY[] = "system.pvfs2.md";
static const char DATAFILES_KEY[] = "system.pvfs2.dh";
/* the largest distribution or datafile list read: 4 KiB hold 512 datafiles */
#define XATTR_VALUE_MAX 4096

/* One call into the client library at a time. Its blocking calls are not safe from several threads at once: with four
   IOR ranks writing one file for a minute, a call that ran to completion at once was also taken off the shared
   completion list by another thread's progress loop, its hints freed twice ("PINT_free: free fails magic number test"
   in PVFS_hint_free), then servers got garbage hints and writes failed with EINVAL. Processes still run in parallel. */
static pthread_mutex_t library_lock = PTHREAD_MUTEX_INITIALIZER;
#define SERIALIZED(call) ({ \
  pthread_mutex_lock(&library_lock); \
  __typeof__(call) serialized_result = (call); \
  pthread_mutex_unlock(&library_lock); \
  serialized_result; })

static pthread_once_t credential_once = PTHREAD_ONCE_INIT;
static PVFS_credential credential;
static int credential_error;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
  return pfsmix_jni_onload(vm);
}

/* OrangeFS returns -PVFS_E*: throws for a negative result and returns whether it did. */
static int failed(JNIEnv *env, const char *call, int result) {
  if (result >= 0) return 0;
  char reason[256];
  PVFS_strerror_r(result, reason, sizeof reason);
  int error = -result;
  int mapped = IS_PVFS_NON_ERRNO_ERROR(error) ? EIO : PVFS_get_errno_mapping(error);
  throw_errno(env, call, mapped > 0 ? mapped : EIO, reason);
  return 1;
}

static void make_credential(void) {
  credential_error = PVFS_util_gen_credential(NULL, NULL, CREDENTIAL_SECONDS, NULL, NULL, &credential);
}

/* The process's credential (its uid and groups), made on first use; NULL with an exception. */
static const PVFS_credential *creds(JNIEnv *env) {
  pthread_once(&credential_once, make_credential);
  if (failed(env, "credential", credential_error)) return NULL;
  return &credential;
}

static PVFS_object_ref ref_of(jint fs, jlong handle) {
  PVFS_object_ref ref;
  ref.fs_id = fs;
  ref.handle = (PVFS_handle) handle;
  return ref;
}

/* A single directory entry name from Java, refused when it could be read as more than one component. */
static char *entry_name(JNIEnv *env, jbyteArray name) {
  char *text = c_string(env, name, "name");
  if (text == NULL) return NULL;
  if (text[0] == '\0' || strchr(text, '/') != NULL || strcmp(text, ".") == 0 || strcmp(text, "..") == 0) {
    free(text);
    throw_errno(env, "name", EINVAL, "not a single path component");
    return NULL;
  }
  return text;
}

/* The client library's logging (gossip), whose header OrangeFS does not install. */
int gossip_enable_stderr(void);
int gossip_enable_file(const char *filename, const char *mode);

JNIEXPORT void JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_initialize(JNIEnv *env, jclass type,
    jint cacheMillis, jbyteArray logFile) {
  if (failed(env, "PVFS_sys_initialize", PVFS_sys_initialize(GOSSIP_NO_DEBUG))) return;
  /* the library logs errors it also returns (e.g. EEXIST of two threads' mkdir of one directory), which the backend
     reports as exceptions: by default they go nowhere rather than into the user's terminal */
  if (logFile != NULL && (*env)->GetArrayLength(env, logFile) == 0) {
    gossip_enable_stderr();
  } else {
    /* off is /dev/null: gossip_disable() turns debugging off but leaves errors going to the facility */
    char *path = logFile == NULL ? strdup("/dev/null") : c_string(env, logFile, "log file");
    if (path == NULL) return;
    int rc = gossip_enable_file(path, "a"); /* -errno when the file cannot be opened */
    if (rc != 0) throw_errno(env, "gossip_enable_file", -rc, path);
    free(path);
  }
  /* caches of names and attributes: a process sees other processes' changes only once these expire */
  PVFS_sys_set_info(PVFS_SYS_ACACHE_TIMEOUT_MSECS, (unsigned int) cacheMillis);
  PVFS_sys_set_info(PVFS_SYS_NCACHE_TIMEOUT_MSECS, (unsigned int) cacheMillis);
}

/* Adds the file system of fs_spec "tcp://HOST:PORT/NAME" (commas separate several config servers); returns its id. */
JNIEXPORT jint JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_addFileSystem(JNIEnv *env, jclass type,
    jbyteArray jspec) {
  char *spec = c_string(env, jspec, "fs_spec");
  if (spec == NULL) return 0;
  struct PVFS_sys_mntent *entry = calloc(1, sizeof *entry);
  int servers = 1;
  for (const char *c = spec; *c; c++) servers += *c == ',';
  char **addresses = calloc((size_t) servers, sizeof *addresses);
  if (entry == NULL || addresses == NULL) {
    free(spec);
    free(entry);
    free(addresses);
    throw_errno(env, "malloc", ENOMEM, NULL);
    return 0;
  }
  char *name = NULL;
  int count = 0;
  char *rest = spec;
  for (char *token; (token = strsep(&rest, ",")) != NULL;) {
    char *slash = strrchr(token, '/');
    /* "tcp://host:port/name": the server address before the last slash, the file system's name after it */
    if (slash == NULL || slash - token < 7 || strstr(token, "://") == NULL || slash[1] == '\0'
        || (name != NULL && strcmp(name, slash + 1) != 0)) {
      throw_errno(env, "fs_spec", EINVAL, "not tcp://HOST:PORT/FSNAME[,tcp://HOST:PORT/FSNAME...] with one name");
      break;
    }
    *slash = '\0';
    addresses[count++] = strdup(token);
    if (name == NULL) name = strdup(slash + 1);
    if (addresses[count - 1] == NULL || name == NULL) {
      throw_errno(env, "strdup", ENOMEM, NULL);
      break;
    }
  }
  free(spec);
  if ((*env)->ExceptionCheck(env)) {
    for (int i = 0; i < count; i++) free(addresses[i]);
    free(addresses);
    free(name);
    free(entry);
    return 0;
  }
  entry->pvfs_config_servers = addresses;
  entry->num_pvfs_config_servers = count;
  entry->pvfs_fs_name = name;
  entry->flowproto = FLOWPROTO_DEFAULT;
  entry->encoding = PVFS2_ENCODING_DEFAULT;
  entry->integrity_check = 1;
  entry->mnt_dir = strdup("/");
  /* the entry stays with the library for the life of the process: file systems are added, never removed */
  int result = SERIALIZED(PVFS_sys_fs_add(entry));
  if (failed(env, "PVFS_sys_fs_add", result)) return 0;
  return entry->fs_id;
}

JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_rootHandle(JNIEnv *env, jclass type, jint fs) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return 0;
  PVFS_sysresp_lookup response;
  memset(&response, 0, sizeof response);
  char root[] = "/";
  if (failed(env, "lookup /",
      SERIALIZED(PVFS_sys_lookup(fs, root, cred, &response, PVFS2_LOOKUP_LINK_NO_FOLLOW, NULL)))) {
    return 0;
  }
  return (jlong) response.ref.handle;
}

/* The handle of entry name in directory parent, a symlink itself rather than its target. */
JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_lookup(JNIEnv *env, jclass type, jint fs,
    jlong parent, jbyteArray jname) {
  const PVFS_credential *cred = creds(env);
  char *name = cred == NULL ? NULL : entry_name(env, jname);
  if (name == NULL) return 0;
  PVFS_sysresp_lookup response;
  memset(&response, 0, sizeof response);
  int result = SERIALIZED(PVFS_sys_ref_lookup(fs, name, ref_of(fs, parent), cred, &response,
      PVFS2_LOOKUP_LINK_NO_FOLLOW, NULL));
  free(name);
  if (failed(env, "lookup", result)) return 0;
  return (jlong) response.ref.handle;
}

/* Fills fields[at..] from attr (objtype, perms, size, mtime, atime, owner, group, datafile count, and for files the
   block size, which simple_stripe reports as strip size times datafile count); the link target or NULL. */
static jbyteArray put_attributes(JNIEnv *env, const PVFS_sys_attr *attr, jlongArray fields, jsize at) {
  jlong values[ATTR_FIELDS] = {attr->objtype, attr->perms & 07777, (jlong) attr->size, (jlong) attr->mtime,
      (jlong) attr->atime, attr->owner, attr->group, attr->dfile_count,
      (attr->mask & PVFS_ATTR_SYS_BLKSIZE) ? (jlong) attr->blksize : 0};
  (*env)->SetLongArrayRegion(env, fields, at, ATTR_FIELDS, values);
  if (attr->objtype == PVFS_TYPE_SYMLINK && attr->link_target != NULL) {
    return java_bytes(env, attr->link_target, strlen(attr->link_target));
  }
  return NULL;
}

JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_getattr(JNIEnv *env, jclass type, jint fs,
    jlong handle, jboolean withSize, jlongArray fields) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return NULL;
  PVFS_sysresp_getattr response;
  memset(&response, 0, sizeof response);
  /* a file's size is the sum over its datafiles: one message per I/O server, asked only when wanted */
  uint32_t mask = withSize ? PVFS_ATTR_SYS_ALL_NOHINT : PVFS_ATTR_SYS_ALL_NOSIZE;
  if (failed(env, "getattr", SERIALIZED(PVFS_sys_getattr(ref_of(fs, handle), mask, cred, &response, NULL)))) {
    return NULL;
  }
  jbyteArray target = put_attributes(env, &response.attr, fields, 0);
  PVFS_util_release_sys_attr(&response.attr);
  return target;
}

/* {byte[][] names, long[] handles, long[] attributes (ATTR_FIELDS each), byte[][] link targets}; entries whose
   attributes could not be read (removed meanwhile) are left out. */
JNIEXPORT jobjectArray JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_readdir(JNIEnv *env, jclass type, jint fs,
    jlong handle) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return NULL;
  size_t capacity = 64, count = 0;
  char **names = malloc(capacity * sizeof *names);
  jlong *handles = malloc(capacity * sizeof *handles);
  PVFS_sys_attr *attrs = malloc(capacity * sizeof *attrs);
  jobjectArray result = NULL;
  if (names == NULL || handles == NULL || attrs == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    goto out;
  }
  PVFS_ds_position token = PVFS_READDIR_START;
  for (;;) {
    PVFS_sysresp_readdirplus response;
    memset(&response, 0, sizeof response);
    int status = SERIALIZED(PVFS_sys_readdirplus(ref_of(fs, handle), token, READDIR_BATCH, cred,
        PVFS_ATTR_SYS_ALL_NOHINT, &response, NULL));
    if (failed(env, "readdirplus", status)) goto out;
    for (uint32_t i = 0; i < response.pvfs_dirent_outcount; i++) {
      if (response.stat_err_array[i] != 0) {
        PVFS_util_release_sys_attr(&response.attr_array[i]);
        continue;
      }
      if (count == capacity) {
        capacity *= 2;
        char **n = realloc(names, capacity * sizeof *names);
        if (n != NULL) names = n;
        jlong *h = realloc(handles, capacity * sizeof *handles);
        if (h != NULL) handles = h;
        PVFS_sys_attr *a = realloc(attrs, capacity * sizeof *attrs);
        if (a != NULL) attrs = a;
        if (n == NULL || h == NULL || a == NULL) {
          for (uint32_t j = i; j < response.pvfs_dirent_outcount; j++) {
            PVFS_util_release_sys_attr(&response.attr_array[j]);
          }
          PINT_free(response.dirent_array);
          PINT_free(response.stat_err_array);
          PINT_free(response.attr_array);
          throw_errno(env, "malloc", ENOMEM, NULL);
          goto out;
        }
      }
      names[count] = strdup(response.dirent_array[i].d_name);
      handles[count] = (jlong) response.dirent_array[i].handle;
      attrs[count] = response.attr_array[i];
      count++;
    }
    uint32_t got = response.pvfs_dirent_outcount;
    token = response.token;
    /* the arrays are the caller's only when entries came back (pvfs2-ls frees them the same way) */
    if (got > 0) {
      PINT_free(response.dirent_array);
      PINT_free(response.stat_err_array);
      PINT_free(response.attr_array);
    }
    if (got == 0 || token == PVFS_READDIR_END) break;
  }
  jobjectArray jnames = (*env)->NewObjectArray(env, (jsize) count, byte_array, NULL);
  jobjectArray targets = (*env)->NewObjectArray(env, (jsize) count, byte_array, NULL);
  jlongArray jhandles = (*env)->NewLongArray(env, (jsize) count);
  jlongArray fields = (*env)->NewLongArray(env, (jsize) (count * ATTR_FIELDS));
  if (jnames == NULL || targets == NULL || jhandles == NULL || fields == NULL) goto out;
  (*env)->SetLongArrayRegion(env, jhandles, 0, (jsize) count, handles);
  for (size_t i = 0; i < count; i++) {
    if (names[i] == NULL) {
      throw_errno(env, "strdup", ENOMEM, NULL);
      goto out;
    }
    jbyteArray name = java_bytes(env, names[i], strlen(names[i]));
    if (name == NULL) goto out;
    (*env)->SetObjectArrayElement(env, jnames, (jsize) i, name);
    (*env)->DeleteLocalRef(env, name);
    jbyteArray target = put_attributes(env, &attrs[i], fields, (jsize) (i * ATTR_FIELDS));
    if ((*env)->ExceptionCheck(env)) goto out;
    if (target != NULL) {
      (*env)->SetObjectArrayElement(env, targets, (jsize) i, target);
      (*env)->DeleteLocalRef(env, target);
    }
  }
  result = (*env)->NewObjectArray(env, 4, object_class, NULL);
  if (result != NULL) {
    (*env)->SetObjectArrayElement(env, result, 0, jnames);
    (*env)->SetObjectArrayElement(env, result, 1, jhandles);
    (*env)->SetObjectArrayElement(env, result, 2, fields);
    (*env)->SetObjectArrayElement(env, result, 3, targets);
  }
out:
  for (size_t i = 0; i < count; i++) {
    free(names[i]);
    PVFS_util_release_sys_attr(&attrs[i]);
  }
  free(names);
  free(handles);
  free(attrs);
  return result;
}

/* Attributes of a new object: the caller's owner and group, the given permissions, the current times. */
static PVFS_sys_attr new_attributes(const PVFS_credential *cred, jint permissions) {
  PVFS_sys_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.owner = cred->userid;
  attr.group = cred->num_groups > 0 ? cred->group_array[0] : getgid();
  attr.perms = (PVFS_permissions) (permissions & 07777);
  attr.atime = attr.mtime = attr.ctime = (PVFS_time) time(NULL);
  attr.mask = PVFS_ATTR_SYS_ALL_SETABLE;
  return attr;
}

/* Creates file name in directory parent, striped in strips of stripSize bytes (0: the directory's or the file
   system's default) over datafiles I/O servers (0: likewise); EEXIST when the name is taken. Returns its handle. */
JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_create(JNIEnv *env, jclass type, jint fs,
    jlong parent, jbyteArray jname, jint permissions, jlong stripSize, jint datafiles) {
  const PVFS_credential *cred = creds(env);
  char *name = cred == NULL ? NULL : entry_name(env, jname);
  if (name == NULL) return 0;
  PVFS_sys_attr attr = new_attributes(cred, permissions);
  if (datafiles > 0) {
    attr.dfile_count = datafiles;
    attr.mask |= PVFS_ATTR_SYS_DFILE_COUNT;
  }
  PVFS_sys_dist *dist = NULL;
  if (stripSize > 0) {
    dist = PVFS_sys_dist_lookup("simple_stripe");
    PVFS_size strip = stripSize;
    if (dist == NULL) {
      free(name);
      throw_errno(env, "PVFS_sys_dist_lookup", ENOENT, "no simple_stripe distribution in the client library");
      return 0;
    }
    if (failed(env, "PVFS_sys_dist_setparam strip_size", PVFS_sys_dist_setparam(dist, "strip_size", &strip))) {
      PVFS_sys_dist_free(dist);
      free(name);
      return 0;
    }
  }
  PVFS_sysresp_create response;
  memset(&response, 0, sizeof response);
  int result = SERIALIZED(PVFS_sys_create(name, ref_of(fs, parent), attr, cred, dist, &response, NULL, NULL));
  if (dist != NULL) PVFS_sys_dist_free(dist);
  free(name);
  if (failed(env, "create", result)) return 0;
  return (jlong) response.ref.handle;
}

JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_mkdir(JNIEnv *env, jclass type, jint fs,
    jlong parent, jbyteArray jname, jint permissions) {
  const PVFS_credential *cred = creds(env);
  char *name = cred == NULL ? NULL : entry_name(env, jname);
  if (name == NULL) return 0;
  PVFS_sysresp_mkdir response;
  memset(&response, 0, sizeof response);
  int result = SERIALIZED(PVFS_sys_mkdir(name, ref_of(fs, parent), new_attributes(cred, permissions), cred, &response,
      NULL));
  free(name);
  if (failed(env, "mkdir", result)) return 0;
  return (jlong) response.ref.handle;
}

/* Creates a symlink holding target as it is. */
JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_symlink(JNIEnv *env, jclass type, jint fs,
    jlong parent, jbyteArray jname, jbyteArray jtarget) {
  const PVFS_credential *cred = creds(env);
  char *name = cred == NULL ? NULL : entry_name(env, jname);
  if (name == NULL) return 0;
  char *target = c_string(env, jtarget, "symlink target");
  if (target == NULL) {
    free(name);
    return 0;
  }
  PVFS_sysresp_symlink response;
  memset(&response, 0, sizeof response);
  int result = SERIALIZED(PVFS_sys_symlink(name, ref_of(fs, parent), target, new_attributes(cred, 0777), cred,
      &response, NULL));
  free(name);
  free(target);
  if (failed(env, "symlink", result)) return 0;
  return (jlong) response.ref.handle;
}

/* Removes a file, symlink or empty directory. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_remove(JNIEnv *env, jclass type, jint fs,
    jlong parent, jbyteArray jname) {
  const PVFS_credential *cred = creds(env);
  char *name = cred == NULL ? NULL : entry_name(env, jname);
  if (name == NULL) return;
  int result = SERIALIZED(PVFS_sys_remove(name, ref_of(fs, parent), cred, NULL));
  free(name);
  failed(env, "remove", result);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_rename(JNIEnv *env, jclass type, jint fs,
    jlong sourceParent, jbyteArray jsource, jlong destinationParent, jbyteArray jdestination) {
  const PVFS_credential *cred = creds(env);
  char *source = cred == NULL ? NULL : entry_name(env, jsource);
  if (source == NULL) return;
  char *destination = entry_name(env, jdestination);
  if (destination == NULL) {
    free(source);
    return;
  }
  int result = SERIALIZED(PVFS_sys_rename(source, ref_of(fs, sourceParent), destination,
      ref_of(fs, destinationParent), cred, NULL));
  free(source);
  free(destination);
  failed(env, "rename", result);
}

/* Sets what mask says (PVFS_ATTR_SYS_PERM, _UID, _GID, _MTIME, _ATIME; times in seconds). */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_setattr(JNIEnv *env, jclass type, jint fs,
    jlong handle, jint mask, jint permissions, jint uid, jint gid, jlong mtime, jlong atime) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return;
  PVFS_sys_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.perms = (PVFS_permissions) (permissions & 07777);
  attr.owner = (PVFS_uid) uid;
  attr.group = (PVFS_gid) gid;
  attr.mtime = (PVFS_time) mtime;
  attr.atime = (PVFS_time) atime;
  attr.mask = (uint32_t) mask;
  failed(env, "setattr", SERIALIZED(PVFS_sys_setattr(ref_of(fs, handle), attr, cred, NULL)));
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_truncate(JNIEnv *env, jclass type, jint fs,
    jlong handle, jlong size) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return;
  failed(env, "truncate", SERIALIZED(PVFS_sys_truncate(ref_of(fs, handle), (PVFS_size) size, cred, NULL)));
}

/*
 * Reads (write false) or writes length bytes at file offset position, to or from a direct buffer's bytes from
 * offset, in place: the buffer's memory is OrangeFS's memory request, a contiguous run of bytes. Returns the bytes
 * moved: fewer than length only for a read that reaches the end of the file.
 */
JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_io(JNIEnv *env, jclass type, jint fs,
    jlong handle, jboolean write, jlong position, jobject buffer, jint offset, jint length) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return 0;
  char *memory = (*env)->GetDirectBufferAddress(env, buffer);
  if (memory == NULL) {
    throw_errno(env, "io", EINVAL, "the buffer is not a direct buffer");
    return 0;
  }
  jlong done = 0;
  while (done < length) {
    PVFS_Request memory_request;
    if (failed(env, "PVFS_Request_contiguous", PVFS_Request_contiguous((int32_t) (length - done), PVFS_BYTE,
        &memory_request))) {
      return 0;
    }
    PVFS_sysresp_io response;
    memset(&response, 0, sizeof response);
    int result = SERIALIZED(PVFS_sys_io(ref_of(fs, handle), PVFS_BYTE, position + done, memory + offset + done,
        memory_request, cred, &response, write ? PVFS_IO_WRITE : PVFS_IO_READ, NULL));
    PVFS_Request_free(&memory_request);
    if (failed(env, write ? "write" : "read", result)) return 0;
    done += response.total_completed;
    /* a read ends at the end of the file; a short write is resumed where it stopped */
    if (!write || response.total_completed == 0) break;
  }
  if (write && done < length) {
    throw_errno(env, "write", EIO, "the servers accepted no more bytes");
    return 0;
  }
  return done;
}

/* Makes a file's written bytes durable on its servers. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_flush(JNIEnv *env, jclass type, jint fs,
    jlong handle) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return;
  failed(env, "flush", SERIALIZED(PVFS_sys_flush(ref_of(fs, handle), cred, NULL)));
}

static jbyteArray system_attribute(JNIEnv *env, jint fs, jlong handle, const char *key, size_t key_size) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return NULL;
  char *value = malloc(XATTR_VALUE_MAX);
  if (value == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    return NULL;
  }
  PVFS_ds_keyval k, v;
  memset(&k, 0, sizeof k);
  memset(&v, 0, sizeof v);
  k.buffer = (void *) key;
  k.buffer_sz = (int32_t) key_size;
  v.buffer = value;
  v.buffer_sz = XATTR_VALUE_MAX;
  jbyteArray result = NULL;
  if (!failed(env, key, SERIALIZED(PVFS_sys_geteattr(ref_of(fs, handle), cred, &k, &v, NULL)))) {
    result = java_bytes(env, value, (size_t) v.read_sz);
  }
  free(value);
  return result;
}

/* A file's distribution as stored: its name, then its parameters (simple_stripe: the strip size). */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_distribution(JNIEnv *env, jclass type,
    jint fs, jlong handle) {
  return system_attribute(env, fs, handle, DIST_KEY, sizeof DIST_KEY);
}

/* A file's datafile handles in stripe order, as stored (native-endian 64-bit handles). */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_datafiles(JNIEnv *env, jclass type,
    jint fs, jlong handle) {
  return system_attribute(env, fs, handle, DATAFILES_KEY, sizeof DATAFILES_KEY);
}

/* The address of the server whose handle range holds handle, e.g. "tcp://127.0.0.3:3334". */
JNIEXPORT jstring JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_server(JNIEnv *env, jclass type, jint fs,
    jlong handle) {
  PVFS_BMI_addr_t address;
  if (failed(env, "PVFS_mgmt_map_handle",
      SERIALIZED(PVFS_mgmt_map_handle(fs, (PVFS_handle) handle, &address)))) {
    return NULL;
  }
  int server_type = 0;
  const char *name = SERIALIZED(PVFS_mgmt_map_addr(fs, address, &server_type));
  if (name == NULL) {
    throw_errno(env, "PVFS_mgmt_map_addr", ENOENT, "no server address for the handle");
    return NULL;
  }
  return (*env)->NewStringUTF(env, name);
}

/* {bytes total, bytes available} over all servers. */
JNIEXPORT jlongArray JNICALL Java_io_pfsmix_fs_orangefs_OrangefsClient_statfs(JNIEnv *env, jclass type, jint fs) {
  const PVFS_credential *cred = creds(env);
  if (cred == NULL) return NULL;
  PVFS_sysresp_statfs response;
  memset(&response, 0, sizeof response);
  if (failed(env, "statfs", SERIALIZED(PVFS_sys_statfs(fs, cred, &response, NULL)))) return NULL;
  jlong values[2] = {(jlong) response.statfs_buf.bytes_total, (jlong) response.statfs_buf.bytes_available};
  jlongArray result = (*env)->NewLongArray(env, 2);
  if (result != NULL) (*env)->SetLongArrayRegion(env, result, 0, 2, values);
  return result;
}
