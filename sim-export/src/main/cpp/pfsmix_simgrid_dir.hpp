// Shared by pfsmix's SimGrid programs, which take a directory (bundle or model) and SimGrid's own options.
#pragma once

#include <unistd.h>

#include <cstdio>

namespace pfsmix {

// Checks the usage "PROGRAM DIR [--cfg=...]" and moves into DIR, whose files name one another by relative paths.
// On success argv + 1 holds the program name and SimGrid's options, argc - 1 of them: the engine's arguments.
inline bool enter_directory(int argc, char* argv[], const char* dir_name) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s %s [--cfg=...]\n", argv[0], dir_name);
    return false;
  }
  if (chdir(argv[1]) != 0) {
    std::perror(argv[1]);
    return false;
  }
  argv[1] = argv[0];
  return true;
}

}  // namespace pfsmix
