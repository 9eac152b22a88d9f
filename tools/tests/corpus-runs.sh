#!/usr/bin/env bash
# The wrong-fix corpus and the solutions, N times over (3 unless given), first on one core
# (taskset -c 0: every JVM the tests start inherits it), then on all: a check that catches its
# wrong fix only by luck shows here. ONLY_EXERCISES=a,b narrows it, as for ExercisesTest.
#   tools/tests/corpus-runs.sh [N]
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-3}"
for cores in one all; do
    echo "== the corpus $n times, on $cores core(s)"
    start=$(date +%s)
    if [ "$cores" = one ]; then
        CORPUS_RUNS="$n" taskset -c 0 ./build.sh test ExercisesTest
    else
        CORPUS_RUNS="$n" ./build.sh test ExercisesTest
    fi
    echo "== on $cores core(s): $(( $(date +%s) - start )) s"
done
