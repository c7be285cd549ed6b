#!/bin/bash
# A change of refbot's bidding system measured against BEN at full strength on the boards of
# recorded matches against it (make measure-vs-ben): only the boards the change bids differently
# at a refbot seat are played again, with their own numbers, once with the system before (the
# control) and once with the changed one, and the two are paired. Refbot decides the same way on
# the same board and seat. BEN's searches are seeded by the deal, and the replays give its
# card-play search (PIMC) BEN_PIMC_WAIT seconds (default 600) in place of its 3, so that it stops
# at its count of playouts, not at the clock of a busy machine; even so BEN does not always play
# a room the same way twice. For the rooms whose calls the change does not reach, the report says
# who first played otherwise: refbot (whose play reads the auction with the system: the change's
# effect) or BEN (noise in the pairing, not bias). With
# CONTROL=0 the record itself is the control: right only for a match played by this very program
# and system.
#
# usage: replay-vs-ben.sh AFTER OUTDIR MATCHDIR...
#   AFTER     the changed system: a built-in name or a system file
#   MATCHDIR  a recorded match: a folder holding results.jsonl
# environment: BEFORE (the system before the change, default sayc-lite), CONTROL (default 1),
# LEVEL (default expert), BEN_HOME (default ~/ben-full), BEN_PIMC_WAIT, BEN_EXTRA_ARGS (BEN's
# own flags; a --config there replaces the repeatable one), TM and LAB (the tablemanager and
# refbot-lab programs, default bin/).
set -euo pipefail
AFTER=${1:?usage: replay-vs-ben.sh AFTER OUTDIR MATCHDIR...}; OUT=${2:?}; shift 2
BEFORE=${BEFORE:-sayc-lite}; CONTROL=${CONTROL:-1}; LEVEL=${LEVEL:-expert}; H=${BEN_HOME:-$HOME/ben-full}
TM=${TM:-bin/tablemanager}; LAB=${LAB:-bin/refbot-lab}
# A system file is named by its absolute path in the event file, which sits elsewhere.
absolute() { if [ -f "$1" ]; then echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; else echo "$1"; fi; }
AFTER=$(absolute "$AFTER"); BEFORE=$(absolute "$BEFORE")
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
# BEN's configuration with the longer PIMC wait, in a folder of its own that the sandbox lets
# BEN's bots read (the replays' results stay out of their sight). BEN reads the last --config.
conf=$H/ben/src/config/onnx.conf
if [ -z "${BEN_EXTRA_ARGS:-}" ] && [ -f "$conf" ]; then
  grep -q '^pimc_wait *=' "$conf" || { echo "replay-vs-ben: $conf sets no pimc_wait" >&2; exit 1; }
  mkdir -p "$OUT/ben-config"
  sed "s/^pimc_wait *=.*/pimc_wait = ${BEN_PIMC_WAIT:-600}/" "$conf" > "$OUT/ben-config/repeatable.conf"
  export BEN_EXTRA_ARGS="--config $OUT/ben-config/repeatable.conf"
fi
mounts=(--mount "BEN=$H"); [ -d "$OUT/ben-config" ] && mounts+=(--mount "BEN=$OUT/ben-config")
# replay SYSTEM RUN: the changed boards of match $name, refbot bidding SYSTEM, into $OUT/RUN.
replay() {
  # The recorded match's teams, names and clocks (run-match.sh): refbot's decisions are seeded by
  # its team's name and the board's number, the rooms by the order of the teams. No --seed: it
  # would deal seeded boards in place of the PBN's.
  cat > "$OUT/$2.toml" <<TOML
name = "ben-vs-refbot-$LEVEL"
concurrency = 2
segment = 16

[boards]
pbn = "$OUT/$name.pbn"

[schedule]
kind = "match"
teams = ["BEN", "R"]

[clocks]
action = "180s"
board = "30m"
start = "300s"

[faults]
policy = "adjust"
restarts = 3
reconnect = "30s"

[bots.ben]
command = "$H/ben-bot.sh {host} {port} {seat} {name}"

[teams.BEN]
bots = ["ben"]

[teams.R]
bots = ["builtin:refbot:$LEVEL"]
system = "$1"
TOML
  "$TM" run "$OUT/$2.toml" --out "$OUT/$2" "${mounts[@]}" --quiet
}
runs=()
for m in "$@"; do
  rec=$m/results.jsonl; name=$(basename "$m")
  rm -f "$OUT/$name.pbn"
  "$LAB" changed-boards -before "$BEFORE" -after "$AFTER" -pbn "$OUT/$name.pbn" "$rec"
  [ -f "$OUT/$name.pbn" ] || continue
  if [ "$CONTROL" = 1 ]; then
    replay "$BEFORE" "$name-before"
    replay "$AFTER" "$name"
    runs+=("$rec" "$OUT/$name-before/results.jsonl" "$OUT/$name/results.jsonl")
  else
    replay "$AFTER" "$name"
    runs+=("$rec" "$OUT/$name/results.jsonl")
  fi
done
if [ ${#runs[@]} -eq 0 ]; then
  echo "replay-vs-ben: the change bids no board of these matches differently"
  exit 0
fi
control=(); [ "$CONTROL" = 1 ] && control=(-control)
"$LAB" compare-replay -before "$BEFORE" -after "$AFTER" "${control[@]}" "${runs[@]}"
