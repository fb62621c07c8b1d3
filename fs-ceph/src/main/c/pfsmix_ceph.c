/*
 * pfsmix_ceph.c — the CephFS backend's binding to libcephfs, resolving every path itself beneath the root inode.
 *
 * libcephfs's path calls (ceph_open, ceph_stat, ...) walk paths themselves and follow any symlink and ".." out of the
 * mounted directory. This library never hands libcephfs a path of more than one component, nor "." or "..": it walks
 * each path from the root inode with one ceph_ll_lookup per component, holding the inodes it passed on its own stack.
 * That emulates openat2's RESOLVE_BENEATH: a relative symlink is followed by resolving its components from the
 * directory that holds it, ".." pops the stack (popping above the root is a refusal), an absolute symlink is refused,
 * and at most 40 links are followed (ELOOP). Operations act on the inode the walk found, or on the last component
 * through its parent's inode (ceph_ll_create, _mkdir, _unlink, _rename), so an entry renamed or swapped for a symlink
 * by another client while a call runs cannot redirect it outside the root.
 *
 * Java passes paths as the UTF-8 bytes of "/a/b" ("/" for the root). Errors are thrown as the fs-shim's
 * ErrnoException(call, errno, reason); EXDEV with call "resolve" means the walk would have left the root, and its
 * reason names the symlink that leads out.
 */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jni.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>

#include <cephfs/libcephfs.h>

#include "io_pfsmix_fs_ceph_CephRoot.h"
#include "pfsmix_jni.h"

/* as Linux follows at most 40 symlinks in one path walk */
#define MAX_LINKS 40
/* fields of a stat, as CephRoot.Stat reads them */
#define STAT_FIELDS 9
/* OSDs of one object: more than any replicated pool holds */
#define MAX_OSDS 64
/* a create whose name another client keeps taking over is given up after this many tries */
#define CREATE_TRIES 8

/* open modes, as CephRoot's OPEN_* constants number them */
enum { OPEN_READ = 0, OPEN_WRITE = 1, OPEN_CREATE_NEW = 2, OPEN_CREATE_REPLACE = 3, OPEN_SHARED = 4 };

/* One mount: the handle, the root inode every walk starts from (held while mounted) and the root's name. */
struct client {
  struct ceph_mount_info *cmount;
  Inode *root;
  UserPerm *perms;
  int mounted;
  char *root_name;
};

/* An open file: the libcephfs handle and the inode it is for (held until close). */
struct file {
  struct client *client;
  Fh *fh;
  Inode *inode;
};

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
  return pfsmix_jni_onload(vm);
}

/* libcephfs returns -errno: throws for a negative result and returns whether it did. */
static int failed(JNIEnv *env, const char *call, int result) {
  if (result >= 0) return 0;
  throw_errno(env, call, -result, NULL);
  return 1;
}

static struct client *client_of(jlong handle) {
  return (struct client *) (intptr_t) handle;
}

/* ---- the walk ---- */

/* A path still to resolve: the one asked for, or the target of a symlink met on the way (then link describes it). */
struct source {
  char *text;
  size_t position;
  char *link;
};

/*
 * The state of one resolution. inodes[0] is the root (the client's reference, never put here); inodes[1..depth] are
 * the directories passed, each held, with their names and modes. When the walk is done, target is the entry the path
 * names (NULL when only its last component is missing), name its name in the directory inodes[depth] (NULL when the
 * target is the root itself), and mode its type and permissions.
 */
struct walk {
  struct client *client;
  Inode **inodes;
  char **names;
  mode_t *modes;
  size_t depth;
  size_t capacity;
  struct source sources[MAX_LINKS + 1];
  int source_count;
  int links;
  Inode *target;
  char *name;
  mode_t mode;
};

static void walk_init(struct walk *w, struct client *client) {
  memset(w, 0, sizeof *w);
  w->client = client;
}

static void walk_free(struct walk *w) {
  for (size_t i = 1; i <= w->depth; i++) {
    ceph_ll_put(w->client->cmount, w->inodes[i]);
    free(w->names[i]);
  }
  if (w->target != NULL && w->target != w->client->root) ceph_ll_put(w->client->cmount, w->target);
  for (int i = 0; i < w->source_count; i++) {
    free(w->sources[i].text);
    free(w->sources[i].link);
  }
  free(w->inodes);
  free(w->names);
  free(w->modes);
  free(w->name);
}

/* The directory the walk's target is in: the top of its stack. */
static Inode *walk_parent(struct walk *w) {
  return w->inodes[w->depth];
}

static int push_source(struct walk *w, char *text, char *link) {
  if (w->source_count == MAX_LINKS + 1) {
    free(text);
    free(link);
    return -ELOOP;
  }
  w->sources[w->source_count].text = text;
  w->sources[w->source_count].position = 0;
  w->sources[w->source_count].link = link;
  w->source_count++;
  return 0;
}

static int push_inode(struct walk *w, Inode *inode, const char *name, mode_t mode) {
  if (w->depth + 1 >= w->capacity) {
    size_t capacity = w->capacity * 2;
    Inode **inodes = realloc(w->inodes, capacity * sizeof *inodes);
    if (inodes != NULL) w->inodes = inodes;
    char **names = realloc(w->names, capacity * sizeof *names);
    if (names != NULL) w->names = names;
    mode_t *modes = realloc(w->modes, capacity * sizeof *modes);
    if (modes != NULL) w->modes = modes;
    if (inodes == NULL || names == NULL || modes == NULL) return -ENOMEM;
    w->capacity = capacity;
  }
  char *copy = strdup(name);
  if (copy == NULL) return -ENOMEM;
  w->depth++;
  w->inodes[w->depth] = inode;
  w->names[w->depth] = copy;
  w->modes[w->depth] = mode;
  return 0;
}

/* Whether any source below the innermost one, or the innermost one itself, still holds a component. */
static int components_left(struct walk *w) {
  for (int i = w->source_count - 1; i >= 0; i--) {
    const char *rest = w->sources[i].text + w->sources[i].position;
    while (*rest == '/') rest++;
    if (*rest != '\0') return 1;
  }
  return 0;
}

