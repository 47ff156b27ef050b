"""A game controller that SDL itself believes in: ``SDL_JoystickAttachVirtual``
(SDL 2.0.14 and later, in the SDL that pygame-ce brings) plugs in a virtual
controller, and its buttons and stick are set through SDL, so the game meets it
as it meets a real one: plugged in, opened by SDL's game-controller mapping, read
through SDL's own events, and pulled out. The posted-event tests skip all of that.
"""

from __future__ import annotations

import ctypes
import glob
import os
from collections.abc import Callable

import pygame

#: SDL's SDL_JOYSTICK_TYPE_GAMECONTROLLER: SDL gives such a virtual pad the mapping
#: of an Xbox pad, so it arrives as a game controller.
GAMECONTROLLER = 1
#: SDL's game-controller button numbers, which a virtual controller's buttons follow.
BUTTON = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "start": pygame.CONTROLLER_BUTTON_START,
    "back": pygame.CONTROLLER_BUTTON_BACK,
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}


def sdl_library() -> ctypes.CDLL | None:
    """The SDL that pygame-ce loaded (its wheel's own copy), or None where it cannot be found."""
    folder = os.path.join(os.path.dirname(pygame.__file__), os.pardir, "pygame_ce.libs")
    found = sorted(glob.glob(os.path.join(folder, "libSDL2-2*")))
    if not found:
        return None
    lib = ctypes.CDLL(found[0])
    if not hasattr(lib, "SDL_JoystickAttachVirtual"):
        return None
    lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    return lib


class VirtualPad:
    """One virtual controller, plugged in on creation; ``step`` runs the app's frames."""

    def __init__(self, lib: ctypes.CDLL, step: Callable[[], None]) -> None:
        self.lib = lib
        self.step = step
        self.index = lib.SDL_JoystickAttachVirtual(GAMECONTROLLER, 6, 15, 0)
        if self.index < 0:
            raise RuntimeError("SDL could not attach a virtual controller")
        self.instance = lib.SDL_JoystickGetDeviceInstanceID(self.index)

    def handle(self) -> int:
        """SDL's joystick of this pad: there once the game has opened it."""
        handle = self.lib.SDL_JoystickFromInstanceID(self.instance)
        if not handle:
            raise AssertionError("the game has not opened the controller")
        return int(handle)

    def press(self, name: str) -> None:
        handle = self.handle()
        for down in (1, 0):
            self.lib.SDL_JoystickSetVirtualButton(handle, BUTTON[name], down)
            self.step()

    def stick(self, x: float, y: float) -> None:
        """The left stick to ``x``, ``y`` (-1 to 1), held for a frame, then let go."""
        handle = self.handle()
        self.lib.SDL_JoystickSetVirtualAxis(handle, 0, int(x * 32767))
        self.lib.SDL_JoystickSetVirtualAxis(handle, 1, int(y * 32767))
        self.step()
        self.lib.SDL_JoystickSetVirtualAxis(handle, 0, 0)
        self.lib.SDL_JoystickSetVirtualAxis(handle, 1, 0)
        self.step()

    def unplug(self) -> None:
        self.lib.SDL_JoystickDetachVirtual(self.index)
        self.step()
