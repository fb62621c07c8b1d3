#!/usr/bin/env bash
# scripts/qfs-cluster.sh — a local QFS (Quantcast File System, CloudStore/KFS's successor) on loopback addresses, in
# one scratch directory, for people and for tests: a metaserver on 127.0.0.1 and N chunkservers on 127.0.0.2 ..
# 127.0.0.(N+1). Configuration, chunks, the metaserver's checkpoints and logs, pid files and logs live inside the
# directory; `down` stops the servers by pid and removes it.
#
#   scripts/qfs-cluster.sh up     [--dir DIR] [--chunkservers N] [--port PORT] [--tarball FILE]
#   scripts/qfs-cluster.sh down   [--dir DIR]
#   scripts/qfs-cluster.sh status [--dir DIR]
#
# DIR defaults to $PFSMIX_QFS_DIR, else ${PFSMIX_HOME:-<repository>}/var/qfs; N to 2; PORT (the metaserver's client
# port) to 20000, with the metaserver's chunkserver port PORT+1 and the chunkservers' client port PORT+2. QFS is built
# once from its source tarball by scripts/qfs-build.sh (FILE: see its --help). Several file systems may run at once with
# distinct DIR and PORT. `up` prints lines callers parse: "home INSTALL", "meta 127.0.0.1:PORT" and
# "uri qfs://127.0.0.1:PORT/". QFS's own tools reach it as
# LD_LIBRARY_PATH=INSTALL/lib INSTALL/bin/tools/qfs -fs qfs://127.0.0.1:PORT/ -ls /.
set -euo pipefail

home=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
# shellcheck source=cluster-lib.sh
source "$home/scripts/cluster-lib.sh"
meta_ip=127.0.0.1

command=${1:-}
[[ -n $command ]] || { usage >&2; exit 2; }
shift
dir=${PFSMIX_QFS_DIR:-${PFSMIX_HOME:-$home}/var/qfs}
port=20000
chunkservers=2
build_args=()
while (($#)); do
  case $1 in
    --dir) dir=${2:?--dir needs a directory}; shift 2 ;;
    --chunkservers) chunkservers=${2:?--chunkservers needs a number}; shift 2 ;;
    --port) port=${2:?--port needs a number}; shift 2 ;;
    --tarball) build_args=(--tarball "${2:?--tarball needs a file}"); shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
[[ $port =~ ^[0-9]+$ ]] && ((port > 0 && port < 65534)) || die "--port must be a TCP port number below 65534, got '$port'"
[[ $chunkservers =~ ^[0-9]+$ ]] && ((chunkservers >= 1 && chunkservers <= 16)) ||
  die "--chunkservers must be between 1 and 16, got '$chunkservers'"
mkdir -p "$(dirname "$dir")"
dir=$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")

log_tail() {
  [[ -f $1 ]] && { echo "--- last lines of $1:"; tail -n 15 "$1"; } >&2
  return 0
}

# The servers of a file system in $dir, one a line: metaserver, then chunk1 .. chunkN (from its configuration files).
servers() {
  [[ -f $dir/conf/metaserver.prp ]] || return 0
  echo metaserver
  local f
  for f in "$dir"/conf/chunk*.prp; do
    [[ -e $f ]] && basename "$f" .prp
  done
  return 0
}

# The programs of the QFS install; they find its libraries (Jerasure's gf-complete among them) through LD_LIBRARY_PATH.
use_install() {
  qfs_home=$1
  [[ -x $qfs_home/bin/metaserver && -x $qfs_home/bin/chunkserver && -x $qfs_home/bin/tools/qfsadmin ]] ||
    die "no QFS programs in $qfs_home (rebuild with scripts/qfs-build.sh)"
  export LD_LIBRARY_PATH=$qfs_home/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
}

meta_port() {
  sed -n 's/^metaServer\.clientPort = //p' "$dir/conf/metaserver.prp"
}

