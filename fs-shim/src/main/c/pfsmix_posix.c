/*
 * pfsmix_posix.c — the POSIX backend's path resolution, done by the kernel beneath a root directory descriptor.
 *
 * Every path the Java side passes is relative to the pfs root and is resolved with openat2(2) and
 * RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS: the kernel refuses (EXDEV) any walk that would leave the root, whether
 * through "..", an absolute symlink, a relative symlink climbing out, or a directory renamed or swapped for a symlink
 * while the walk runs. Operations on the last component (mkdir, unlink, rename, stat of a link itself) act through
 * the descriptor of its parent, resolved the same way, with the *at(2) calls that never follow that component.
 * Operations that follow the last component (chmod, chown, times, xattrs) act on an O_PATH descriptor of the
 * resolved file, reached through /proc/self/fd, so nothing is resolved by name a second time.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <jni.h>
#include <linux/openat2.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "io_pfsmix_fs_posix_RootDirectory.h"
#include "pfsmix_jni.h"
#include "io_pfsmix_fs_posix_UnixNames.h"

#define RESOLVE_FLAGS (RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS)
/* openat2 answers EAGAIN when a rename raced a ".." step; the walk is simply retried */
#define EAGAIN_RETRIES 64
#define STAT_FIELDS 7

/* open modes, as RootDirectory's OPEN_* constants number them */
enum { OPEN_READ = 0, OPEN_WRITE = 1, OPEN_CREATE_NEW = 2, OPEN_CREATE_TRUNCATE = 3 };

static jclass file_descriptor;
static jmethodID file_descriptor_init;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
  JNIEnv *env;
  if ((*vm)->GetEnv(vm, (void **) &env, JNI_VERSION_1_8) != JNI_OK || pfsmix_jni_load(env) != JNI_OK) {
    return JNI_ERR;
  }
  jclass local = (*env)->FindClass(env, "java/io/FileDescriptor");
  if (local == NULL) return JNI_ERR;
  file_descriptor = (*env)->NewGlobalRef(env, local);
  /* java.io.FileDescriptor's private (int) constructor, as Hadoop's NativeIO uses it */
  file_descriptor_init = (*env)->GetMethodID(env, local, "<init>", "(I)V");
  return file_descriptor_init == NULL ? JNI_ERR : JNI_VERSION_1_8;
}

/*
 * A path from Java (UTF-8 bytes of "/a/b", or "/" for the root) as the relative path the kernel resolves beneath
 * the root ("a/b", or "."). NULL, with an exception pending, when it holds a NUL byte or is too long.
 */
static char *relative_path(JNIEnv *env, jbyteArray path) {
  if ((*env)->GetArrayLength(env, path) >= PATH_MAX) {
    throw_errno(env, "path", ENAMETOOLONG, NULL);
    return NULL;
  }
  char *text = c_string(env, path, "path");
  if (text == NULL) return NULL;
  char *start = text;
  while (*start == '/') start++;
  if (*start == '\0') {
    strcpy(text, ".");
  } else if (start != text) {
    memmove(text, start, strlen(start) + 1);
  }
  return text;
}

static int beneath(int root, const char *relative, int flags, mode_t mode) {
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = (unsigned long long) (flags | O_CLOEXEC);
  how.mode = (flags & O_CREAT) ? mode : 0;
  how.resolve = RESOLVE_FLAGS;
  for (int attempt = 0;; attempt++) {
    long fd = syscall(SYS_openat2, root, relative, &how, sizeof how);
    if (fd >= 0 || errno != EAGAIN || attempt == EAGAIN_RETRIES) {
      return (int) fd;
    }
  }
}

/*
 * Splits "a/b/c" into the descriptor of "a/b" (resolved beneath the root, following links) and the name "c", which
 * is never "." or ".." (the Java side normalizes them away; this is the last line). Returns -1 with an exception.
 */
