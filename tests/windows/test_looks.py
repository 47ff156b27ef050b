"""The screenshot checks of tests/windows/looks.py, on the game's own drawing (SDL's dummy
driver, no Wine): each says yes to its screen and no to the others and to an empty one,
so the real-window tests cannot pass on a black, white or wrong window."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import numpy as np
import pygame
import pytest

from game.client.app import App
from game.client.scenes.title import TitleScene
from game.client.scripted.driver import Driver
from tests.windows import looks
from tests.windows.xwd import parse


def screen(app: App) -> np.ndarray:
    return np.array(pygame.surfarray.pixels3d(app.screen)).transpose(1, 0, 2)


@pytest.fixture(params=[(640, 480), (1280, 800)], ids=["640x480", "1280x800"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    pygame.init()
    a = App(request.param, tmp_path / "data")
    # Blue played by hand too: the board after Red's turn stays as it is, with no AI.
    a.settings.blue_player = "Human"
    a.scenes.push(TitleScene(a))
    yield a
    a.close()
    pygame.quit()


def test_each_check_knows_its_own_screen(app: App) -> None:
    drive = Driver(app)
    drive.frames(90)
    title = screen(app)
    assert looks.title_shown(title), looks.title(title)
    assert not looks.board_shown(title, red=False, blue=False), looks.board(title)

    drive.key(pygame.K_p)
    drive.key(pygame.K_RETURN)
    drive.frames(90)
    empty = screen(app)
    assert looks.board_shown(empty, red=False, blue=False), looks.board(empty)
    assert not looks.title_shown(empty), looks.title(empty)
    assert not looks.board_shown(empty, red=True, blue=False)

    drive.key(pygame.K_UP)
    drive.key(pygame.K_RETURN)
    drive.frames(120)
    placed = screen(app)
    assert looks.board_shown(placed, red=True, blue=False), looks.board(placed)
    assert not looks.board_shown(placed, red=False, blue=False)
    assert not looks.board_shown(placed, red=True, blue=True)


@pytest.mark.parametrize("colour", [(0, 0, 0), (255, 255, 255), (18, 21, 31)])
def test_a_window_of_one_colour_shows_nothing(colour: tuple[int, int, int]) -> None:
    flat = np.zeros((480, 640, 3), np.uint8) + np.array(colour, np.uint8)
    assert looks.blank(flat)
    assert not looks.title_shown(flat)
    assert not looks.board_shown(flat, red=False, blue=False)


def xwd_dump(pixels: np.ndarray, lsb_first: bool, bits: int = 32) -> bytes:
    """What ``xwd -root`` writes for a 24-bit screen: a big-endian header, the window's
    name, no colours, then 32-bit (or packed 24-bit, each row padded to 4 bytes)
    pixels in the server's byte order."""
    h, w = pixels.shape[:2]
    step = bits // 8
    line = (w * step + 3) // 4 * 4
    name = b"xwdump\0\0"
    header = [100 + len(name), 7, 2, 24, w, h, 0, 0 if lsb_first else 1, 32, 0, 32, bits, line,
              4, 0xFF0000, 0xFF00, 0xFF, 8, 256, 0, w, h, 0, 0, 0]  # fmt: skip
    value = (
        (pixels[..., 0].astype(np.uint32) << 16)
        | (pixels[..., 1].astype(np.uint32) << 8)
        | pixels[..., 2].astype(np.uint32)
    )
    full = value.astype("<u4" if lsb_first else ">u4").view(np.uint8).reshape(h, w, 4)
    packed = full[..., :step] if lsb_first else full[..., 4 - step :]
    rows = np.zeros((h, line), np.uint8)
    rows[:, : w * step] = packed.reshape(h, w * step)
    return np.array(header, ">u4").tobytes() + name + rows.tobytes()


@pytest.mark.parametrize("bits", [32, 24])
@pytest.mark.parametrize("lsb_first", [True, False])
def test_an_xwd_dump_reads_back_as_its_pixels(lsb_first: bool, bits: int) -> None:
    rng = np.random.default_rng(5)
    pixels = rng.integers(0, 256, (7, 5, 3), dtype=np.uint8)
    assert np.array_equal(parse(xwd_dump(pixels, lsb_first, bits)), pixels)
