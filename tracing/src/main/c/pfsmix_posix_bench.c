/*
 * The POSIX workload of `pfsmix bench trace`, run with and without the preload library:
 *   pfsmix_posix_bench FILE BLOCK_BYTES BLOCKS SMALL_CALLS
 * writes BLOCKS blocks of BLOCK_BYTES with pwrite (an IOR-like checkpoint), then makes SMALL_CALLS one-byte pwrites at
 * offset 0, and prints the wall time of the checkpoint and the CPU time per small call of the process and of the calling
 * thread (the process's includes the preload library's packer thread), in nanoseconds.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: pfsmix_posix_bench FILE BLOCK_BYTES BLOCKS SMALL_CALLS\n");
    return 2;
  }
  size_t block = strtoull(argv[2], NULL, 10);
  long blocks = strtol(argv[3], NULL, 10);
  long small = strtol(argv[4], NULL, 10);
  char *buffer = malloc(block);
  if (!buffer || block == 0 || blocks <= 0 || small <= 0) {
    fprintf(stderr, "pfsmix_posix_bench: bad arguments\n");
    return 2;
  }
  memset(buffer, 'c', block);
  long long start = now(CLOCK_MONOTONIC);
  int fd = open(argv[1], O_CREAT | O_WRONLY | O_TRUNC, 0644);
  if (fd < 0) {
    perror(argv[1]);
    return 1;
  }
  for (long i = 0; i < blocks; i++) {
    if (pwrite(fd, buffer, block, (off_t) (i * block)) != (ssize_t) block) {
      perror("pwrite");
      return 1;
    }
  }
  close(fd);
  long long checkpoint = now(CLOCK_MONOTONIC) - start;

  fd = open(argv[1], O_WRONLY);
  long long cpu = now(CLOCK_PROCESS_CPUTIME_ID);
  long long thread_cpu = now(CLOCK_THREAD_CPUTIME_ID);
  for (long i = 0; i < small; i++) {
    if (pwrite(fd, buffer, 1, 0) != 1) {
      perror("pwrite");
      return 1;
    }
  }
  thread_cpu = now(CLOCK_THREAD_CPUTIME_ID) - thread_cpu;
  cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu;
  close(fd);
  unlink(argv[1]);
  printf("checkpoint_ns %lld\nsmall_call_cpu_ns %.1f\nsmall_call_thread_cpu_ns %.1f\n", checkpoint,
         (double) cpu / small, (double) thread_cpu / small);
  return 0;
}
