#!/usr/bin/env bash
# The Swagger UI e2e test drives a real headless Chromium: Debian's `chromium` package (Playwright's own
# browser download is not used). Installs it when it is missing and this user can; else says what to do.
set -euo pipefail
browser=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$browser" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the Swagger UI browser test (about a minute)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $browser: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH" >&2
exit 1
