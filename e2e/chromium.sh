#!/usr/bin/env bash
# The e2e runs' Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium) with every
# --disable-features= of its command line merged into one: Chromium reads only the last, so the
# features playwright.config.ts turns off would otherwise turn Playwright's own list back on.
features=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
IFS=,
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" ${features[*]:+"--disable-features=${features[*]}"}