/*
 * Takes the next component into component (at most size - 1 bytes) and the description of the symlink it comes from
 * (NULL for the path asked for) into *link; returns 1, 0 when the path is resolved, or -ENAMETOOLONG.
 */
static int next_component(struct walk *w, char *component, size_t size, const char **link) {
  while (w->source_count > 0) {
    struct source *source = &w->sources[w->source_count - 1];
    const char *rest = source->text + source->position;
    while (*rest == '/') rest++;
    if (*rest != '\0') {
      size_t length = strcspn(rest, "/");
      if (length >= size) return -ENAMETOOLONG;
      memcpy(component, rest, length);
      component[length] = '\0';
      source->position = (size_t) (rest - source->text) + length;
      *link = source->link;
      return 1;
    }
    /* a link's target fully resolved; the components after the link come next. The innermost source is kept until
       its last component was used, so that *link stays valid meanwhile */
    if (w->source_count == 1) return 0;
    free(source->text);
    free(source->link);
    w->source_count--;
  }
  return 0;
}

/* "/a/b" of the directories on the stack, plus "/name" when name is not NULL; malloc'd, NULL when out of memory. */
static char *stack_path(struct walk *w, const char *name) {
  size_t length = 2 + (name == NULL ? 0 : strlen(name) + 1);
  for (size_t i = 1; i <= w->depth; i++) length += strlen(w->names[i]) + 1;
  char *path = malloc(length);
  if (path == NULL) return NULL;
  char *end = path;
  for (size_t i = 1; i <= w->depth; i++) end += sprintf(end, "/%s", w->names[i]);
  if (name != NULL) end += sprintf(end, "/%s", name);
  if (end == path) strcpy(path, "/");
  return path;
}

/* The refusal of a walk that would leave the root (EXDEV, call "resolve"), naming the symlink that leads out. */
static void refuse(JNIEnv *env, struct walk *w, const char *link, const char *absolute_link, const char *target) {
  const char *root = w->client->root_name;
  size_t size = strlen(root) * 2 + (link == NULL ? 0 : strlen(link)) + (absolute_link == NULL ? 0
      : strlen(absolute_link)) + (target == NULL ? 0 : strlen(target)) + 160;
  char *reason = malloc(size);
  if (reason == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    return;
  }
  if (absolute_link != NULL) {
    snprintf(reason, size, "%s is an absolute symlink (to %s); only relative symlinks that stay inside the root %s "
        "are followed", absolute_link, target, root);
  } else if (link != NULL) {
    snprintf(reason, size, "symlink %s leads outside the root %s", link, root);
  } else {
    snprintf(reason, size, "'..' leads above the root %s", root);
  }
  throw_errno(env, "resolve", EXDEV, reason);
  free(reason);
}

/* The walk's target is the directory on top of the stack: it moves from the stack to the target. */
static void finish_at_top(struct walk *w) {
  if (w->depth == 0) {
    w->target = w->client->root;
    w->name = NULL;
    w->mode = w->modes[0];
    return;
  }
  w->target = w->inodes[w->depth];
  w->name = w->names[w->depth];
  w->mode = w->modes[w->depth];
  w->depth--;
}

/*
 * Resolves path beneath the root, following symlinks in every component, and in the last one too when follow_last.
 * Returns 0, or -1 with an exception pending. A missing last component is no error: target is then NULL.
 */
static int walk(JNIEnv *env, struct walk *w, jbyteArray path, int follow_last) {
  struct ceph_mount_info *cmount = w->client->cmount;
  w->capacity = 16;
  w->inodes = malloc(w->capacity * sizeof *w->inodes);
  w->names = malloc(w->capacity * sizeof *w->names);
  w->modes = malloc(w->capacity * sizeof *w->modes);
  if (w->inodes == NULL || w->names == NULL || w->modes == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    return -1;
  }
  /* the root sits at index 0, held by the client, not by the walk; mounting checked that it is a directory */
  w->inodes[0] = w->client->root;
  w->names[0] = NULL;
  w->modes[0] = S_IFDIR;
  struct ceph_statx stx;
  int result;
  char *text = c_string(env, path, "path");
  if (text == NULL) return -1;
  if (push_source(w, text, NULL) != 0) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    return -1;
  }
  char component[NAME_MAX + 1];
  const char *link;
  for (;;) {
    result = next_component(w, component, sizeof component, &link);
    if (result < 0) {
      throw_errno(env, "resolve", -result, NULL);
      return -1;
    }
    if (result == 0) break;
    int last = !components_left(w);
    if (strcmp(component, ".") == 0) {
      if (last) break;
      continue;
    }
    if (strcmp(component, "..") == 0) {
      if (w->depth == 0) {
        refuse(env, w, link, NULL, NULL);
        return -1;
      }
      ceph_ll_put(cmount, w->inodes[w->depth]);
      free(w->names[w->depth]);
      w->depth--;
      if (last) break;
      continue;
    }
    if (!S_ISDIR(w->modes[w->depth])) {
      throw_errno(env, "lookup", ENOTDIR, NULL);
      return -1;
    }
    Inode *inode;
    /* the type of an inode never changes, so the cached mode is enough: no attributes are synced for it */
    result = ceph_ll_lookup(cmount, walk_parent(w), component, &inode, &stx, CEPH_STATX_MODE | CEPH_STATX_INO,
        AT_SYMLINK_NOFOLLOW | AT_STATX_DONT_SYNC, w->client->perms);
    if (result == -ENOENT && last) {
      w->name = strdup(component);
      if (w->name == NULL) {
        throw_errno(env, "strdup", ENOMEM, NULL);
        return -1;
      }
      return 0;
    }
    if (failed(env, "lookup", result)) return -1;
    if (S_ISLNK(stx.stx_mode) && (!last || follow_last)) {
      char target[PATH_MAX];
      result = ceph_ll_readlink(cmount, inode, target, sizeof target, w->client->perms);
      ceph_ll_put(cmount, inode);
      if (failed(env, "readlink", result)) return -1;
      if ((size_t) result >= sizeof target) {
        throw_errno(env, "readlink", ENAMETOOLONG, NULL);
        return -1;
      }
      target[result] = '\0';
      if (++w->links > MAX_LINKS) {
        throw_errno(env, "resolve", ELOOP, NULL);
        return -1;
      }
      char *where = stack_path(w, component);
      if (where == NULL) {
        throw_errno(env, "malloc", ENOMEM, NULL);
        return -1;
      }
      if (target[0] == '/') {
        refuse(env, w, NULL, where, target);
        free(where);
        return -1;
      }
      if (target[0] == '\0') {
        free(where);
        throw_errno(env, "readlink", ENOENT, NULL);
        return -1;
      }
      size_t size = strlen(where) + strlen(target) + 5;
      char *description = malloc(size);
      char *copy = strdup(target);
      if (description != NULL) snprintf(description, size, "%s -> %s", where, target);
      free(where);
      if (description == NULL || copy == NULL) {
        free(description);
        free(copy);
        throw_errno(env, "malloc", ENOMEM, NULL);
        return -1;
      }
      result = push_source(w, copy, description);
      if (result != 0) {
        throw_errno(env, "resolve", -result, NULL);
        return -1;
      }
      continue;
    }
    if (last) {
      w->name = strdup(component);
      if (w->name == NULL) {
        ceph_ll_put(cmount, inode);
        throw_errno(env, "strdup", ENOMEM, NULL);
        return -1;
      }
      w->target = inode;
      w->mode = stx.stx_mode;
      return 0;
    }
    if (push_inode(w, inode, component, stx.stx_mode) != 0) {
      ceph_ll_put(cmount, inode);
      throw_errno(env, "malloc", ENOMEM, NULL);
      return -1;
    }
  }
  finish_at_top(w);
  return 0;
}

