# Timing helpers the bench scripts source: medians over $RUNS fresh processes.

median() { awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]}'; }

median_wall_cpu() { # command... → "wall cpu": median wall and CPU (user + system) ms over $RUNS runs
    local walls=() cpus=()
    for _ in $(seq "$RUNS"); do
        local start end cpu
        start=$(date +%s%N)
        cpu=$(/usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", ($1 + $2) * 1000}')
        end=$(date +%s%N)
        walls+=($(( (end - start) / 1000 )))
        cpus+=("$cpu")
    done
    echo "$(printf '%s\n' "${walls[@]}" | sort -n | awk '{print $1 / 1000}' | median) $(printf '%s\n' "${cpus[@]}" | sort -n | median)"
}