static int open_parent(JNIEnv *env, int root, char *relative, const char **name) {
  char *slash = strrchr(relative, '/');
  const char *directory = ".";
  if (slash == NULL) {
    *name = relative;
  } else {
    *slash = '\0';
    directory = relative;
    *name = slash + 1;
  }
  if (strcmp(*name, ".") == 0 || strcmp(*name, "..") == 0 || **name == '\0') {
    throw_errno(env, "path", EINVAL, "the last component must name an entry");
    return -1;
  }
  int fd = beneath((int) root, directory, O_PATH | O_DIRECTORY, 0);
  if (fd < 0) throw_errno(env, "openat2", errno, NULL);
  return fd;
}

/* "/proc/self/fd/N": the file an O_PATH descriptor holds, for calls that take no descriptor of that kind. */
static void proc_path(int fd, char *buffer, size_t size) {
  snprintf(buffer, size, "/proc/self/fd/%d", fd);
}

static int resolve(JNIEnv *env, jlong root, jbyteArray path, jboolean follow) {
  char *relative = relative_path(env, path);
  if (relative == NULL) return -1;
  int fd = beneath((int) root, relative, O_PATH | (follow ? 0 : O_NOFOLLOW), 0);
  int error = errno;
  free(relative);
  if (fd < 0) throw_errno(env, "openat2", error, NULL);
  return fd;
}

static void fill_stat(jlong *fields, const struct stat *st) {
  fields[0] = st->st_mode;
  fields[1] = st->st_size;
  fields[2] = (jlong) st->st_mtim.tv_sec * 1000 + st->st_mtim.tv_nsec / 1000000;
  fields[3] = (jlong) st->st_atim.tv_sec * 1000 + st->st_atim.tv_nsec / 1000000;
  fields[4] = st->st_uid;
  fields[5] = st->st_gid;
  fields[6] = st->st_nlink;
}