/* A walk that must find its target; -1 with ENOENT pending otherwise. */
static int walk_existing(JNIEnv *env, struct walk *w, jbyteArray path, int follow_last) {
  if (walk(env, w, path, follow_last) != 0) return -1;
  if (w->target == NULL) {
    throw_errno(env, "lookup", ENOENT, NULL);
    return -1;
  }
  return 0;
}

/* ---- mount ---- */

JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_ceph_CephRoot_create0(JNIEnv *env, jclass type, jstring id) {
  char *client_id = utf_string(env, id);
  if (client_id == NULL) return 0;
  struct client *client = calloc(1, sizeof *client);
  if (client == NULL) {
    free(client_id);
    throw_errno(env, "calloc", ENOMEM, NULL);
    return 0;
  }
  int result = ceph_create(&client->cmount, client_id);
  free(client_id);
  if (failed(env, "ceph_create", result)) {
    free(client);
    return 0;
  }
  return (jlong) (intptr_t) client;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_readConfFile(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path) {
  char *file = c_string(env, path, "conf file");
  if (file == NULL) return;
  failed(env, "ceph_conf_read_file", ceph_conf_read_file(client_of(handle)->cmount, file));
  free(file);
}

/* The value comes as bytes so that a secret is wiped from the C heap after use. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_setOption(JNIEnv *env, jclass type, jlong handle,
    jstring option, jbyteArray value) {
  char *name = utf_string(env, option);
  char *text = name == NULL ? NULL : c_string(env, value, "option value");
  if (text != NULL) {
    failed(env, "ceph_conf_set", ceph_conf_set(client_of(handle)->cmount, name, text));
    explicit_bzero(text, strlen(text));
  }
  free(text);
  free(name);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_mount(JNIEnv *env, jclass type, jlong handle,
    jbyteArray root) {
  struct client *client = client_of(handle);
  char *directory = c_string(env, root, "root directory");
  if (directory == NULL) return;
  if (failed(env, "ceph_mount", ceph_mount(client->cmount, directory))) {
    free(directory);
    return;
  }
  client->mounted = 1;
  client->root_name = directory;
  client->perms = ceph_mount_perms(client->cmount);
  if (failed(env, "ceph_ll_lookup_root", ceph_ll_lookup_root(client->cmount, &client->root))) {
    client->root = NULL;
    return;
  }
  struct ceph_statx stx;
  int result = ceph_ll_getattr(client->cmount, client->root, &stx, CEPH_STATX_MODE, 0, client->perms);
  if (!failed(env, "getattr", result) && !S_ISDIR(stx.stx_mode)) {
    throw_errno(env, "ceph_mount", ENOTDIR, "the root is not a directory");
  }
}

/* Unmounts when mounted and releases everything; the handle is gone afterwards, even when unmounting failed. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_release(JNIEnv *env, jclass type, jlong handle) {
  struct client *client = client_of(handle);
  int result = 0;
  if (client->root != NULL) ceph_ll_put(client->cmount, client->root);
  if (client->mounted) result = ceph_unmount(client->cmount);
  ceph_release(client->cmount);
  free(client->root_name);
  free(client);
  failed(env, "ceph_unmount", result);
}

JNIEXPORT jint JNICALL Java_io_pfsmix_fs_ceph_CephRoot_stripeUnitGranularity(JNIEnv *env, jclass type,
    jlong handle) {
  int result = ceph_get_stripe_unit_granularity(client_of(handle)->cmount);
  failed(env, "ceph_get_stripe_unit_granularity", result);
  return result;
}

JNIEXPORT jint JNICALL Java_io_pfsmix_fs_ceph_CephRoot_poolId(JNIEnv *env, jclass type, jlong handle,
    jstring pool) {
  char *name = utf_string(env, pool);
  if (name == NULL) return -1;
  int result = ceph_get_pool_id(client_of(handle)->cmount, name);
  free(name);
  failed(env, "ceph_get_pool_id", result);
  return result;
}

JNIEXPORT jint JNICALL Java_io_pfsmix_fs_ceph_CephRoot_poolReplication(JNIEnv *env, jclass type, jlong handle,
    jint pool) {
  int result = ceph_get_pool_replication(client_of(handle)->cmount, pool);
  failed(env, "ceph_get_pool_replication", result);
  return result;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_localizeReads(JNIEnv *env, jclass type, jlong handle,
    jboolean on) {
  failed(env, "ceph_localize_reads", ceph_localize_reads(client_of(handle)->cmount, on ? 1 : 0));
}

/* {blocks, fragment size, blocks available} of the file system holding the root. */
JNIEXPORT jlongArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_statfs(JNIEnv *env, jclass type, jlong handle) {
  struct client *client = client_of(handle);
  struct statvfs vfs;
  if (failed(env, "ceph_ll_statfs", ceph_ll_statfs(client->cmount, client->root, &vfs))) return NULL;
  jlong fields[3] = {(jlong) vfs.f_blocks, (jlong) vfs.f_frsize, (jlong) vfs.f_bavail};
  jlongArray result = (*env)->NewLongArray(env, 3);
  if (result != NULL) (*env)->SetLongArrayRegion(env, result, 0, 3, fields);
  return result;
}

/* ---- entries ---- */

static jlong millis(struct timespec time) {
  return (jlong) time.tv_sec * 1000 + time.tv_nsec / 1000000;
}

/*
 * The fields CephRoot.Stat reads: mode, size, modification and access time (ms), uid, gid, and for regular files
 * the layout's stripe unit, object size and pool id (0, 0, -1 otherwise).
 */
static void fill_stat(struct ceph_mount_info *cmount, Inode *inode, const struct ceph_statx *stx, jlong *fields) {
  fields[0] = stx->stx_mode;
  fields[1] = (jlong) stx->stx_size;
  fields[2] = millis(stx->stx_mtime);
  fields[3] = millis(stx->stx_atime);
  fields[4] = stx->stx_uid;
  fields[5] = stx->stx_gid;
  fields[6] = 0;
  fields[7] = 0;
  fields[8] = -1;
  if (S_ISREG(stx->stx_mode)) {
    struct ceph_file_layout layout;
    ceph_ll_file_layout(cmount, inode, &layout);
    fields[6] = layout.fl_stripe_unit;
    fields[7] = layout.fl_object_size;
    fields[8] = (jint) layout.fl_pg_pool;
  }
}

/* A symlink's target as bytes; NULL with an exception. */
static jbyteArray link_target(JNIEnv *env, struct client *client, Inode *link) {
  char target[PATH_MAX];
  int length = ceph_ll_readlink(client->cmount, link, target, sizeof target, client->perms);
  if (failed(env, "readlink", length)) return NULL;
  if ((size_t) length >= sizeof target) {
    throw_errno(env, "readlink", ENAMETOOLONG, NULL);
    return NULL;
  }
  return java_bytes(env, target, (size_t) length);
}

/* Fills fields (STAT_FIELDS) with the entry's stat; returns a symlink's target, else NULL. */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_stat(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jboolean follow, jlongArray fields) {
  struct client *client = client_of(handle);
  struct walk w;
  walk_init(&w, client);
  jbyteArray target = NULL;
  if (walk_existing(env, &w, path, follow) == 0) {
    struct ceph_statx stx;
    int result = ceph_ll_getattr(client->cmount, w.target, &stx, CEPH_STATX_BASIC_STATS, AT_SYMLINK_NOFOLLOW,
        client->perms);
    if (!failed(env, "getattr", result)) {
      jlong values[STAT_FIELDS];
      fill_stat(client->cmount, w.target, &stx, values);
      (*env)->SetLongArrayRegion(env, fields, 0, STAT_FIELDS, values);
      if (S_ISLNK(stx.stx_mode)) target = link_target(env, client, w.target);
    }
  }
  walk_free(&w);
  return target;
}

/*
 * The entries of a directory (following links to it): names (byte[][]), their stats (STAT_FIELDS longs each, of the
 * entry itself) and, for symlinks, their targets (byte[][] with nulls), as Object[3].
 */
JNIEXPORT jobjectArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_list(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path) {
  struct client *client = client_of(handle);
  struct walk w;
  walk_init(&w, client);
  jobjectArray result = NULL;
  struct ceph_dir_result *directory = NULL;
  size_t capacity = 64, count = 0;
  char **names = malloc(capacity * sizeof *names);
  char **targets = malloc(capacity * sizeof *targets);
  int *target_lengths = malloc(capacity * sizeof *target_lengths);
  jlong *stats = malloc(capacity * STAT_FIELDS * sizeof *stats);
  if (names == NULL || targets == NULL || target_lengths == NULL || stats == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    goto done;
  }
  if (walk_existing(env, &w, path, 1) != 0) goto done;
  if (!S_ISDIR(w.mode)) {
    throw_errno(env, "opendir", ENOTDIR, NULL);
    goto done;
  }
  if (failed(env, "opendir", ceph_ll_opendir(client->cmount, w.target, &directory, client->perms))) {
    directory = NULL;
    goto done;
  }
  for (;;) {
    struct dirent entry;
    struct ceph_statx stx;
    Inode *inode = NULL;
    int status = ceph_readdirplus_r(client->cmount, directory, &entry, &stx, CEPH_STATX_BASIC_STATS,
        AT_SYMLINK_NOFOLLOW, &inode);
    if (failed(env, "readdir", status)) goto done;
    if (status == 0) break;
    if (strcmp(entry.d_name, ".") == 0 || strcmp(entry.d_name, "..") == 0) {
      ceph_ll_put(client->cmount, inode);
      continue;
    }
    if (count == capacity) {
      capacity *= 2;
      char **more_names = realloc(names, capacity * sizeof *names);
      if (more_names != NULL) names = more_names;
      char **more_targets = realloc(targets, capacity * sizeof *targets);
      if (more_targets != NULL) targets = more_targets;
      int *more_lengths = realloc(target_lengths, capacity * sizeof *target_lengths);
      if (more_lengths != NULL) target_lengths = more_lengths;
      jlong *more_stats = realloc(stats, capacity * STAT_FIELDS * sizeof *stats);
      if (more_stats != NULL) stats = more_stats;
      if (more_names == NULL || more_targets == NULL || more_lengths == NULL || more_stats == NULL) {
        ceph_ll_put(client->cmount, inode);
        throw_errno(env, "realloc", ENOMEM, NULL);
        goto done;
      }
    }
    fill_stat(client->cmount, inode, &stx, stats + count * STAT_FIELDS);
    targets[count] = NULL;
    if (S_ISLNK(stx.stx_mode)) {
      char target[PATH_MAX];
      int length = ceph_ll_readlink(client->cmount, inode, target, sizeof target, client->perms);
      if (length >= 0 && (size_t) length < sizeof target) {
        targets[count] = malloc((size_t) length + 1);
        if (targets[count] != NULL) memcpy(targets[count], target, (size_t) length);
        target_lengths[count] = length;
      }
    }
    ceph_ll_put(client->cmount, inode);
    names[count] = strdup(entry.d_name);
    if (names[count] == NULL) {
      free(targets[count]);
      throw_errno(env, "strdup", ENOMEM, NULL);
      goto done;
    }
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
    if (targets[i] != NULL) {
      jbyteArray target = java_bytes(env, targets[i], (size_t) target_lengths[i]);
      if (target == NULL) goto done;
      (*env)->SetObjectArrayElement(env, jtargets, (jsize) i, target);
      (*env)->DeleteLocalRef(env, target);
    }
  }
  result = (*env)->NewObjectArray(env, 3, object_class, NULL);
  if (result != NULL) {
    (*env)->SetObjectArrayElement(env, result, 0, jnames);
    (*env)->SetObjectArrayElement(env, result, 1, jstats);
    (*env)->SetObjectArrayElement(env, result, 2, jtargets);
  }
done:
  for (size_t i = 0; i < count; i++) {
    free(names[i]);
    free(targets[i]);
  }
  free(names);
  free(targets);
  free(target_lengths);
  free(stats);
  if (directory != NULL) ceph_ll_releasedir(client->cmount, directory);
  walk_free(&w);
  return result;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_mkdir(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jint permissions) {
  struct client *client = client_of(handle);
  struct walk w;
  walk_init(&w, client);
  if (walk(env, &w, path, 0) == 0) {
    if (w.target != NULL) {
      throw_errno(env, "mkdir", EEXIST, NULL);
    } else {
      Inode *created;
      struct ceph_statx stx;
      int result = ceph_ll_mkdir(client->cmount, walk_parent(&w), w.name, (mode_t) permissions, &created, &stx, 0,
          0, client->perms);
      if (!failed(env, "mkdir", result)) ceph_ll_put(client->cmount, created);
    }
  }
  walk_free(&w);
}

/* Removes a file, a symlink (not its target) or an empty directory. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_remove(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path) {
  struct client *client = client_of(handle);
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 0) == 0) {
    if (w.name == NULL) {
      throw_errno(env, "remove", EBUSY, "the root itself is never removed");
    } else {
      Inode *parent = walk_parent(&w);
      int directory = S_ISDIR(w.mode);
      int result = directory ? ceph_ll_rmdir(client->cmount, parent, w.name, client->perms)
          : ceph_ll_unlink(client->cmount, parent, w.name, client->perms);
      /* replaced by an entry of the other kind meanwhile */
      if (result == -ENOTDIR && directory) {
        directory = 0;
        result = ceph_ll_unlink(client->cmount, parent, w.name, client->perms);
      } else if (result == -EISDIR && !directory) {
        directory = 1;
        result = ceph_ll_rmdir(client->cmount, parent, w.name, client->perms);
      }
      failed(env, directory ? "rmdir" : "unlink", result);
    }
  }
  walk_free(&w);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_rename(JNIEnv *env, jclass type, jlong handle,
    jbyteArray source, jbyteArray destination) {
  struct client *client = client_of(handle);
  struct walk from, to;
  walk_init(&from, client);
  walk_init(&to, client);
  if (walk_existing(env, &from, source, 0) == 0 && walk(env, &to, destination, 0) == 0) {
    if (from.name == NULL || to.name == NULL) {
      throw_errno(env, "rename", EBUSY, "the root itself is never renamed");
    } else {
      failed(env, "rename", ceph_ll_rename(client->cmount, walk_parent(&from), from.name, walk_parent(&to), to.name,
          client->perms));
    }
  }
  walk_free(&to);
  walk_free(&from);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_symlink(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jbyteArray target) {
  struct client *client = client_of(handle);
  char *value = c_string(env, target, "symlink target");
  if (value == NULL) return;
  struct walk w;
  walk_init(&w, client);
  if (walk(env, &w, path, 0) == 0) {
    if (w.target != NULL) {
      throw_errno(env, "symlink", EEXIST, NULL);
    } else {
      Inode *created;
      struct ceph_statx stx;
      int result = ceph_ll_symlink(client->cmount, walk_parent(&w), w.name, value, &created, &stx, 0, 0,
          client->perms);
      if (!failed(env, "symlink", result)) ceph_ll_put(client->cmount, created);
    }
  }
  walk_free(&w);
  free(value);
}

/* ---- files ---- */

static jlong new_file(JNIEnv *env, struct client *client, Fh *fh, Inode *inode) {
  struct file *file = malloc(sizeof *file);
  if (file == NULL) {
    ceph_ll_close(client->cmount, fh);
    ceph_ll_put(client->cmount, inode);
    throw_errno(env, "malloc", ENOMEM, NULL);
    return 0;
  }
  file->client = client;
  file->fh = fh;
  file->inode = inode;
  return (jlong) (intptr_t) file;
}

/*
 * Creates name in the walk's directory exclusively, with a layout when one is given, and opens it for writing.
 * Returns the open file, 0 with an exception, or 0 with *exists set when the name was taken first. The layout is set
 * on the new, empty file before it is opened: libcephfs's low-level create takes none, and setting one on a file
 * this client holds open for writing makes every create wait about 5 s for the MDS to hand the write capability back.
 * A shared file whose other writers wrote before its layout was set keeps the default layout.
 */
static jlong create_file(JNIEnv *env, struct walk *w, int permissions, const char *layout, int shared, int *exists) {
  struct client *client = w->client;
  Inode *inode;
  struct ceph_statx stx;
  int result = ceph_ll_mknod(client->cmount, walk_parent(w), w->name, S_IFREG | (mode_t) (permissions & 07777), 0,
      &inode, &stx, 0, 0, client->perms);
  if (result == -EEXIST) {
    *exists = 1;
    return 0;
  }
  if (failed(env, "create", result)) return 0;
  const char *call = NULL;
  char reason[512];
  char error[128];
  if (layout != NULL) {
    result = ceph_ll_setxattr(client->cmount, inode, "ceph.file.layout", layout, strlen(layout), 0, client->perms);
    if (result < 0 && !(shared && result == -ENOTEMPTY)) {
      call = "setxattr ceph.file.layout";
      snprintf(reason, sizeof reason, "cannot set the layout %s: %s", layout,
          strerror_r(-result, error, sizeof error));
    }
  }
  Fh *fh = NULL;
  if (call == NULL) {
    result = ceph_ll_open(client->cmount, inode, O_WRONLY, &fh, client->perms);
    if (result < 0) {
      call = "open";
      snprintf(reason, sizeof reason, "%s", strerror_r(-result, error, sizeof error));
    }
  }
  if (call != NULL) {
    ceph_ll_put(client->cmount, inode);
    /* a file only this call knows of yet is not left behind half made */
    if (!shared) ceph_ll_unlink(client->cmount, walk_parent(w), w->name, client->perms);
    throw_errno(env, call, -result, reason);
    return 0;
  }
  return new_file(env, client, fh, inode);
}

/* Opens the walk's target, a regular file, as it is; NULL with an exception. */
static jlong open_existing(JNIEnv *env, struct walk *w, int flags) {
  struct client *client = w->client;
  if (!S_ISREG(w->mode)) {
    throw_errno(env, "open", S_ISDIR(w->mode) ? EISDIR : 0, S_ISDIR(w->mode) ? "is a directory"
        : "not a regular file");
    return 0;
  }
  Fh *fh;
  if (failed(env, "open", ceph_ll_open(client->cmount, w->target, flags, &fh, client->perms))) return 0;
  jlong file = new_file(env, client, fh, w->target);
  /* the file holds the inode now */
  if (file != 0) w->target = NULL;
  return file;
}

/*
 * Opens a regular file. Reading and writing follow every symlink; a new file (OPEN_CREATE_NEW) is created where the
 * path's last component is, which must be free; a replaced one (OPEN_CREATE_REPLACE) where the path leads, following
 * a last symlink, as O_CREAT | O_TRUNC would; a shared one (OPEN_SHARED) is created there unless it exists, and never
 * truncated. layout (may be null) is the ceph.file.layout of a new file. Returns the open file.
 */
JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_ceph_CephRoot_open(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jint mode, jint permissions, jbyteArray layout) {
  struct client *client = client_of(handle);
  char *layout_text = NULL;
  if (layout != NULL && (layout_text = c_string(env, layout, "layout")) == NULL) return 0;
  jlong file = 0;
  for (int attempt = 0; attempt < CREATE_TRIES && file == 0 && !(*env)->ExceptionCheck(env); attempt++) {
    struct walk w;
    walk_init(&w, client);
    int exists = 0;
    if (mode == OPEN_READ || mode == OPEN_WRITE) {
      if (walk_existing(env, &w, path, 1) == 0) file = open_existing(env, &w, mode == OPEN_READ ? O_RDONLY : O_WRONLY);
    } else if (walk(env, &w, path, mode != OPEN_CREATE_NEW) == 0) {
      if (w.name == NULL) {
        throw_errno(env, "create", EISDIR, "is a directory");
      } else if (w.target == NULL) {
        file = create_file(env, &w, permissions, layout_text, mode == OPEN_SHARED, &exists);
      } else if (mode == OPEN_CREATE_NEW) {
        throw_errno(env, "create", EEXIST, NULL);
      } else if (mode == OPEN_SHARED) {
        file = open_existing(env, &w, O_WRONLY);
      } else if (!S_ISREG(w.mode)) {
        throw_errno(env, "create", S_ISDIR(w.mode) ? EISDIR : 0, S_ISDIR(w.mode) ? "is a directory"
            : "not a regular file");
      } else {
        /* replaced rather than truncated, so that the new file gets the layout asked for now */
        int result = ceph_ll_unlink(client->cmount, walk_parent(&w), w.name, client->perms);
        if (result == 0 || result == -ENOENT) {
          file = create_file(env, &w, permissions, layout_text, 0, &exists);
        } else {
          failed(env, "unlink", result);
        }
      }
    }
    walk_free(&w);
    if (exists && mode == OPEN_CREATE_NEW) throw_errno(env, "create", EEXIST, NULL);
  }
  if (file == 0 && !(*env)->ExceptionCheck(env)) {
    throw_errno(env, "create", EEXIST, "the name was taken by another client at every try");
  }
  free(layout_text);
  return file;
}

static struct file *file_of(jlong handle) {
  return (struct file *) (intptr_t) handle;
}

/* Reads up to length bytes at position into a direct buffer at offset; 0 at the end of the file. */
JNIEXPORT jint JNICALL Java_io_pfsmix_fs_ceph_CephRoot_readFile(JNIEnv *env, jclass type, jlong handle,
    jlong position, jobject buffer, jint offset, jint length) {
  struct file *file = file_of(handle);
  char *address = (*env)->GetDirectBufferAddress(env, buffer);
  if (address == NULL) {
    throw_errno(env, "read", EINVAL, "not a direct buffer");
    return -1;
  }
  int result = ceph_ll_read(file->client->cmount, file->fh, position, (uint64_t) length, address + offset);
  failed(env, "read", result);
  return result;
}

/* Writes all length bytes of a direct buffer from offset at position. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_writeFile(JNIEnv *env, jclass type, jlong handle,
    jlong position, jobject buffer, jint offset, jint length) {
  struct file *file = file_of(handle);
  char *address = (*env)->GetDirectBufferAddress(env, buffer);
  if (address == NULL) {
    throw_errno(env, "write", EINVAL, "not a direct buffer");
    return;
  }
  for (jint done = 0; done < length;) {
    int result = ceph_ll_write(file->client->cmount, file->fh, position + done, (uint64_t) (length - done),
        address + offset + done);
    if (failed(env, "write", result)) return;
    if (result == 0) {
      throw_errno(env, "write", EIO, "short write");
      return;
    }
    done += result;
  }
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_syncFile(JNIEnv *env, jclass type, jlong handle,
    jboolean dataOnly) {
  struct file *file = file_of(handle);
  failed(env, "fsync", ceph_ll_fsync(file->client->cmount, file->fh, dataOnly ? 1 : 0));
}

JNIEXPORT jlong JNICALL Java_io_pfsmix_fs_ceph_CephRoot_fileLength(JNIEnv *env, jclass type, jlong handle) {
  struct file *file = file_of(handle);
  struct ceph_statx stx;
  int result = ceph_ll_getattr(file->client->cmount, file->inode, &stx, CEPH_STATX_SIZE, 0, file->client->perms);
  if (failed(env, "getattr", result)) return -1;
  return (jlong) stx.stx_size;
}

/* Closes the file; the handle is gone afterwards, even when closing failed. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_closeFile(JNIEnv *env, jclass type, jlong handle) {
  struct file *file = file_of(handle);
  struct ceph_mount_info *cmount = file->client->cmount;
  int result = ceph_ll_close(cmount, file->fh);
  ceph_ll_put(cmount, file->inode);
  free(file);
  failed(env, "close", result);
}

/* ---- attributes ---- */

static struct timespec timestamp(jlong millis) {
  struct timespec time;
  time.tv_sec = millis / 1000;
  time.tv_nsec = (millis % 1000) * 1000000;
  return time;
}

/* Sets what mask (CEPH_SETATTR_*) names of the entry the path leads to. */
JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_setAttributes(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jint mask, jint permissions, jint uid, jint gid, jlong size, jlong modified, jlong accessed) {
  struct client *client = client_of(handle);
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 1) == 0) {
    struct ceph_statx stx;
    memset(&stx, 0, sizeof stx);
    stx.stx_mode = (uint16_t) (permissions & 07777);
    stx.stx_uid = (uint32_t) uid;
    stx.stx_gid = (uint32_t) gid;
    stx.stx_size = (uint64_t) size;
    stx.stx_mtime = timestamp(modified);
    stx.stx_atime = timestamp(accessed);
    failed(env, "setattr", ceph_ll_setattr(client->cmount, w.target, &stx, mask, client->perms));
  }
  walk_free(&w);
}

