#!/usr/bin/env bash
# scripts/qfs-build.sh — builds QFS (the Quantcast File System, CloudStore/KFS's successor) from an unmodified upstream
# source tarball into a cache outside the clone, keyed on the tarball's checksum, so that only the first run builds. QFS
# is in no package registry: users download a release (or a commit) from github.com/quantcast/qfs and name it here.
#
#   scripts/qfs-build.sh [--tarball FILE] [--print-home]
#
# FILE defaults to $PFSMIX_QFS_TARBALL, else the first qfs-*.tar.gz in <repository>/../shared/thirdparty.
# Only what pfsmix needs is built (a full build with QFS's tests takes about an hour and 3.4 GB): the metaserver and
# chunkserver (bin/), the command-line tools (bin/tools: qfs, qfsadmin, cptoqfs, ...), the client library and its JNI
# access library (lib/), the client's headers (include/kfs), and QFS's Hadoop FileSystem for Hadoop 3.5.0 with its
# Java access classes (lib/java/hadoop-qfs.jar, built by QFS's javabuild.sh with Maven). The build goes to
# ~/.cache/pfsmix/qfs/<first 16 hex digits of the tarball's sha256>/install; ~/.cache/pfsmix/qfs/current points at the
# latest one. On success the last line printed is "home <install directory>"; --print-home prints only that directory.
# Exit status 3 means no tarball was found (callers skip with that reason); anything else non-zero is a failed build.
set -euo pipefail

name=qfs
what=QFS
glob='qfs-*.tar.gz'
tarball_env=PFSMIX_QFS_TARBALL
download_hint="download a release from github.com/quantcast/qfs"
duration_hint="10 to 30 minutes"
packages=(cmake g++ make libboost-regex-dev libboost-system-dev libssl-dev libkrb5-dev zlib1g-dev maven)
# the Hadoop release QFS's FileSystem is compiled against: pfsmix's
hadoop_version=3.5.0

# The CMake targets pfsmix needs (servers as their directory under src/cc/ and name), linked against QFS's shared libraries (each built once): the servers, the tools the
# cluster script and tests use, the client library and the JNI access library. Building QFS's "all" would also build
# every library twice (static and shared), its tests, benchmarks and examples.
qfs_servers=(meta/metaserver chunk/chunkserver)
qfs_tools=(qfs qfsadmin qfsshell cptoqfs cpfromqfs)
qfs_libraries=(kfsClient-shared qfs_access)

# Every program present and finding every library it links in lib/ (QFS's programs look for them beside themselves,
# and Jerasure's for gf-complete in the system's directories: users of the install put lib/ on LD_LIBRARY_PATH, as
# scripts/qfs-cluster.sh and ./pfsmix do).
installed() {
  [[ -x $prefix/bin/metaserver && -x $prefix/bin/chunkserver && -x $prefix/bin/tools/qfs
    && -e $prefix/lib/libqfs_access.so && -f $prefix/lib/java/hadoop-qfs.jar ]] &&
    ! LD_LIBRARY_PATH=$prefix/lib ldd "$prefix"/bin/{metaserver,chunkserver} "$prefix/bin/tools/qfs" \
      "$prefix/lib/libqfs_access.so" | grep -q 'not found'
}

# Every step ends the build when it fails: the library runs these where bash's errexit does not apply.
build_steps() {
  # some copies of the tree lack the Reed-Solomon table that the tree's own generator writes
  if [[ ! -e src/cc/qcrs/rs_table.c ]]; then
    (cd src/cc/qcrs && gcc -O2 -I. -o mktable mktable_main.c && ./mktable > rs_table.c) || return
  fi
  # CMake's FindJNI needs the JDK's home for the JNI access library's headers
  local java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
  mkdir -p build && cd build || return
  # CMAKE_BUILD_WITH_INSTALL_RPATH: the programs and libraries get QFS's install run path ($ORIGIN) at link time, not
  # the build tree's (which is removed)
  cmake -D CMAKE_BUILD_TYPE=RelWithDebInfo -D QFS_USE_STATIC_LIB_LINKAGE=OFF -D CMAKE_INSTALL_PREFIX="$prefix" \
    -D CMAKE_BUILD_WITH_INSTALL_RPATH=ON -D JAVA_HOME="$java_home" .. || return
  make -j"$(nproc)" "${qfs_servers[@]##*/}" "${qfs_tools[@]}" "${qfs_libraries[@]}" || return
  # into build/java/: hadoop-qfs/hadoop-VERSION-qfs-*.jar (the FileSystem and the access classes) and qfs-access/
  (cd ../src/java && ./javabuild.sh "$hadoop_version")
}

# What CMake's install would put in place for these targets, copied from the build tree (its install step insists on
# every target of a directory).
install_steps() {
  local to=$work/destdir$prefix name
  mkdir -p "$to/bin/tools" "$to/lib/java" "$to/include/kfs/common" || return
  cp java/hadoop-qfs/hadoop-"$hadoop_version"-qfs-*.jar "$to/lib/java/hadoop-qfs.jar" || return
  for name in "${qfs_servers[@]}"; do
    cp "src/cc/$name" "$to/bin/" || return
  done
  for name in "${qfs_tools[@]}"; do
    cp "src/cc/tools/$name" "$to/bin/tools/" || return
  done
  # QFS's libraries, and the Jerasure and gf-complete libraries its build makes for Reed-Solomon coding
  find src/cc jerasure/lib gf-complete/lib -name 'lib*.so*' -exec cp -P {} "$to/lib/" \; || return
  cp ../src/cc/libclient/KfsClient.h ../src/cc/libclient/KfsAttr.h "$to/include/kfs/" &&
    cp ../src/cc/common/kfstypes.h ../src/cc/common/kfsdecls.h "$to/include/kfs/common/"
}

# shellcheck source=thirdparty-build.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/thirdparty-build.sh"
thirdparty_build "$@"
