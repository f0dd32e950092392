#!/usr/bin/env bash
# Checks out TornadoVM's tag into WORK/src without the large files the build never reads (a plain
# clone of a mirror can fail on one of the benchmarks' data files): a partial clone that fetches no
# blob above LIMIT, and a sparse checkout that leaves exactly those files out of the work tree.
#
#   lab/tornadovm/clone-tag.sh [WORK [TAG [URL [LIMIT]]]]
#     defaults: /work/tornadovm, v5.2.0-jdk25, https://github.com/beehive-lab/TornadoVM.git, 10m
# Then: lab/tornadovm/build-sdk.sh WORK
set -euo pipefail
work=${1:-/work/tornadovm}
tag=${2:-v5.2.0-jdk25}
url=${3:-https://github.com/beehive-lab/TornadoVM.git}
limit=${4:-10m}
src=$work/src
if [ -e "$src" ]; then
  echo "clone-tag.sh: $src exists: remove it or give another WORK" >&2
  exit 2
fi
git clone --filter=blob:limit="$limit" --no-checkout "$url" "$src"
cd "$src"
# The blobs the filter left out, then the paths they have at the tag (ls-tree needs no blob).
omitted=$(git rev-list --objects --filter=blob:limit="$limit" --filter-print-omitted "$tag" | sed -n 's/^~//p')
patterns=('/*')
if [ -n "$omitted" ]; then
  while IFS=$'\t' read -r meta path; do
    if grep -qxF "${meta##* }" <<<"$omitted"; then
      patterns+=("!/$path")
      echo "left out (over $limit, not needed by the build): $path"
    fi
  done < <(git ls-tree -r "$tag")
fi
git sparse-checkout set --no-cone "${patterns[@]}"
git checkout -q "$tag"
echo "TornadoVM $tag in $src"