/* The value of an attribute (following links), or null when the entry has none of that name. */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_getXattr(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jstring name) {
  struct client *client = client_of(handle);
  char *attribute = utf_string(env, name);
  if (attribute == NULL) return NULL;
  jbyteArray result = NULL;
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 1) == 0) {
    for (;;) {
      int size = ceph_ll_getxattr(client->cmount, w.target, attribute, NULL, 0, client->perms);
      if (size < 0) {
        if (size != -ENODATA) failed(env, "getxattr", size);
        break;
      }
      char *value = malloc((size_t) size + 1);
      if (value == NULL) {
        throw_errno(env, "malloc", ENOMEM, NULL);
        break;
      }
      int read = ceph_ll_getxattr(client->cmount, w.target, attribute, value, (size_t) size, client->perms);
      if (read == -ERANGE) {
        free(value); /* it grew in between: ask its size again */
        continue;
      }
      if (read >= 0) {
        result = java_bytes(env, value, (size_t) read);
      } else if (read != -ENODATA) {
        failed(env, "getxattr", read);
      }
      free(value);
      break;
    }
  }
  walk_free(&w);
  free(attribute);
  return result;
}

/* The names of an entry's attributes (following links), NUL-separated. */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_listXattrs(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path) {
  struct client *client = client_of(handle);
  jbyteArray result = NULL;
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 1) == 0) {
    for (;;) {
      size_t size = 0;
      if (failed(env, "listxattr", ceph_ll_listxattr(client->cmount, w.target, NULL, 0, &size, client->perms))) {
        break;
      }
      char *names = malloc(size + 1);
      if (names == NULL) {
        throw_errno(env, "malloc", ENOMEM, NULL);
        break;
      }
      size_t listed = 0;
      int status = ceph_ll_listxattr(client->cmount, w.target, names, size, &listed, client->perms);
      if (status == -ERANGE) {
        free(names);
        continue;
      }
      if (!failed(env, "listxattr", status)) result = java_bytes(env, names, listed);
      free(names);
      break;
    }
  }
  walk_free(&w);
  return result;
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_setXattr(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jstring name, jbyteArray value, jint flags) {
  struct client *client = client_of(handle);
  char *attribute = utf_string(env, name);
  if (attribute == NULL) return;
  jsize length = (*env)->GetArrayLength(env, value);
  char *bytes = malloc((size_t) length + 1);
  if (bytes == NULL) {
    free(attribute);
    throw_errno(env, "malloc", ENOMEM, NULL);
    return;
  }
  (*env)->GetByteArrayRegion(env, value, 0, length, (jbyte *) bytes);
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 1) == 0) {
    failed(env, "setxattr", ceph_ll_setxattr(client->cmount, w.target, attribute, bytes, (size_t) length, flags,
        client->perms));
  }
  walk_free(&w);
  free(bytes);
  free(attribute);
}

