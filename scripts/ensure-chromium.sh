#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the browser tests and the bench.
# As root it installs it with apt-get; otherwise it says exactly what to install.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium" ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Debian's Chromium at $chromium, and it is not installed.
Install it as root with:
    apt-get update && apt-get install -y chromium
or point CHROMIUM_PATH at another Chromium build (Playwright's own download is not used).
MSG
exit 1
