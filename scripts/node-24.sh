# Puts Node.js 24 LTS, the project's one runtime, first on this shell's PATH when the Node there
# is another: the official build, from the npm registry's node-linux-<arch> package, installed once
# into a cache folder and used from there after. Source it (it changes the caller's PATH):
#   . scripts/node-24.sh
# NODE24_CACHE is the cache folder (default ~/.cache/city-news/node24); NODE24 the version asked
# of the registry (default 24: its newest 24.x, when the cache is empty).
node24_use() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)
  if [ "$major" = 24 ]; then return 0; fi
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node-24.sh: no Node 24 package for $(uname -m); install Node 24 yourself" >&2; return 1 ;;
  esac
  local cache=${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/city-news/node24}
  local bin="$cache/node_modules/node-linux-$arch/bin"
  if [ ! -x "$bin/node" ] || [ "$("$bin/node" -p 'process.versions.node.split(".")[0]')" != 24 ]; then
    echo "Installing Node ${NODE24:-24} (node-linux-$arch) into $cache"
    mkdir -p "$cache" &&
      npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
        --prefix "$cache" "node-linux-$arch@${NODE24:-24}" >/dev/null || return 1
  fi
  export PATH="$bin:$PATH"
  echo "Node $(node --version) from $bin"
}
node24_use