JNIEXPORT jint JNICALL Java_io_pfsmix_fs_posix_RootDirectory_openRoot(JNIEnv *env, jclass type, jbyteArray path) {
  char *text = c_string(env, path, "root");
  if (text == NULL) return -1;
  int fd = open(text, O_PATH | O_DIRECTORY | O_CLOEXEC);
  int error = errno;
  free(text);
  if (fd < 0) {
    throw_errno(env, "open", error, NULL);
    return -1;
  }
  /* the root itself, resolved beneath itself: fails with ENOSYS where the kernel has no openat2 (before Linux 5.6) */
  int probe = beneath(fd, ".", O_PATH | O_DIRECTORY, 0);
  if (probe < 0) {
    error = errno;
    close(fd);
    throw_errno(env, "openat2", error, NULL);
    return -1;
  }
  char proc[64];
  struct stat through_proc, direct;
  proc_path(probe, proc, sizeof proc);
  int proc_ok = stat(proc, &through_proc) == 0 && fstat(probe, &direct) == 0 && through_proc.st_ino == direct.st_ino
      && through_proc.st_dev == direct.st_dev;
  close(probe);
  if (!proc_ok) {
    close(fd);
    throw_errno(env, "stat", ENOENT, "/proc/self/fd is not usable (is /proc mounted?)");
    return -1;
  }
  return fd;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_closeRoot(JNIEnv *env, jclass type, jlong root) {
  close((int) root);
}

JNIEXPORT jobject JNICALL Java_io_pfsmix_fs_posix_RootDirectory_openFile(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jint mode, jint permissions) {
  int flags;
  switch (mode) {
    case OPEN_READ: flags = O_RDONLY; break;
    case OPEN_WRITE: flags = O_WRONLY; break;
    /* O_EXCL never follows a link in the last component: an existing link is EEXIST */
    case OPEN_CREATE_NEW: flags = O_WRONLY | O_CREAT | O_EXCL; break;
    case OPEN_CREATE_TRUNCATE: flags = O_WRONLY | O_CREAT | O_TRUNC; break;
    default:
      throw_errno(env, "open", EINVAL, "unknown open mode");
      return NULL;
  }
  char *relative = relative_path(env, path);
  if (relative == NULL) return NULL;
  /* O_NONBLOCK: a FIFO or device planted in the root must not block the open; it is refused below */
  int fd = beneath((int) root, relative, flags | O_NONBLOCK, 0600);
  int error = errno;
  free(relative);
  if (fd < 0) {
    throw_errno(env, "openat2", error, NULL);
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    error = errno;
    close(fd);
    throw_errno(env, "fstat", error, NULL);
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    throw_errno(env, "open", 0, S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
    return NULL;
  }
  if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0
      || ((flags & O_CREAT) && permissions >= 0 && fchmod(fd, (mode_t) permissions) != 0)) {
    error = errno;
    close(fd);
    throw_errno(env, (flags & O_CREAT) ? "fchmod" : "fcntl", error, NULL);
    return NULL;
  }
  jobject descriptor = (*env)->NewObject(env, file_descriptor, file_descriptor_init, (jint) fd);
  if (descriptor == NULL) close(fd);
  return descriptor;
}

JNIEXPORT jlongArray JNICALL Java_io_pfsmix_fs_posix_RootDirectory_stat(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jboolean follow) {
  int fd = resolve(env, root, path, follow);
  if (fd < 0) return NULL;
  struct stat st;
  int status = fstat(fd, &st);
  int error = errno;
  close(fd);
  if (status != 0) {
    throw_errno(env, "fstat", error, NULL);
    return NULL;
  }
  jlong fields[STAT_FIELDS];
  fill_stat(fields, &st);
  jlongArray result = (*env)->NewLongArray(env, STAT_FIELDS);
  if (result != NULL) (*env)->SetLongArrayRegion(env, result, 0, STAT_FIELDS, fields);
  return result;
}

/* The target of a symlink, read through its parent; NULL with an exception. */
static jbyteArray read_link_at(JNIEnv *env, int directory, const char *name) {
  char target[PATH_MAX];
  ssize_t length = readlinkat(directory, name, target, sizeof target);
  if (length < 0) {
    throw_errno(env, "readlinkat", errno, NULL);
    return NULL;
  }
  if ((size_t) length == sizeof target) {
    throw_errno(env, "readlinkat", ENAMETOOLONG, NULL);
    return NULL;
  }
  jbyteArray result = java_bytes(env, target, (size_t) length);
  return result;
}

JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_posix_RootDirectory_readLink(JNIEnv *env, jclass type, jlong root,
    jbyteArray path) {
  char *relative = relative_path(env, path);
  if (relative == NULL) return NULL;
  const char *name;
  int parent = open_parent(env, (int) root, relative, &name);
  jbyteArray target = parent < 0 ? NULL : read_link_at(env, parent, name);
  if (parent >= 0) close(parent);
  free(relative);
  return target;
}

/*
 * The entries of a directory (following links to it): names (byte[][]), their stats (STAT_FIELDS longs each, of the
 * entry itself) and, for symlinks, their targets (byte[][] with nulls), as Object[3]. Entries removed while listing
 * are left out.
 */
JNIEXPORT jobjectArray JNICALL Java_io_pfsmix_fs_posix_RootDirectory_list(JNIEnv *env, jclass type, jlong root,
    jbyteArray path) {
  char *relative = relative_path(env, path);
  if (relative == NULL) return NULL;
  int fd = beneath((int) root, relative, O_RDONLY | O_DIRECTORY, 0);
  int error = errno;
  free(relative);
  if (fd < 0) {
    throw_errno(env, "openat2", error, NULL);
    return NULL;
  }
  DIR *directory = fdopendir(fd);
  if (directory == NULL) {
    error = errno;
    close(fd);
    throw_errno(env, "fdopendir", error, NULL);
    return NULL;
  }
  size_t capacity = 64, count = 0;
  char **names = malloc(capacity * sizeof *names);
  jlong *stats = malloc(capacity * STAT_FIELDS * sizeof *stats);
  jobjectArray result = NULL;
  if (names == NULL || stats == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    goto done;
  }
  for (;;) {
    errno = 0;
    struct dirent *entry = readdir(directory);
    if (entry == NULL) {
      if (errno != 0) {
        throw_errno(env, "readdir", errno, NULL);
        goto done;
      }
      break;
    }
    if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
    struct stat st;
    if (fstatat(dirfd(directory), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
      if (errno == ENOENT) continue;
      throw_errno(env, "fstatat", errno, NULL);
      goto done;
    }
    if (count == capacity) {
      capacity *= 2;
      char **more_names = realloc(names, capacity * sizeof *names);
      if (more_names != NULL) names = more_names;
      jlong *more_stats = realloc(stats, capacity * STAT_FIELDS * sizeof *stats);
      if (more_stats != NULL) stats = more_stats;
      if (more_names == NULL || more_stats == NULL) {
        throw_errno(env, "realloc", ENOMEM, NULL);
        goto done;
      }
    }
    names[count] = strdup(entry->d_name);
    if (names[count] == NULL) {
      throw_errno(env, "strdup", ENOMEM, NULL);
      goto done;
    }
    fill_stat(stats + count * STAT_FIELDS, &st);
    count++;
  }
  jobjectArray jnames = (*env)->NewObjectArray(env, (jsize) count, byte_array, NULL);
  jobjectArray jtargets = (*env)->NewObjectArray(env, (jsize) count, byte_array, NULL);
  jlongArray jstats = (*env)->NewLongArray(env, (jsize) (count * STAT_FIELDS));
  if (jnames == NULL || jtargets == NULL || jstats == NULL) goto done;
  (*env)->SetLongArrayRegion(env, jstats, 0, (jsize) (count * STAT_FIELDS), stats);
  for (size_t i = 0; i < count; i++) {
    jbyteArray name = java_bytes(env, names[i], strlen(names[i]));
    if (name == NULL) goto done;
    (*env)->SetObjectArrayElement(env, jnames, (jsize) i, name);
    (*env)->DeleteLocalRef(env, name);
    if (S_ISLNK(stats[i * STAT_FIELDS])) {
      char target[PATH_MAX];
      ssize_t target_length = readlinkat(dirfd(directory), names[i], target, sizeof target);
      if (target_length < 0 && errno == ENOENT) continue; /* removed meanwhile: it shows without a target */
      if (target_length < 0 || (size_t) target_length == sizeof target) {
        throw_errno(env, "readlinkat", target_length < 0 ? errno : ENAMETOOLONG, NULL);
        goto done;
      }
      jbyteArray jtarget = java_bytes(env, target, (size_t) target_length);
      if (jtarget == NULL) goto done;
      (*env)->SetObjectArrayElement(env, jtargets, (jsize) i, jtarget);
      (*env)->DeleteLocalRef(env, jtarget);
    }
  }
  result = (*env)->NewObjectArray(env, 3, (*env)->FindClass(env, "java/lang/Object"), NULL);
  if (result != NULL) {
    (*env)->SetObjectArrayElement(env, result, 0, jnames);
    (*env)->SetObjectArrayElement(env, result, 1, jstats);
    (*env)->SetObjectArrayElement(env, result, 2, jtargets);
  }
done:
  if (names != NULL) {
    for (size_t i = 0; i < count; i++) free(names[i]);
  }
  free(names);
  free(stats);
  closedir(directory);
  return result;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_mkdir(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jint permissions) {
  char *relative = relative_path(env, path);
  if (relative == NULL) return;
  const char *name;
  int parent = open_parent(env, (int) root, relative, &name);
  if (parent >= 0) {
    if (mkdirat(parent, name, 0700) != 0) {
      throw_errno(env, "mkdirat", errno, NULL);
    } else {
      /* the exact permissions, whatever the umask: set through a descriptor of the new directory itself */
      int created = openat(parent, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      char proc[64];
      if (created < 0) {
        throw_errno(env, "openat", errno, NULL);
      } else {
        proc_path(created, proc, sizeof proc);
        if (chmod(proc, (mode_t) permissions) != 0) throw_errno(env, "chmod", errno, NULL);
        close(created);
      }
    }
    close(parent);
  }
  free(relative);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_remove(JNIEnv *env, jclass type, jlong root,
    jbyteArray path) {
  char *relative = relative_path(env, path);
  if (relative == NULL) return;
  const char *name;
  int parent = open_parent(env, (int) root, relative, &name);
  if (parent >= 0) {
    /* unlink(2) of a directory fails with EISDIR on Linux: then it is one, and rmdir's rules apply */
    if (unlinkat(parent, name, 0) != 0) {
      if (errno != EISDIR) {
        throw_errno(env, "unlinkat", errno, NULL);
      } else if (unlinkat(parent, name, AT_REMOVEDIR) != 0) {
        throw_errno(env, "rmdir", errno, NULL);
      }
    }
    close(parent);
  }
  free(relative);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_rename(JNIEnv *env, jclass type, jlong root,
    jbyteArray source, jbyteArray destination) {
  char *from = relative_path(env, source);
  char *to = from == NULL ? NULL : relative_path(env, destination);
  const char *from_name, *to_name;
  int from_parent = to == NULL ? -1 : open_parent(env, (int) root, from, &from_name);
  int to_parent = from_parent < 0 ? -1 : open_parent(env, (int) root, to, &to_name);
  if (to_parent >= 0 && renameat(from_parent, from_name, to_parent, to_name) != 0) {
    throw_errno(env, "renameat", errno, NULL);
  }
  if (to_parent >= 0) close(to_parent);
  if (from_parent >= 0) close(from_parent);
  free(to);
  free(from);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_chmod(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jint permissions) {
  int fd = resolve(env, root, path, JNI_TRUE);
  if (fd < 0) return;
  char proc[64];
  proc_path(fd, proc, sizeof proc);
  if (chmod(proc, (mode_t) permissions) != 0) throw_errno(env, "chmod", errno, NULL);
  close(fd);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_chown(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jint uid, jint gid) {
  int fd = resolve(env, root, path, JNI_TRUE);
  if (fd < 0) return;
  if (fchownat(fd, "", (uid_t) uid, (gid_t) gid, AT_EMPTY_PATH) != 0) throw_errno(env, "fchownat", errno, NULL);
  close(fd);
}

static struct timespec timestamp(jlong millis) {
  struct timespec time;
  if (millis < 0) {
    time.tv_sec = 0;
    time.tv_nsec = UTIME_OMIT;
  } else {
    time.tv_sec = millis / 1000;
    time.tv_nsec = (millis % 1000) * 1000000;
  }
  return time;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_setTimes(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jlong modified, jlong accessed) {
  int fd = resolve(env, root, path, JNI_TRUE);
  if (fd < 0) return;
  struct timespec times[2] = {timestamp(accessed), timestamp(modified)};
  char proc[64];
  proc_path(fd, proc, sizeof proc);
  if (utimensat(AT_FDCWD, proc, times, 0) != 0) throw_errno(env, "utimensat", errno, NULL);
  close(fd);
}

/* The value of an attribute (following links), or null when the file has none of that name. */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_posix_RootDirectory_getXattr(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jstring name) {
  char *attribute = utf_string(env, name);
  if (attribute == NULL) return NULL;
  int fd = resolve(env, root, path, JNI_TRUE);
  jbyteArray result = NULL;
  if (fd >= 0) {
    char proc[64];
    proc_path(fd, proc, sizeof proc);
    for (;;) {
      ssize_t size = getxattr(proc, attribute, NULL, 0);
      if (size < 0) {
        if (errno != ENODATA && errno != ENOTSUP) throw_errno(env, "getxattr", errno, NULL);
        break;
      }
      char *value = malloc((size_t) size + 1);
      if (value == NULL) {
        throw_errno(env, "malloc", ENOMEM, NULL);
        break;
      }
      ssize_t read = getxattr(proc, attribute, value, (size_t) size);
      if (read < 0 && errno == ERANGE) {
        free(value); /* it grew in between: ask its size again */
        continue;
      }
      if (read < 0) {
        if (errno != ENODATA) throw_errno(env, "getxattr", errno, NULL);
      } else {
        result = java_bytes(env, value, (size_t) read);
      }
      free(value);
      break;
    }
    close(fd);
  }
  free(attribute);
  return result;
}

/* The names of a file's attributes (following links), NUL-separated as listxattr(2) gives them. */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_posix_RootDirectory_listXattrs(JNIEnv *env, jclass type, jlong root,
    jbyteArray path) {
  int fd = resolve(env, root, path, JNI_TRUE);
  if (fd < 0) return NULL;
  char proc[64];
  proc_path(fd, proc, sizeof proc);
  jbyteArray result = NULL;
  for (;;) {
    ssize_t size = listxattr(proc, NULL, 0);
    if (size < 0) {
      if (errno == ENOTSUP) {
        result = (*env)->NewByteArray(env, 0);
      } else {
        throw_errno(env, "listxattr", errno, NULL);
      }
      break;
    }
    char *names = malloc((size_t) size + 1);
    if (names == NULL) {
      throw_errno(env, "malloc", ENOMEM, NULL);
      break;
    }
    ssize_t read = listxattr(proc, names, (size_t) size);
    if (read < 0 && errno == ERANGE) {
      free(names);
      continue;
    }
    if (read < 0) {
      throw_errno(env, "listxattr", errno, NULL);
    } else {
      result = java_bytes(env, names, (size_t) read);
    }
    free(names);
    break;
  }
  close(fd);
  return result;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_setXattr(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jstring name, jbyteArray value, jint flags) {
  char *attribute = utf_string(env, name);
  if (attribute == NULL) return;
  jsize length = (*env)->GetArrayLength(env, value);
  char *bytes = malloc((size_t) length + 1);
  int fd = bytes == NULL ? -1 : resolve(env, root, path, JNI_TRUE);
  if (bytes == NULL) throw_errno(env, "malloc", ENOMEM, NULL);
  if (fd >= 0) {
    (*env)->GetByteArrayRegion(env, value, 0, length, (jbyte *) bytes);
    char proc[64];
    proc_path(fd, proc, sizeof proc);
    if (setxattr(proc, attribute, bytes, (size_t) length, flags) != 0) throw_errno(env, "setxattr", errno, NULL);
    close(fd);
  }
  free(bytes);
  free(attribute);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_posix_RootDirectory_removeXattr(JNIEnv *env, jclass type, jlong root,
    jbyteArray path, jstring name) {
  char *attribute = utf_string(env, name);
  if (attribute == NULL) return;
  int fd = resolve(env, root, path, JNI_TRUE);
  if (fd >= 0) {
    char proc[64];
    proc_path(fd, proc, sizeof proc);
    if (removexattr(proc, attribute) != 0) throw_errno(env, "removexattr", errno, NULL);
    close(fd);
  }
  free(attribute);
}

/* The user name of a uid, through NSS (passwd files, LDAP, ...); null when it has none. */
JNIEXPORT jstring JNICALL Java_io_pfsmix_fs_posix_UnixNames_userName(JNIEnv *env, jclass type, jint uid) {
  char buffer[16384];
  struct passwd entry, *found = NULL;
  if (getpwuid_r((uid_t) uid, &entry, buffer, sizeof buffer, &found) != 0 || found == NULL) return NULL;
  return (*env)->NewStringUTF(env, found->pw_name);
}

JNIEXPORT jstring JNICALL Java_io_pfsmix_fs_posix_UnixNames_groupName(JNIEnv *env, jclass type, jint gid) {
  char buffer[16384];
  struct group entry, *found = NULL;
  if (getgrgid_r((gid_t) gid, &entry, buffer, sizeof buffer, &found) != 0 || found == NULL) return NULL;
  return (*env)->NewStringUTF(env, found->gr_name);
}

/* The uid of a user name, or -1 when there is no such user. */
JNIEXPORT jint JNICALL Java_io_pfsmix_fs_posix_UnixNames_userId(JNIEnv *env, jclass type, jstring name) {
  char *user = utf_string(env, name);
  if (user == NULL) return -1;
  char buffer[16384];
  struct passwd entry, *found = NULL;
  int status = getpwnam_r(user, &entry, buffer, sizeof buffer, &found);
  free(user);
  return status != 0 || found == NULL ? -1 : (jint) found->pw_uid;
}

JNIEXPORT jint JNICALL Java_io_pfsmix_fs_posix_UnixNames_groupId(JNIEnv *env, jclass type, jstring name) {
  char *group = utf_string(env, name);
  if (group == NULL) return -1;
  char buffer[16384];
  struct group entry, *found = NULL;
  int status = getgrnam_r(group, &entry, buffer, sizeof buffer, &found);
  free(group);
  return status != 0 || found == NULL ? -1 : (jint) found->gr_gid;
}