# The chunkservers the metaserver has connected, one "IP PORT" a line (qfsadmin prints response headers instead while
# there is none).
up_chunkservers() {
  { timeout 10 "$qfs_home/bin/tools/qfsadmin" -m "$meta_ip" -p "$(meta_port)" upservers 2>/dev/null || true; } |
    grep -E '^[0-9.]+ [0-9]+$' || true
}

print_lines() {
  echo "home $qfs_home"
  echo "meta $meta_ip:$(meta_port)"
  echo "uri qfs://$meta_ip:$(meta_port)/"
}

write_conf() {
  local i ip
  mkdir -p "$dir"/{conf,run,log,meta/checkpoints,meta/logs}
  # one cluster key per file system, so that a chunkserver of another never joins it
  {
    echo "metaServer.clientIp = $meta_ip"
    echo "metaServer.clientPort = $port"
    echo "metaServer.chunkServerIp = $meta_ip"
    echo "metaServer.chunkServerPort = $((port + 1))"
    echo "metaServer.clusterKey = pfsmix-$port"
    echo "metaServer.cpDir = $dir/meta/checkpoints"
    echo "metaServer.logDir = $dir/meta/logs"
    echo "metaServer.pidFile = $dir/run/metaserver.pid"
    # a new, empty file system when there is no checkpoint yet (metaserver -c would create one and exit)
    echo "metaServer.createEmptyFs = 1"
    echo "metaServer.minChunkservers = 1"
    echo "metaServer.recoveryInterval = 1"
    # a deleted file's chunks wait in the dumpster for this long before the chunkservers free them (default: a lease
    # interval, 5 min): a mix removing a 14 GiB checkpoint every phase filled the disk before the first was freed
    echo "metaServer.dumpsterCleanupDelaySec = 1"
    echo "metaServer.rootDirUser = $(id -u)"
    echo "metaServer.rootDirGroup = $(id -g)"
    echo "metaServer.rootDirMode = 0777"
    echo "metaServer.msgLogWriter.logLevel = INFO"
  } >"$dir/conf/metaserver.prp"
  for ((i = 1; i <= chunkservers; i++)); do
    ip=127.0.0.$((i + 1))
    mkdir -p "$dir/chunk$i/chunks"
    # Buffers. A write to a 2-replica chunk holds buffers on the chunkserver it reached until the other chunkserver,
    # to which it forwards the data, has taken it, and both take them from a per-disk quota (by default 0.14 of the
    # pool). With a 32 MiB pool the quota was 4.5 MiB, four 1 MiB writes: under the mix's N-to-N checkpoint each
    # chunkserver filled it with writes whose forwards waited for the other's quota, and both stalled until the clients
    # gave up after 30 s (docs/qfs.md). A 256 MiB pool (QFS's default is a dedicated node's 512 MiB), all 40% of it
    # that serves requests open to this one disk: 102 MiB, about 100 writes in flight per chunkserver.
    {
      echo "chunkServer.metaServer.hostname = $meta_ip"
      echo "chunkServer.metaServer.port = $((port + 1))"
      echo "chunkServer.clientIp = $ip"
      echo "chunkServer.hostname = $ip"
      echo "chunkServer.clientPort = $((port + 2))"
      echo "chunkServer.clusterKey = pfsmix-$port"
      echo "chunkServer.rackId = $i"
      echo "chunkServer.chunkDir = $dir/chunk$i/chunks"
      echo "chunkServer.pidFile = $dir/run/chunk$i.pid"
      echo "chunkServer.ioBufferPool.partitionBufferCount = 65536"
      echo "chunkServer.disk.bufferManager.maxRatio = 0.4"
      echo "chunkServer.msgLogWriter.logLevel = NOTICE"
    } >"$dir/conf/chunk$i.prp"
  done
}

# Starts a server in its own session (so that the caller's session does not own it) with its output in its log.
start() {
  local name=$1
  shift
  setsid "$@" </dev/null >>"$dir/log/$name.log" 2>&1 &
}

