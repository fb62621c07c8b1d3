// qfs_glue.cc — the calls of qfs_glue.h over QFS's C++ client, KfsClient (libqfs_client).
#include "qfs_glue.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <kfs/KfsClient.h>

#include <new>
#include <string>
#include <vector>

using KFS::KfsClient;
using KFS::KfsFileAttr;

struct qfs_client {
  KfsClient *kfs;
};

static void copy_attr(const KfsFileAttr &from, struct qfs_attr *to) {
  to->file_id = from.fileId;
  to->size = from.isDirectory ? 0 : from.fileSize;
  to->mtime_ms = (int64_t) from.mtime.tv_sec * 1000 + from.mtime.tv_usec / 1000;
  to->is_directory = from.isDirectory;
  to->is_symlink = from.IsSymLink();
  to->mode = from.mode;
  to->uid = from.user;
  to->gid = from.group;
  to->replicas = from.numReplicas;
  to->link_target = from.IsSymLink() ? strdup(from.extAttrs.c_str()) : NULL;
}

extern "C" {

qfs_client *qfs_connect(const char *host, int port, int retry_delay_seconds, int max_retries, int op_timeout_seconds,
                        const char *log_level, int *error) {
  KfsClient *kfs = KFS::Connect(std::string(host), port);
  if (kfs == NULL) {
    *error = -ECONNREFUSED;
    return NULL;
  }
  qfs_client *client = new (std::nothrow) qfs_client;
  if (client == NULL) {
    delete kfs;
    *error = -ENOMEM;
    return NULL;
  }
  client->kfs = kfs;
  // the process's one logger: the last client connected sets it
  kfs->SetLogLevel(std::string(log_level));
  kfs->SetRetryDelay(retry_delay_seconds);
  kfs->SetMaxRetryPerOp(max_retries);
  kfs->SetDefaultIOTimeout(op_timeout_seconds);
  kfs->SetDefaultMetaOpTimeout(op_timeout_seconds);
  // names, sizes and modes as the metaserver has them now (the client's cache counts whole seconds, so 0 would still
  // answer from it within the second): other writers of a shared file are other clients
  kfs->SetFileAttributeRevalidateTime(-1);
  return client;
}

void qfs_disconnect(qfs_client *client) {
  delete client->kfs;
  delete client;
}

void qfs_error_text(int code, char *buffer, size_t size) {
  snprintf(buffer, size, "%s", KFS::ErrorCodeToStr(code).c_str());
}

int qfs_lstat(qfs_client *client, const char *path, int with_size, struct qfs_attr *attr) {
  KfsFileAttr found;
  int result = client->kfs->Lstat(path, found, with_size != 0);
  if (result != 0) return result;
  copy_attr(found, attr);
  if (!with_size && !found.isDirectory) attr->size = -1;
  return 0;
}

int qfs_fstat(qfs_client *client, int fd, struct qfs_attr *attr) {
  KfsFileAttr found;
  int result = client->kfs->Stat(fd, found);
  if (result == 0) copy_attr(found, attr);
  return result;
}

int qfs_list(qfs_client *client, const char *path, struct qfs_entry **entries, size_t *count) {
  std::vector<KfsFileAttr> found;
  int result = client->kfs->ReaddirPlus(path, found, true);
  if (result < 0) return result;
  struct qfs_entry *list = (struct qfs_entry *) calloc(found.size() + 1, sizeof *list);
  if (list == NULL) return -ENOMEM;
  size_t n = 0;
  for (const KfsFileAttr &attr : found) {
    if (attr.filename == "." || attr.filename == "..") continue;
    list[n].name = strdup(attr.filename.c_str());
    copy_attr(attr, &list[n].attr);
    n++;
  }
  *entries = list;
  *count = n;
  return 0;
}

void qfs_free_entries(struct qfs_entry *entries, size_t count) {
  for (size_t i = 0; i < count; i++) {
    free(entries[i].name);
    free(entries[i].attr.link_target);
  }
  free(entries);
}

int qfs_mkdir(qfs_client *client, const char *path, int mode) {
  return client->kfs->Mkdir(path, (KFS::kfsMode_t) mode);
}

int qfs_rmdir(qfs_client *client, const char *path) {
  return client->kfs->Rmdir(path);
}

int qfs_remove(qfs_client *client, const char *path) {
  return client->kfs->Remove(path);
}

int qfs_rename(qfs_client *client, const char *from, const char *to) {
  return client->kfs->Rename(from, to, false);
}

int qfs_create(qfs_client *client, const char *path, int replicas, int exclusive, int mode) {
  // not striped: QFS's default 6+3 Reed-Solomon files accept only whole-stripe writes
  return client->kfs->Open(path, O_CREAT | O_WRONLY | (exclusive ? O_EXCL : O_TRUNC), replicas, 0, 0, 0,
                           KFS::KFS_STRIPED_FILE_TYPE_NONE, (KFS::kfsMode_t) mode);
}

int qfs_open(qfs_client *client, const char *path, int write) {
  return client->kfs->Open(path, write ? O_WRONLY : O_RDONLY);
}

int64_t qfs_pread(qfs_client *client, int fd, int64_t position, char *buffer, size_t length) {
  return client->kfs->PRead(fd, position, buffer, length);
}

int64_t qfs_pwrite(qfs_client *client, int fd, int64_t position, const char *buffer, size_t length) {
  return client->kfs->PWrite(fd, position, buffer, length);
}

int qfs_sync(qfs_client *client, int fd) {
  return client->kfs->Sync(fd);
}

int qfs_close(qfs_client *client, int fd) {
  return client->kfs->Close(fd);
}

int qfs_set_times(qfs_client *client, const char *path, int64_t mtime_ms, int64_t atime_ms) {
  if (mtime_ms < 0) return 0;
  struct timeval mtime;
  mtime.tv_sec = mtime_ms / 1000;
  mtime.tv_usec = (mtime_ms % 1000) * 1000;
  return client->kfs->SetUtimes(path, mtime, atime_ms < 0 ? KFS::kSetTimeTimeNotValid : atime_ms * 1000);
}

int qfs_chmod(qfs_client *client, const char *path, int mode) {
  return client->kfs->Chmod(path, (KFS::kfsMode_t) mode);
}

int qfs_chown(qfs_client *client, const char *path, int64_t uid, int64_t gid) {
  return client->kfs->Chown(path, uid < 0 ? KFS::kKfsUserNone : (KFS::kfsUid_t) uid,
                            gid < 0 ? KFS::kKfsGroupNone : (KFS::kfsGid_t) gid);
}

int qfs_locations(qfs_client *client, const char *path, int64_t start, int64_t length, char ***hosts, size_t *count,
                  int64_t *chunk_size) {
  std::vector<std::vector<std::string> > locations;
  KFS::chunkOff_t block = 0;
  int result = client->kfs->GetDataLocation(path, start, length, locations, &block);
  if (result < 0) return result;
  char **list = (char **) calloc(locations.size() + 1, sizeof *list);
  if (list == NULL) return -ENOMEM;
  for (size_t i = 0; i < locations.size(); i++) {
    std::string joined;
    for (const std::string &host : locations[i]) {
      if (!joined.empty()) joined += ',';
      joined += host;
    }
    list[i] = strdup(joined.c_str());
  }
  *hosts = list;
  *count = locations.size();
  *chunk_size = block > 0 ? block : (int64_t) KFS::CHUNKSIZE;
  return 0;
}

void qfs_free_hosts(char **hosts, size_t count) {
  for (size_t i = 0; i < count; i++) free(hosts[i]);
  free(hosts);
}

}
