#!/usr/bin/env bash
# scripts/darshan-util-build.sh — builds darshan-util's C tools (darshan-parser, darshan-dxt-parser ...) from an unmodified
# Darshan source tarball into a cache outside the clone, keyed on the tarball's checksum, so that only the first run builds.
# The sim-export tests read pfsmix's Darshan logs with them. No registry here carries their source (PyPI's `darshan` sdist
# holds PyDarshan only, Debian has no Darshan package): users download a release tarball (darshan-3.4.x.tar.gz) from the
# Darshan project's site or darshan-hpc/darshan's releases and name it here.
#
#   scripts/darshan-util-build.sh [--tarball FILE] [--print-home]
#
# FILE defaults to $PFSMIX_DARSHAN_TARBALL, else the first darshan-*.tar.gz in <repository>/../shared/thirdparty.
# The build goes to ~/.cache/pfsmix/darshan-util/<first 16 hex digits of the tarball's sha256>/install (bin/darshan-parser,
# bin/darshan-dxt-parser), and ~/.cache/pfsmix/darshan-util/current points at the latest one: tests look there.
# On success the last line printed is "home <install directory>"; --print-home prints only that directory.
# Exit status 3 means no tarball was found (callers skip with that reason); anything else non-zero is a failed build.
set -euo pipefail

name=darshan-util
what="darshan-util"
glob='darshan-*.tar.gz'
tarball_env=PFSMIX_DARSHAN_TARBALL
download_hint="download a Darshan release tarball (darshan-3.4.x.tar.gz) from the Darshan project or darshan-hpc/darshan"
duration_hint="about a minute"
# prepare.sh runs the autotools; the log reader needs zlib and, for bzip2-compressed logs, libbz2
packages=(autoconf automake libtool make gcc zlib1g-dev libbz2-dev)

installed() {
  [[ -x $prefix/bin/darshan-parser && -x $prefix/bin/darshan-dxt-parser ]]
}

build_steps() {
  ./prepare.sh
  # only the utilities: the runtime library needs MPI and instruments programs, which the tests do not do;
  # the install that follows runs in darshan-util too
  cd darshan-util
  ./configure --prefix="$prefix"
  make -j"$(nproc)"
}

# shellcheck source=thirdparty-build.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/thirdparty-build.sh"
thirdparty_build "$@"
