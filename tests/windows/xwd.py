"""Reading the screen of an X server (Xvfb) as an RGB array: ``xwd`` (Debian's x11-apps)
dumps it, and this reads the dump's ZPixmap, 24 or 32 bits a pixel."""

from __future__ import annotations

import struct
import subprocess

import numpy as np
import pygame


def parse(dump: bytes) -> np.ndarray:
    """The pixels of an xwd dump, as a (height, width, 3) array of uint8."""
    fields = struct.unpack(">25I", dump[:100])
    header_size, _version, pixmap_format = fields[:3]
    width, height = fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14:17]
    ncolors = fields[19]
    if pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise ValueError(f"xwd: a ZPixmap of 24 or 32 bits a pixel was expected, not {fields[:12]}")
    start = header_size + 12 * ncolors
    rows = np.frombuffer(dump, np.uint8, height * bytes_per_line, start)
    step = bits_per_pixel // 8
    # Xvfb packs a depth-24 screen in 32 bits a pixel or, with some pixmap formats, in 24.
    raw = rows.reshape(height, bytes_per_line)[:, : width * step].reshape(height, width, step)
    order = range(step) if byte_order == 0 else reversed(range(step))
    pixels = np.zeros((height, width), np.uint32)
    for k, byte in enumerate(order):
        pixels |= raw[..., byte].astype(np.uint32) << (8 * k)
    out = np.empty((height, width, 3), np.uint8)
    for i, mask in enumerate((red_mask, green_mask, blue_mask)):
        shift = (mask & -mask).bit_length() - 1
        out[..., i] = (pixels & mask) >> shift
    return out


def grab(display: str) -> np.ndarray:
    """The whole screen of ``display`` (such as ":97") now."""
    dump = subprocess.run(
        ["xwd", "-root", "-silent", "-display", display], capture_output=True, check=True
    ).stdout
    return parse(dump)


def save_png(pixels: np.ndarray, path: str) -> None:
    pygame.image.save(pygame.surfarray.make_surface(pixels.transpose(1, 0, 2)), path)
