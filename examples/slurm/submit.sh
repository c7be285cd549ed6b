#!/bin/bash
# Submits an openroom event to Slurm as a job array of SHARDS shards and
# a merge job that runs once they have all succeeded.
#
#   SHARDS=16 examples/slurm/submit.sh OUT run-arguments...
#   SHARDS=16 examples/slurm/submit.sh out/mine --team A=builtin:refbot:expert \
#       --team B="./mybot --host {host} --port {port} --seat {seat}" --boards 2000 --seed 7
#
# It prints the two job ids (array, merge). OUT must be on a file system
# every node shares. TABLEMANAGER (default: tablemanager on the PATH) is
# passed to the jobs; other sbatch options go in SBATCH_ARGS, for example
# SBATCH_ARGS="--partition=long --time=2:00:00".
#
# A wave runs some of the shards: ARRAY=0-9 SHARDS=100 MERGE_ARGS=--partial
# plays shards 0 to 9 of 100 (the first tenth of every match) and merges
# every shard folder there is so far, without failing on the shards still
# to come; the next wave is ARRAY=10-19.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ]; then
	echo "usage: SHARDS=N $0 OUT run-arguments..." >&2
	exit 64
fi
shards=${SHARDS:-4}
out=$1
shift
mkdir -p "$out"
# shellcheck disable=SC2086 # SBATCH_ARGS is a list of options
array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="${ARRAY:-0-$((shards - 1))}" \
	--export=ALL,SHARDS="$shards" --output="$out/slurm-shard-%a.out" \
	"$here/shard.sbatch" "$out" "$@")
array=${array%%;*} # --parsable may add ";cluster"
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} --dependency="afterok:$array" \
	--output="$out/slurm-merge.out" "$here/merge.sbatch" "$out" "$shards" ${MERGE_ARGS:-})
merge=${merge%%;*}
echo "$array $merge"