JNIEXPORT void JNICALL Java_io_pfsmix_fs_ceph_CephRoot_removeXattr(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jstring name) {
  struct client *client = client_of(handle);
  char *attribute = utf_string(env, name);
  if (attribute == NULL) return;
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 1) == 0) {
    failed(env, "removexattr", ceph_ll_removexattr(client->cmount, w.target, attribute, client->perms));
  }
  walk_free(&w);
  free(attribute);
}

/* ---- placement ---- */

/*
 * The OSDs holding each stripe unit of a regular file that [start, end) touches, as longs: the stripe unit, then per
 * stripe unit its offset, the number of OSDs and their ids. libcephfs answers this only for a descriptor of its
 * path-based open: the file is opened read-only by the path the walk resolved to, with nothing followed in the last
 * component, and used only when the inode opened is the one the walk found — a path changed meanwhile is an error, so
 * no other file's placement is reported and nothing is read.
 */
JNIEXPORT jlongArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_extents(JNIEnv *env, jclass type, jlong handle,
    jbyteArray path, jlong start, jlong end) {
  struct client *client = client_of(handle);
  jlongArray result = NULL;
  jlong *values = NULL;
  int fd = -1;
  char *resolved = NULL;
  struct walk w;
  walk_init(&w, client);
  if (walk_existing(env, &w, path, 1) != 0) goto done;
  if (!S_ISREG(w.mode)) {
    throw_errno(env, "open", 0, "not a regular file");
    goto done;
  }
  struct ceph_file_layout layout;
  ceph_ll_file_layout(client->cmount, w.target, &layout);
  jlong unit = layout.fl_stripe_unit;
  struct ceph_statx walked;
  int status = ceph_ll_getattr(client->cmount, w.target, &walked, CEPH_STATX_INO, AT_STATX_DONT_SYNC, client->perms);
  if (failed(env, "getattr", status)) goto done;
  resolved = stack_path(&w, w.name);
  if (resolved == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    goto done;
  }
  fd = ceph_open(client->cmount, resolved, O_RDONLY | O_NOFOLLOW, 0);
  if (failed(env, "open", fd)) goto done;
  struct ceph_statx opened;
  status = ceph_fstatx(client->cmount, fd, &opened, CEPH_STATX_INO, AT_STATX_DONT_SYNC);
  if (failed(env, "fstatx", status)) goto done;
  if (opened.stx_ino != walked.stx_ino) {
    throw_errno(env, "open", EAGAIN, "the file was renamed or replaced while its placement was read");
    goto done;
  }
  if (unit <= 0 || end <= start) {
    unit = unit <= 0 ? 1 : unit;
    end = start;
  }
  jlong first = start - start % unit;
  size_t stripes = (size_t) ((end - first + unit - 1) / unit);
  size_t capacity = 1 + stripes * (2 + 4);
  size_t count = 0;
  values = malloc(capacity * sizeof *values);
  if (values == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    goto done;
  }
  values[count++] = unit;
  for (jlong offset = first; offset < end; offset += unit) {
    int osds[MAX_OSDS];
    int64_t length;
    int found = ceph_get_file_extent_osds(client->cmount, fd, offset, &length, osds, MAX_OSDS);
    if (failed(env, "ceph_get_file_extent_osds", found)) goto done;
    if (count + 2 + (size_t) found > capacity) {
      capacity = (count + 2 + (size_t) found) * 2;
      jlong *more = realloc(values, capacity * sizeof *values);
      if (more == NULL) {
        throw_errno(env, "realloc", ENOMEM, NULL);
        goto done;
      }
      values = more;
    }
    values[count++] = offset;
    values[count++] = found;
    for (int i = 0; i < found; i++) values[count++] = osds[i];
  }
  result = (*env)->NewLongArray(env, (jsize) count);
  if (result != NULL) (*env)->SetLongArrayRegion(env, result, 0, (jsize) count, values);
done:
  free(values);
  if (fd >= 0) ceph_close(client->cmount, fd);
  free(resolved);
  walk_free(&w);
  return result;
}

