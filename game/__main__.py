"""``mosaic`` / ``python -m game``: start the game."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from pathlib import Path

from . import CREDIT, __version__


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="mosaic", description=f"{CREDIT}: the game.")
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    ap.add_argument("--size", default="1280x800", help="window size, e.g. 1280x800")
    ap.add_argument("--data-dir", type=Path, help="keep settings and saves here")
    ap.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help="write PNGs of a scripted tour of every scene to DIR, then quit",
    )
    ap.add_argument(
        "--smoke-test",
        action="store_true",
        help="without a screen: visit every scene, load every puzzle pack, get one AI turn; "
        "exit 0 if all of it worked",
    )
    ap.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        args.size = (max(640, w), max(480, h))
    except ValueError:
        ap.error(f"--size must look like 1280x800, not {args.size!r}")
    return args


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()  # the AI worker process, in a frozen build
    args = parse(argv)
    if args.screenshots is not None or args.smoke_test:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke_test:
        from .client.scripted.smoke import smoke_test

        return smoke_test(args.data_dir)
    if args.screenshots is not None:  # a tool: a failure here shows its traceback
        return screenshots(args)
    try:
        return play(args)
    except Exception as e:  # a bug, even before the first window: a plain message and a log
        from .client.crash import report, tell

        tell(report(args.data_dir, e))
        return 1


def play(args: argparse.Namespace) -> int:
    from .client.app import App, NoDisplay
    from .client.crash import report, tell
    from .client.lifeline import watch_parent

    try:
        app = App(args.size, args.data_dir)
    except NoDisplay as e:
        tell(f"cannot open a window: {e}. Run it on a desktop session.", dialog=False)
        return 1
    except OSError as e:
        tell(f"cannot use the data folder: {e}")
        return 1
    from .client.scenes.title import TitleScene

    watch_parent(app.quit)
    try:
        if args.first_frame:  # for measuring the cold start: show the title once, then quit
            app.scenes.push(TitleScene(app))
            app.frame(0.0)
            app.close()
        else:
            app.run(TitleScene(app))
    except Exception as e:  # a bug: a plain message for the player, the details in a log
        app.close()
        tell(report(app.data, e))
        return 1
    return 0


def screenshots(args: argparse.Namespace) -> int:
    """The tour, in a throwaway data folder unless ``--data-dir`` names one: it plays
    matches and puzzles, and must not touch the player's own."""
    import tempfile

    from .client.app import App
    from .client.scripted.tour import tour

    with tempfile.TemporaryDirectory(prefix="mosaic-tour-") as tmp:
        app = App(args.size, args.data_dir or Path(tmp))
        written = tour(app, args.screenshots)
    print(f"wrote {len(written)} screenshots to {args.screenshots}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
