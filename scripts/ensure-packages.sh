#!/usr/bin/env bash
# Installs the Debian packages Cotside needs when they are missing: with apt-get
# when run as root, otherwise prints the exact command and fails.
set -euo pipefail
missing=()
for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "cotside: missing system packages: ${missing[*]}" >&2
    echo "cotside: this is not a Debian-like system; install the equivalents of ${missing[*]} with your package manager." >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    echo "cotside: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
    echo "cotside: missing system packages: ${missing[*]}" >&2
    echo "cotside: run:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
