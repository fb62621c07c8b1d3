#!/usr/bin/env bash
# scripts/orangefs-build.sh — builds OrangeFS from an unmodified upstream source tarball into a cache outside the clone,
# keyed on the tarball's checksum, so that only the first run builds. OrangeFS is in no package registry: users download
# the tarball from the OrangeFS project and name it here.
#
#   scripts/orangefs-build.sh [--tarball FILE] [--print-home]
#
# FILE defaults to $PFSMIX_ORANGEFS_TARBALL, else the first orangefs-*.tar.gz in <repository>/../shared/thirdparty.
# The build goes to ~/.cache/pfsmix/orangefs/<first 16 hex digits of the tarball's sha256>/install, and
# ~/.cache/pfsmix/orangefs/current points at the latest one: the Maven build finds the headers there.
# On success the last line printed is "home <install directory>"; --print-home prints only that directory.
# Exit status 3 means no tarball was found (callers skip with that reason); anything else non-zero is a failed build.
set -euo pipefail

name=orangefs
what=OrangeFS
glob='orangefs-*.tar.gz'
tarball_env=PFSMIX_ORANGEFS_TARBALL
download_hint="download one from the OrangeFS project"
duration_hint="a few minutes"
# what OrangeFS's configure and build need beyond gcc and make
packages=(bison flex libssl-dev liblmdb-dev libfuse-dev autoconf automake libtool pkg-config libattr1-dev perl)

installed() {
  [[ -x $prefix/sbin/pvfs2-server && -f $prefix/include/pvfs2-sysint.h ]]
}

# the options with which the unmodified tree builds on Debian 12 (../shared/notes/orangefs.md)
build_steps() {
  ./prepare
  ./configure --prefix="$prefix" --enable-shared --enable-fuse --with-db-backend=lmdb
  make -j"$(nproc)"
}

# shellcheck source=thirdparty-build.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/thirdparty-build.sh"
thirdparty_build "$@"
