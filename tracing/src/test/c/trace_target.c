/*
 * A program whose POSIX I/O calls are known exactly, run under the pfsmix preload library by NativePreloadTest.
 * Usage: trace_target <directory> [scattered writes]. Every call and its expected record are listed in NativePreloadTest;
 * the optional count adds that many small writes at scattered offsets of d.dat (4 KiB at most), whose records compress
 * poorly, so that a trace outgrows a file size limit its data files stay under. After its writer threads it prints how many
 * threads it has, read from /proc/self/status by raw system calls the library does not see.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define THREADS 4
#define WRITES_PER_THREAD 1000

static char path_c[4096];

/* The process's thread count ("Threads:" of /proc/self/status), or -1. */
static int thread_count(void) {
  char status[4096];
  long fd = syscall(SYS_openat, AT_FDCWD, "/proc/self/status", O_RDONLY);
  if (fd < 0) return -1;
  long n = syscall(SYS_read, fd, status, sizeof status - 1);
  syscall(SYS_close, fd);
  if (n <= 0) return -1;
  status[n] = 0;
  char *line = strstr(status, "\nThreads:");
  return line ? atoi(line + strlen("\nThreads:")) : -1;
}

static void *writer_thread(void *arg) {
  long index = (long) arg;
  int fd = open(path_c, O_WRONLY);
  if (fd < 0) abort();
  char value[8];
  memset(value, 'a' + (int) index, sizeof value);
  for (int i = 0; i < WRITES_PER_THREAD; i++) {
    off_t offset = ((off_t) index * WRITES_PER_THREAD + i) * 8;
    if (pwrite(fd, value, sizeof value, offset) != (ssize_t) sizeof value) abort();
  }
  close(fd);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: trace_target <directory> [scattered writes]\n");
    return 2;
  }
  long scattered = argc == 3 ? strtol(argv[2], NULL, 10) : 0;
  char path_a[4096], path_b[4096], path_e[4096], missing[4096];
  snprintf(path_a, sizeof path_a, "%s/a.dat", argv[1]);
  snprintf(path_b, sizeof path_b, "%s/b.dat", argv[1]);
  snprintf(path_c, sizeof path_c, "%s/c.dat", argv[1]);
  snprintf(path_e, sizeof path_e, "%s/e.dat", argv[1]);
  snprintf(missing, sizeof missing, "%s/missing.dat", argv[1]);
  static char buf[8192];
  memset(buf, 'x', sizeof buf);

  int fd = open(path_a, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  for (int i = 0; i < 3; i++) write(fd, buf, 4096);                 /* offsets 0, 4096, 8192 */
  pwrite(fd, buf, 1000, 100000);                                    /* file is now 101000 bytes */
  struct iovec iov[2] = {{buf, 100}, {buf, 200}};
  writev(fd, iov, 2);                                               /* at 12288, 300 bytes */
  lseek(fd, 0, SEEK_SET);
  fsync(fd);
  fdatasync(fd);
  close(fd);

  fd = open64(path_a, O_RDONLY);
  read(fd, buf, 5000);                                              /* 5000 at 0 */
  pread64(fd, buf, 2000, 8192);                                     /* 2000 at 8192 */
  struct iovec riov[2] = {{buf, 100}, {buf + 100, 100}};
  readv(fd, riov, 2);                                               /* 200 at 5000 */
  lseek64(fd, 99000, SEEK_SET);
  read(fd, buf, 4096);                                              /* 2000 at 99000: end of file */
  read(fd, buf, 4096);                                              /* 0 at 101000 */
  close(fd);

  if (openat(AT_FDCWD, missing, O_RDONLY) >= 0 || errno != ENOENT) return 3;

  fd = creat(path_b, 0644);
  write(fd, "0123456789", 10);
  close(fd);

  /* e.dat: written through copies of its descriptor only, as dd writes through stdout */
  fd = open(path_e, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  if (dup2(fd, 20) != 20) return 4;
  close(fd);
  write(20, "1234567", 7);                                          /* 7 at 0 */
  int copy = fcntl(20, F_DUPFD, 30);
  close(20);
  write(copy, "12345", 5);                                          /* 5 at 7 */
  int again = dup(copy);
  close(copy);
  write(again, "123", 3);                                           /* 3 at 12 */
  if (dup3(again, 21, O_CLOEXEC) != 21) return 5;
  close(again);
  write(21, "12", 2);                                               /* 2 at 15 */
  close(21);

  printf("untraced output on stdout\n");
  fflush(stdout);

  fd = open(path_c, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  close(fd);
  pthread_t threads[THREADS];
  for (long t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, writer_thread, (void *) t);
  for (long t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
  printf("threads: %d\n", thread_count());
  fflush(stdout);

  if (scattered > 0) {
    char path_d[4096];
    snprintf(path_d, sizeof path_d, "%s/d.dat", argv[1]);
    fd = open(path_d, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    unsigned long state = 20;
    for (long i = 0; i < scattered; i++) {
      state = state * 6364136223846793005UL + 1442695040888963407UL;
      pwrite(fd, buf, 1 + (state >> 60), (off_t) ((state >> 33) % 4000));
    }
    close(fd);
  }
  return 0;
}
