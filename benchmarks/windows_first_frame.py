"""The Windows build's cold start under Wine: from starting ``Mosaic.exe --first-frame``
to its exit after drawing the title once, against the Linux build's in the same run.

    python benchmarks/windows_first_frame.py [--runs 5]

Needs dist/Mosaic.exe (tools/windows/build.sh) and dist/Mosaic (build.spec on Linux),
Debian's wine, wine64 and xvfb. One Xvfb screen (1280x800) and one fresh Wine prefix
serve every run and are made before the clock starts; the prefix's wineserver is kept
running between runs, as Windows is already running when a player starts the game. The
two builds run alternately, so a busy machine slows both alike. Each run unpacks its
single file anew (into %TEMP% or /tmp), as every start of the game does.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.windows.wine import EXE, ROOT, Prefix, Screen, missing

LINUX = ROOT / "dist" / "Mosaic"


def timed(command: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    done = subprocess.run(
        command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, errors="replace", timeout=600, check=False,
    )  # fmt: skip
    seconds = time.perf_counter() - t0
    if done.returncode:
        raise SystemExit(f"{command[0]} exited {done.returncode}:\n{done.stdout}")
    return seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    why = missing()
    if why:
        raise SystemExit(why)
    if not LINUX.is_file():
        raise SystemExit("no dist/Mosaic to compare with: build it with build.spec first")
    screen = Screen((1280, 800))
    with tempfile.TemporaryDirectory(prefix="mosaic-bench-") as tmp:
        prefix = Prefix(Path(tmp) / "prefix")
        try:
            prefix.boot()
            # Wine's desktop process starts with the first program: on this screen.
            prefix.env["DISPLAY"] = screen.display
            prefix.env.pop("SDL_VIDEODRIVER", None)
            server = subprocess.Popen(["wineserver", "-f", "-p"], env=prefix.env)
            # Wine's own services start with the first program and outlive it, holding
            # its standard output: started here without one, they let each run's pipe close.
            subprocess.run(
                ["wine", "cmd", "/c", "exit"], env=prefix.env, stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600, check=False,
            )  # fmt: skip
            wine: list[float] = []
            linux: list[float] = []
            for n in range(args.runs):
                wine.append(timed(["wine", str(EXE), "--first-frame"], prefix.env))
                linux.append(timed([str(LINUX), "--first-frame"], prefix.env))
                print(f"run {n + 1}: Mosaic.exe under Wine {wine[-1]:.2f} s, "
                      f"Linux build {linux[-1]:.2f} s", flush=True)  # fmt: skip
        finally:
            prefix.stop()
            screen.close()
        server.wait(60)
    mw, ml = statistics.median(wine), statistics.median(linux)
    print(f"Mosaic.exe under Wine: median {mw:.2f} s (min {min(wine):.2f}, max {max(wine):.2f})")
    print(f"dist/Mosaic (Linux):   median {ml:.2f} s (min {min(linux):.2f}, max {max(linux):.2f})")
    print(f"Wine / Linux: {mw / ml:.2f}x, {args.runs} runs each, alternated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
