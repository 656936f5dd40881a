#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A throw-away one-node Slurm cluster in a directory of its own (sourced by slurm_smoke.sh):
# its own munge key and socket, slurm.conf, free ports, state and logs, so it touches no
# system Slurm or munge and two of them can run side by side on one machine.
#
#   cluster_start DIR   writes DIR/slurm.conf, starts munged, slurmctld and slurmd in the
#                       foreground of background jobs, exports SLURM_CONF, waits for the node
#   cluster_stop        cancels what is left and stops exactly the daemons cluster_start started
#
# No cgroups, no accounting, no GRES: the node is this machine's CPUs (at least 2, so a
# 2-rank job fits on a 1-CPU runner: config_overrides lets slurmd accept that).

CLUSTER_PIDS=()  # started daemons, in start order

# The end of each daemon's log (the .out of its stderr where it died before opening it).
cluster_log_tail() {
  local d f
  for d in munged slurmctld slurmd; do
    f=$CLUSTER_DIR/$d.log
    [ -s "$f" ] || f=$CLUSTER_DIR/$d.out
    [ -s "$f" ] && { echo "--- last lines of $f"; tail -n 15 "$f"; }
  done
}

# Two TCP ports nothing listens on (the kernel picks them).
cluster_free_ports() {
  python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])'
}

# cluster_wait SECONDS WHAT COMMAND...: polls COMMAND every 0.2 s until it succeeds.
cluster_wait() {
  local limit=$1 what=$2 deadline=$((SECONDS + $1))
  shift 2
  until "$@" > /dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      echo "error: $what not up after ${limit} s" >&2
      cluster_log_tail >&2
      return 1
    fi
    sleep 0.2
  done
}

cluster_write_conf() {
  local dir=$1 cpus=$2 ctld_port=$3 slurmd_port=$4 host
  host=$(hostname -s)
  mkdir -p "$dir/state" "$dir/spool" "$dir/tmp"
  cat > "$dir/slurm.conf" <<EOF
ClusterName=hpcs-smoke
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
TmpFS=$dir/tmp
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
KillWait=5
FirstJobId=$((RANDOM * 10 + 1000))
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=smoke Nodes=$host Default=YES MaxTime=10 State=UP
EOF
}

cluster_start() {
  CLUSTER_DIR=$1
  local cpus ports
  cpus=$(nproc)
  [ "$cpus" -ge 2 ] || cpus=2
  ports=$(cluster_free_ports) || { echo "error: no free TCP ports" >&2; return 1; }
  # shellcheck disable=SC2086
  cluster_write_conf "$CLUSTER_DIR" "$cpus" $ports
  export SLURM_CONF=$CLUSTER_DIR/slurm.conf

  (umask 077 && head -c 1024 /dev/urandom > "$CLUSTER_DIR/munge.key")
  # --force: the key's directory lies under a world-writable /tmp.
  munged --foreground --force --key-file="$CLUSTER_DIR/munge.key" --socket="$CLUSTER_DIR/munge.socket" \
    --pid-file="$CLUSTER_DIR/munged.pid" --seed-file="$CLUSTER_DIR/munge.seed" > "$CLUSTER_DIR/munged.log" 2>&1 &
  CLUSTER_PIDS+=($!)
  cluster_wait 10 munged test -S "$CLUSTER_DIR/munge.socket" || return 1

  slurmctld -D -c -f "$SLURM_CONF" > "$CLUSTER_DIR/slurmctld.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  cluster_wait 20 slurmctld timeout 5 scontrol ping || return 1
  slurmd -D -f "$SLURM_CONF" > "$CLUSTER_DIR/slurmd.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  cluster_wait 30 "the node (idle)" cluster_node_idle || return 1
}

cluster_node_idle() { [ "$(timeout 5 sinfo -h -N -o %T 2> /dev/null)" = idle ]; }

cluster_stop() {
  [ ${#CLUSTER_PIDS[@]} -gt 0 ] || return 0
  # Jobs first, while slurmctld can still end them (a job's slurmstepd outlives slurmd).
  local deadline=$((SECONDS + 15))
  timeout 10 scancel --full --quiet --user="$(id -un)" 2> /dev/null
  while [ -n "$(timeout 5 squeue -h -o %i 2> /dev/null)" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
  # Newest first: slurmd, slurmctld, munged; TERM, then KILL after 10 s.
  local i pid
  for ((i = ${#CLUSTER_PIDS[@]} - 1; i >= 0; i--)); do
    pid=${CLUSTER_PIDS[i]}
    kill -TERM "$pid" 2> /dev/null || continue
    deadline=$((SECONDS + 10))
    while kill -0 "$pid" 2> /dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
    kill -KILL "$pid" 2> /dev/null && echo "note: daemon $pid needed SIGKILL" >&2
    wait "$pid" 2> /dev/null
  done
  CLUSTER_PIDS=()
}
