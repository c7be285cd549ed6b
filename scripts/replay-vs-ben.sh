#!/bin/bash
# A change of refbot's bidding system measured against BEN at full strength on the boards of
# recorded matches against it (make measure-vs-ben): only the boards the change bids differently
# at a refbot seat are played again, with their own numbers, and paired with the record. BEN and
# refbot decide the same way on the same board, so the rooms the change does not reach replay as
# recorded; the report counts them, and the pairing holds only when they do.
#
# usage: replay-vs-ben.sh AFTER OUTDIR MATCHDIR...
#   AFTER     the changed system: a built-in name or a system file
#   MATCHDIR  a recorded match: a folder holding results.jsonl
# environment: BEFORE (the system the matches were played with, default sayc-lite), LEVEL
# (default expert), BEN_HOME (default ~/ben-full), TM and LAB (the tablemanager and refbot-lab
# programs, default bin/).
set -euo pipefail
AFTER=${1:?usage: replay-vs-ben.sh AFTER OUTDIR MATCHDIR...}; OUT=${2:?}; shift 2
BEFORE=${BEFORE:-sayc-lite}; LEVEL=${LEVEL:-expert}; H=${BEN_HOME:-$HOME/ben-full}
TM=${TM:-bin/tablemanager}; LAB=${LAB:-bin/refbot-lab}
# A system file is named by its absolute path in the event file, which sits elsewhere.
[ -f "$AFTER" ] && AFTER=$(cd "$(dirname "$AFTER")" && pwd)/$(basename "$AFTER")
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
pairs=()
for m in "$@"; do
  rec=$m/results.jsonl; name=$(basename "$m")
  rm -f "$OUT/$name.pbn"
  "$LAB" changed-boards -before "$BEFORE" -after "$AFTER" -pbn "$OUT/$name.pbn" "$rec"
  [ -f "$OUT/$name.pbn" ] || continue
  # The recorded match's teams, names and clocks (run-match.sh): refbot's decisions are seeded by
  # its team's name and the board's number, the rooms by the order of the teams. No --seed: it
  # would deal seeded boards in place of the PBN's.
  cat > "$OUT/$name.toml" <<TOML
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
system = "$AFTER"
TOML
  "$TM" run "$OUT/$name.toml" --out "$OUT/$name" --mount "BEN=$H" --quiet
  pairs+=("$rec" "$OUT/$name/results.jsonl")
done
if [ ${#pairs[@]} -eq 0 ]; then
  echo "replay-vs-ben: the change bids no board of these matches differently"
  exit 0
fi
"$LAB" compare-replay -before "$BEFORE" -after "$AFTER" "${pairs[@]}"
