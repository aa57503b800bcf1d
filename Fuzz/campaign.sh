#!/usr/bin/env bash
# Long fuzzing campaigns: runs a plan of Fuzz/run.sh runs one after another, at low priority,
# and records each run's executions, so totals per target add up across runs and sessions.
#
#   Fuzz/campaign.sh PLAN        run PLAN's lines in order; lines appended while it runs are run too
#                                (one campaign a core: several may run at once, each with its plan)
#   Fuzz/campaign.sh --tally     executions per target and build (fast / asan), from the record
#
# A plan line is `fast|asan TARGET RUNS [libFuzzer options...]`, e.g. `fast cron 2000000`: at most
# RUNS executions (`-runs`), stopping early on a crash, a timeout or an OOM (the input lands in
# Fuzz/.build/artifacts/TARGET/ as with Fuzz/run.sh). `touch Fuzz/.build/campaign/stop` ends every
# campaign after its current run (remove the file before starting again). Logs are in
# Fuzz/.build/campaign/ (git-ignored); the record (Fuzz/campaigns.tsv: start, build, target,
# executions, exec/s, exit status, artifacts; `#` lines are comments) is in the repository, so
# the totals survive a fresh clone: commit it after a campaign.
set -uo pipefail
cd "$(dirname "$0")/.."
S=Fuzz/.build/campaign
RECORD=Fuzz/campaigns.tsv
mkdir -p "$S"

if [ "${1:-}" = "--tally" ]; then
    [ -f "$RECORD" ] || { echo "no campaign recorded yet ($RECORD)"; exit 0; }
    printf "%-12s %-5s %14s %6s %s\n" target build executions runs "stopped early"
    awk -F'\t' '/^#/ { next } { key = $3 " " $2; runs[key] += $4; n[key]++; if ($6 != "rc=0") bad[key]++ }
        END { for (k in runs) { split(k, p, " "); printf "%-12s %-5s %14d %6d %d\n", p[1], p[2], runs[k], n[k], bad[k] } }' \
        "$RECORD" | sort
    exit 0
fi

PLAN=${1:?usage: Fuzz/campaign.sh PLAN | --tally}
done_lines=0
while true; do
    line=$(sed -n "$((done_lines + 1))p" "$PLAN")
    if [ -z "$line" ]; then
        [ -f "$S/stop" ] && break
        sleep 30; continue
    fi
    done_lines=$((done_lines + 1))
    [ -f "$S/stop" ] && break
    read -r build target runs extra <<< "$line"
    flag=(); [ "$build" = fast ] && flag=(--fast)
    # Named by time and runner, so several campaigns (one a core) can share the record.
    log=$S/$(date -u +%Y%m%dT%H%M%S)-$$-$build-$target.log
    nice -n 10 Fuzz/run.sh "${flag[@]}" "$target" build > "$log.build" 2>&1 \
        || { echo "build of $build $target failed: $log.build" >&2; continue; }
    start=$(date -u +%FT%TZ)
    # shellcheck disable=SC2086
    nice -n 19 Fuzz/run.sh "${flag[@]}" "$target" 0 -runs="$runs" $extra > "$log" 2>&1
    rc=$?
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log")
    found=$(sed -n 's/.*Test unit written to //p' "$log" | tr '\n' ' ')
    printf '%s\t%s\t%s\t%s\t%s\trc=%s\t%s\n' "$start" "$build" "$target" "${execs:-0}" "${rate:-0}" "$rc" "$found" >> "$RECORD"
done
