#!/usr/bin/env bash
# Debian's Chromium and a CJK font for the e2e tests. Installs them with apt-get when missing and allowed (root);
# otherwise says how to install them. CHROME_PATH points at another Chromium.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
need=()
[ -x "$chrome" ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy\|noto sans cjk" || need+=(fonts-wqy-microhei)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "==> apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "Chromium for the e2e tests is missing (${need[*]}). Install it with: sudo apt-get install ${need[*]}" >&2
  echo "or point CHROME_PATH at a Chromium binary." >&2
  exit 1
fi