wait_until_serving() {
  local seconds=60 deadline name pid
  deadline=$((SECONDS + seconds))
  until (($(up_chunkservers | grep -c .) >= chunkservers)); do
    for name in $(servers); do
      # a server that cannot bind its port may not exit (the metaserver logs it and stays): say so now, not in 60 s
      if grep -q "Address already in use" "$dir/log/$name.log" 2>/dev/null; then
        log_tail "$dir/log/$name.log"
        die "$name: a port of $port..$((port + 2)) is in use (another program took it since the check); choose another base port with --port, and run 'down' to clean up"
      fi
      # the servers write their pid files when they have started; a dead pid is a server that exited
      if pid=$(pid_of "$name") && ! alive "$pid"; then
        log_tail "$dir/log/$name.log"
        die "$name exited during start (log: $dir/log/$name.log); run 'down' to clean up"
      fi
    done
    if ((SECONDS >= deadline)); then
      up_chunkservers >&2
      log_tail "$dir/log/metaserver.log"
      die "$chunkservers chunkservers did not join the metaserver within ${seconds}s (logs in $dir/log); run 'down' to clean up"
    fi
    sleep 0.5
  done
}

cmd_up() {
  local built i
  if [[ -f $dir/conf/metaserver.prp ]] && pid=$(pid_of metaserver) && alive "$pid"; then
    use_install "$(cat "$dir/home")"
    (($(up_chunkservers | grep -c .) > 0)) ||
      die "a file system in $dir has its metaserver running but no chunkserver; run 'down' first"
    echo "qfs-cluster: already up in $dir" >&2
    print_lines
    return 0
  fi
  built=$("$home/scripts/qfs-build.sh" "${build_args[@]}" --print-home) || {
    local status=$?
    ((status == 3)) && exit 3 # no tarball: qfs-build.sh said what to do
    die "building QFS failed (see above)"
  }
  use_install "$built"
  for i in 0 1 2; do
    if ss -Hltn "sport = :$((port + i))" 2>/dev/null | grep -q .; then
      die "port $((port + i)) is in use (another file system?); choose another base port with --port"
    fi
  done
  # what a stopped or failed file system left goes first
  [[ ! -d $dir ]] || cmd_down >/dev/null
  write_conf
  echo "$qfs_home" >"$dir/home"
  start metaserver "$qfs_home/bin/metaserver" "$dir/conf/metaserver.prp"
  for ((i = 1; i <= chunkservers; i++)); do
    start "chunk$i" "$qfs_home/bin/chunkserver" "$dir/conf/chunk$i.prp"
  done
  wait_until_serving
  print_lines
}

cmd_down() {
  if [[ ! -d $dir ]]; then
    echo "qfs-cluster: no file system in $dir (already down)"
    return 0
  fi
  local name pid
  # chunkservers first: a metaserver stopped first would leave them retrying their connection
  for name in $(servers | tac); do
    pid=$(pid_of "$name") || continue
    stop_pids 10 "$pid" || die "$name (pid $pid) does not die; $dir left in place"
  done
  stop_strays " $dir/conf/[a-z0-9]+\.prp "
  rm -rf "$dir"
  echo "qfs-cluster: down ($dir removed)"
}

cmd_status() {
  if [[ ! -f $dir/conf/metaserver.prp ]]; then
    echo "stopped (no file system in $dir)"
    return 3
  fi
  local name pid up=0 total=0 joined
  [[ -f $dir/home ]] && use_install "$(cat "$dir/home")"
  for name in $(servers); do
    total=$((total + 1))
    if pid=$(pid_of "$name") && alive "$pid"; then
      up=$((up + 1))
      echo "$name running (pid $pid)"
    else
      echo "$name stopped"
    fi
  done
  if ((up == 0)); then
    echo "stopped (stale directory $dir; run 'down' to remove it)"
    return 3
  fi
  joined=$(up_chunkservers | grep -c . || true)
  echo "running: $up of $total servers, $joined chunkservers joined the metaserver"
  print_lines
  [[ $up == "$total" && $joined == $((total - 1)) ]] || return 4
}

case $command in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  -h | --help | help) usage ;;
  *) die "unknown command '$command': expected up, down or status" ;;
esac
