# sdk-folders.sh: where the TornadoVM SDK and the kit are, for pack.sh and check-here.sh (sourced).
# The SDK is the first of: $TORNADO_SDK, $TORNADOVM_HOME, the folder build-sdk.sh last built (it
# writes it to last-build, ignored by git), /work/tornadovm/sdk. The kit goes to, and is read from,
# dist/ beside the SDK (WORK/dist for build-sdk.sh's WORK/sdk).
# shellcheck shell=bash
tornadovm_lab=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

default_sdk() {
  if [ -n "${TORNADO_SDK:-}" ]; then
    echo "$TORNADO_SDK"
  elif [ -n "${TORNADOVM_HOME:-}" ]; then
    echo "$TORNADOVM_HOME"
  elif [ -s "$tornadovm_lab/last-build" ]; then
    head -n 1 "$tornadovm_lab/last-build"
  else
    echo /work/tornadovm/sdk
  fi
}

# The kit's folder for SDK ($1): dist/ beside it.
default_dist() {
  echo "$(cd "$1/.." 2>/dev/null && pwd || dirname "$1")/dist"
}

# Fails with one line unless $1 holds an SDK's jars.
require_sdk() {
  if [ ! -d "$1/share/java/tornado" ] || [ ! -d "$1/share/java/graalJars" ]; then
    echo "$(basename "$0"): no TornadoVM SDK at $1 (no share/java/tornado or share/java/graalJars): give it as the" \
      "first argument, or set TORNADO_SDK or TORNADOVM_HOME, or build one with lab/tornadovm/build-sdk.sh" >&2
    exit 2
  fi
}
