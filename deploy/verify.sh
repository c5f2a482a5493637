#!/usr/bin/env bash
# Check deploy/plgames.service with `systemd-analyze verify`.
# The unit runs /opt/plgames/venv/bin/plgames, which a build machine does not
# have, so a copy pointing at this checkout's venv is verified instead;
# everything else is the file as shipped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
plgames="${PLGAMES_BIN:-$repo/.venv/bin/plgames}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sed -e "s#/opt/plgames/venv/bin/plgames#$plgames#" "$here/plgames.service" > "$work/plgames.service"
out="$(systemd-analyze verify "$work/plgames.service" 2>&1)" || { echo "$out"; exit 1; }
# verify exits 0 on some warnings; fail on anything it says about our unit.
if grep -F "plgames.service" <<<"$out"; then
    exit 1
fi
echo "deploy/plgames.service: systemd-analyze verify passed"
