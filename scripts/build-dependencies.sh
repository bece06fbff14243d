# shellcheck shell=bash
# The Debian packages sitegen is compiled with, and the one way scripts/install.sh and scripts/package-deb.sh
# get them: installed with apt when missing (through sudo when not root), or, where that cannot be done, the
# missing ones named in one line before anything is compiled. Sourced, not run.
#
#   source scripts/build-dependencies.sh && install_build_dependencies [MORE_PACKAGES...]

# The headers and libraries of the C code sitegen links (the packages' runtime libraries come with them).
build_packages=(pkg-config libcmark-dev libyaml-dev libmicrohttpd-dev libqrencode-dev libssl-dev libcurl4-openssl-dev
  libxml2-dev libvips-dev fonts-dejavu-core)

install_build_dependencies() {
  local missing=() package
  command -v dpkg >/dev/null || return 0  # not Debian: the build's own errors name what is missing
  for package in "${build_packages[@]}" "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=() stop="error: missing ${missing[*]}: install them (sudo apt-get install ${missing[*]}), then run this again"
  command -v apt-get >/dev/null || { echo "$stop" >&2; exit 1; }
  if [ "$(id -u)" -ne 0 ]; then
    # sudo without a password, or with a terminal to ask for one.
    if ! command -v sudo >/dev/null || ! { sudo -n true 2>/dev/null || [ -t 0 ]; }; then echo "$stop" >&2; exit 1; fi
    sudo=(sudo)
  fi
  echo "Installing ${missing[*]} (apt)" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null \
    || { echo "error: apt-get could not install ${missing[*]}: install them, then run this again" >&2; exit 1; }
}
