#!/usr/bin/env bash
# Makes sure a Debian Chromium build is there: the browser tests' headless shell
# (package chromium-headless-shell, /usr/bin/chromium-headless-shell) by default, or the
# full browser the bench renders in (`ensure-chromium.sh chromium`). As root it installs the
# package with apt-get; otherwise it says exactly what to install.
set -euo pipefail
package="${1:-chromium-headless-shell}"
case "$package" in
  chromium-headless-shell) chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ;;
  chromium) chromium="${CHROMIUM_PATH:-/usr/bin/chromium}" ;;
  *) echo "ensure-chromium.sh: chromium-headless-shell or chromium, not $package" >&2; exit 2 ;;
esac
if [ -x "$chromium" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "$chromium is missing: installing Debian's $package package with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$package" >/dev/null
  [ -x "$chromium" ] && exit 0
fi
cat >&2 <<MSG
This needs Debian's $package at $chromium, and it is not installed.
Install it as root with:
    apt-get update && apt-get install -y $package
or point CHROMIUM_PATH at another Chromium build (Playwright's own download is not used).
MSG
exit 1
