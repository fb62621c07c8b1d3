#!/usr/bin/env bash
# scripts/ior-build.sh — builds the real IOR (hpc/ior) from an unmodified upstream source tarball with Debian's Open MPI into
# a cache outside the clone, keyed on the tarball's checksum, so that only the first run builds. IOR is in no package
# registry here: users download the release tarball from hpc/ior and name it here.
#
#   scripts/ior-build.sh [--tarball FILE] [--print-home]
#
# FILE defaults to $PFSMIX_IOR_TARBALL, else the first ior-*.tar.gz in <repository>/../shared/thirdparty.
# The build goes to ~/.cache/pfsmix/ior/<first 16 hex digits of the tarball's sha256>/install (bin/ior, bin/mdtest), and
# ~/.cache/pfsmix/ior/current points at the latest one: tests look for bin/ior there.
# On success the last line printed is "home <install directory>"; --print-home prints only that directory.
# Exit status 3 means no tarball was found (callers skip with that reason); anything else non-zero is a failed build.
set -euo pipefail

name=ior
what=IOR
glob='ior-*.tar.gz'
tarball_env=PFSMIX_IOR_TARBALL
download_hint="download a release from github.com/hpc/ior"
duration_hint="about a minute"
# Open MPI builds and runs IOR
packages=(libopenmpi-dev openmpi-bin autoconf automake libtool pkg-config)

installed() {
  [[ -x $prefix/bin/ior ]]
}

build_steps() {
  ./bootstrap
  ./configure --prefix="$prefix" CC=mpicc
  make -j"$(nproc)"
}

# shellcheck source=thirdparty-build.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/thirdparty-build.sh"
thirdparty_build "$@"
