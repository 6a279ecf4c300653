#!/usr/bin/env bash
# nginx for the server tests: deployment-doc.test.ts checks docs/deployment.md's config with `nginx -t` and runs it in
# front of stand-in processes. Debian's package, installed when missing; the test starts its own nginx on a free port
# and needs none of the package's service.
set -euo pipefail
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx from Debian..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi
"$(command -v nginx || echo /usr/sbin/nginx)" -v
