#!/bin/bash
# make test-slurm: a real single-node Slurm (Debian's slurmctld, slurmd and
# slurm-client) runs an event as a 4-shard job array, in two waves of two
# shards, each with the merge job chained after it (submit.sh), and the
# final merge must be the same as one unsharded run of the event: every
# record (time fields aside), the match PBN file and the summary.
#
# Authentication is off (auth/none, cred/none), the node is 127.0.0.1 on
# free ports, every file (configuration, state, logs, the event) is in a
# temporary folder, and the daemons are stopped at the end, however the
# test ends. Needs root (the daemons run as root) and, when Slurm is not
# installed, apt-get.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

say() { echo "test-slurm: $*" >&2; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v jq >/dev/null; then
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
		say "Slurm or jq is not installed, and installing them needs root and apt-get (apt-get install slurmctld slurmd slurm-client jq)"
		exit 1
	fi
	say "installing slurmctld slurmd slurm-client jq"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurmctld slurmd slurm-client jq >/dev/null
fi
if [ "$(id -u)" != 0 ]; then
	say "the test's daemons run as root: run it as root"
	exit 1
fi

tmp=$(mktemp -d -t openroom-slurm.XXXXXX)
pids=()
cleanup() {
	local rc=$?
	for p in "${pids[@]}"; do
		kill "$p" 2>/dev/null || true
	done
	for p in "${pids[@]}"; do
		# Bounded: a daemon that ignores SIGTERM for 10s gets SIGKILL.
		for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
		kill -9 "$p" 2>/dev/null || true
	done
	if [ "$rc" != 0 ]; then
		for f in "$tmp"/slurmctld.log "$tmp"/slurmd.log "$tmp"/out/slurm-*.out; do
			[ -f "$f" ] && { echo "--- $f" >&2; tail -n 30 "$f" >&2; }
		done
	fi
	rm -rf "$tmp"
	exit "$rc"
}
trap cleanup EXIT INT TERM

# Free ports for the controller and the node daemon.
free_port() {
	local p
	for _ in $(seq 100); do
		p=$((20000 + RANDOM % 20000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
	say "no free port"
	return 1
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
node=$(hostname -s)
cpus=$(nproc)
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/out" "$tmp/bin"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=openroom-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/none
CredType=cred/none
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$node CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf

say "building tablemanager"
go build -o "$tmp/bin/" ./cmd/tablemanager
export TABLEMANAGER=$tmp/bin/tablemanager

say "starting slurmctld (port $ctld_port) and slurmd (port $slurmd_port) in $tmp"
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.stdout" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$tmp/slurmd.stdout" 2>&1 &
pids+=($!)

# Wait (at most 60s) for the node to take jobs.
for i in $(seq 120); do
	state=$(sinfo -h -n "$node" -o %t 2>/dev/null || true)
	case "$state" in idle | mix | alloc) break ;; esac
	if [ "$i" = 120 ]; then
		say "the node did not come up (state '$state')"
		exit 1
	fi
	sleep 0.5
done
say "node $node is $state"

# The event: refbot easy against the random bot, deterministic bots, so
# the sharded and the whole run must agree record for record. It is played
# in two waves of two shards each, as a sequential test would: the first
# wave's merge (--partial) holds half the event, the second's all of it.
event=(--team A=builtin:refbot:easy --team B=builtin:random --boards 32 --seed slurm-test --segment 5)
job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
# wait_job JOB: waits (at most 5 minutes) for a job to complete.
wait_job() {
	local st
	for i in $(seq 600); do
		st=$(job_state "$1")
		case "$st" in
		COMPLETED) return 0 ;;
		FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE)
			say "job $1 ended $st"
			return 1
			;;
		esac
		sleep 0.5
	done
	say "job $1 still '$st' after 5 minutes"
	return 1
}
# wave ARRAY [MERGE_ARGS]: submits the shards of ARRAY and their merge,
# waits for both and checks each array task completed.
wave() {
	local array merge k
	read -r array merge < <(ARRAY=$1 MERGE_ARGS=${2:-} SHARDS=4 SBATCH_ARGS="--chdir=$tmp" \
		examples/slurm/submit.sh "$tmp/out/sharded" "${event[@]}")
	if [ -z "$array" ] || [ -z "$merge" ]; then
		say "submit.sh did not print the two job ids"
		return 1
	fi
	say "submitted array job $array (tasks $1) and merge job $merge (afterok:$array)"
	wait_job "$merge"
	for k in $(seq "${1%-*}" "${1#*-}"); do
		if [ "$(job_state "${array}_$k")" != COMPLETED ]; then
			say "array task $k: $(job_state "${array}_$k")"
			return 1
		fi
	done
}
wave 0-1 --partial
n=$(wc -l <"$tmp/out/sharded/results.jsonl")
if [ "$n" != 32 ]; then
	say "after the first wave the merge holds $n board-rooms, not 32"
	exit 1
fi
if ! grep -q "incomplete: 32 of 64 board-rooms played" "$tmp/out/sharded/summary.txt"; then
	say "the first wave's summary does not say it holds 32 of 64 board-rooms"
	exit 1
fi
say "wave 1 (shards 0-1 of 4) merged: 32 of 64 board-rooms"
wave 2-3
say "wave 2 (shards 2-3 of 4) and the merge of all 4 completed"

say "playing the event unsharded"
"$TABLEMANAGER" run "${event[@]}" --out "$tmp/out/whole" --quiet >/dev/null

# Records compared with their time fields removed, in a fixed order.
records() { jq -c 'del(.time_ms)' "$1" | sort; }
fail=0
if ! diff <(records "$tmp/out/whole/results.jsonl") <(records "$tmp/out/sharded/results.jsonl") >"$tmp/diff"; then
	say "results differ:"; head -n 20 "$tmp/diff" >&2; fail=1
fi
for f in summary.txt A-v-B.pbn; do
	if ! cmp -s "$tmp/out/whole/$f" "$tmp/out/sharded/$f"; then
		say "$f differs:"; diff "$tmp/out/whole/$f" "$tmp/out/sharded/$f" | head -n 20 >&2; fail=1
	fi
done
n=$(wc -l <"$tmp/out/sharded/results.jsonl")
if [ "$n" != 64 ]; then
	say "the merge holds $n board-rooms, not 64"; fail=1
fi
if [ "$fail" != 0 ]; then
	exit 1
fi
for k in 0 1 2 3; do
	host=$(jq -r .host "$tmp/out/sharded/shard-$k-of-4/manifest.json")
	range=$(jq -r '.ranges[0] | "\(.first)-\(.last)"' "$tmp/out/sharded/shard-$k-of-4/manifest.json")
	say "shard $k/4 played boards $range on $host"
done
say "ok: the merge of the 4-shard Slurm array equals the unsharded run (64 board-rooms, summary.txt, A-v-B.pbn)"