/* An OSD's CRUSH location: (type, name) pairs from the OSD's bucket to the root, each string NUL-terminated. */
JNIEXPORT jbyteArray JNICALL Java_io_pfsmix_fs_ceph_CephRoot_osdLocation(JNIEnv *env, jclass type, jlong handle,
    jint osd) {
  struct client *client = client_of(handle);
  for (size_t size = 1024;; size *= 2) {
    char *buffer = malloc(size);
    if (buffer == NULL) {
      throw_errno(env, "malloc", ENOMEM, NULL);
      return NULL;
    }
    int length = ceph_get_osd_crush_location(client->cmount, osd, buffer, size);
    if (length == -ERANGE && size < (1 << 20)) {
      free(buffer);
      continue;
    }
    jbyteArray result = failed(env, "ceph_get_osd_crush_location", length) ? NULL
        : java_bytes(env, buffer, (size_t) length);
    free(buffer);
    return result;
  }
}

JNIEXPORT jstring JNICALL Java_io_pfsmix_fs_ceph_CephRoot_osdAddress(JNIEnv *env, jclass type, jlong handle,
    jint osd) {
  struct sockaddr_storage address;
  memset(&address, 0, sizeof address);
  if (failed(env, "ceph_get_osd_addr", ceph_get_osd_addr(client_of(handle)->cmount, osd, &address))) return NULL;
  char text[INET6_ADDRSTRLEN];
  const void *raw = address.ss_family == AF_INET6 ? (const void *) &((struct sockaddr_in6 *) &address)->sin6_addr
      : (const void *) &((struct sockaddr_in *) &address)->sin_addr;
  if (inet_ntop(address.ss_family, raw, text, sizeof text) == NULL) {
    throw_errno(env, "inet_ntop", errno, NULL);
    return NULL;
  }
  return (*env)->NewStringUTF(env, text);
}
