# Shared by scripts/start.sh and scripts/test.sh. Sourced, not run.

PNPM_VERSION=10.34.9
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

log() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }
die() { printf '\033[1;31mErreur : %s\033[0m\n' "$*" >&2; exit 1; }

require_node() {
  command -v node >/dev/null || die "Node.js 20.19+ est requis."
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' ||
    die "Node.js 20.19+ est requis (trouvé : $(node --version))."
}

# The pinned pnpm (corepack is not used: its signature check fails on this kind of machine).
ensure_pnpm() {
  if [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    log "Installation de pnpm $PNPM_VERSION"
    npm install --global "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || {
      # Without rights on the global prefix, run the pinned pnpm through npx.
      pnpm() { npx --yes "pnpm@$PNPM_VERSION" "$@"; }
    }
  fi
}

# Debian packages, installed only when missing (needs root, as on CI).
ensure_apt_packages() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "Installation des paquets Debian : ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_workspace() {
  log "Installation des dépendances (pnpm install)"
  (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=silent)
}

build_product() {
  log "Construction de l'hôte, des cinq remotes et de l'API"
  (cd "$ROOT" && pnpm build)
}
