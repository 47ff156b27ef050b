"""The voice that speaks what :mod:`.speech` says: the system's own, through pyttsx3
(SAPI on Windows, the system voice on macOS, eSpeak NG on Linux), or a stand-in.

The system voice lives in a process of its own, started with ``spawn`` like the
AI's worker, on the first thing said. The game only puts sentences on a queue,
so a driver that is slow, missing or broken never holds up a frame, and its
driver gets the main thread it wants (macOS's run loop, Windows's COM). The
newest sentence wins, as with a screen reader: one still waiting when a newer
comes is dropped, and the one being spoken stops at its next word.

pyttsx3 is optional (the ``speech`` extra). Without it, or without a voice on
the system, the process says why once (:meth:`SystemVoice.poll`, which the game
shows) and the game goes on silent.
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import multiprocessing.connection
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import N_, _

if TYPE_CHECKING:  # these classes cannot be subscripted at run time
    from multiprocessing.context import SpawnProcess
    from multiprocessing.queues import Queue
    from multiprocessing.sharedctypes import Synchronized

    #: (number, text, language, path): ``path`` not empty saves to that WAV file.
    Request = tuple[int, str, str, str]
    #: ("ready", driver), ("spoken", number) or ("failed", "WHY detail"): WHY a
    #: key of :data:`WHY`, the detail the error's own words, for the log.
    Reply = tuple[str, str]

#: Why the voice cannot speak, in the player's words: the process sends the key.
WHY = {
    "module": N_("the speech module is not installed"),
    # An executable made without the voice's modules (BUILT_IN says which have them).
    "build": N_(
        "this build of the game was made without it; the game installed with pip and "
        "its speech extra has it"
    ),
    "voice": N_("this system has no voice the game can use"),
    # Which programs were tried (paplay, pw-play, aplay) is the log's: a player does
    # not know them.
    "player": N_("no sound player was found on this computer"),
    "speak": N_("the system's voice failed while speaking"),
    "stopped": N_("the voice's process stopped"),
}


class Voice(Protocol):
    """What the game needs of a voice."""

    def say(self, text: str, language: str) -> None:
        """Speak ``text`` in ``language`` (a code of game.i18n.LANGUAGES), cutting
        off whatever is still being said. Never waits."""
        ...

    def poll(self) -> str | None:
        """A problem to tell the player (once), if the voice has one."""
        ...

    def close(self) -> None: ...


class Recorder:
    """A voice that keeps what it is told instead of speaking it: the tests' ears,
    and the transcript of a game played by ear."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.languages: list[str] = []

    def say(self, text: str, language: str) -> None:
        self.said.append(text)
        self.languages.append(language)

    def poll(self) -> str | None:
        return None

    def close(self) -> None:
        pass

    @property
    def last(self) -> str:
        return self.said[-1] if self.said else ""

    def since(self, start: int) -> str:
        """Everything said from the ``start``-th utterance on, as one text."""
        return " ".join(self.said[start:])


def pick_voice(voices: Sequence[tuple[str, Sequence[str]]], code: str) -> str | None:
    """The id of the voice that speaks ``code``, among ``(id, languages)`` pairs
    as the drivers give them: eSpeak NG's ``("gmw/de", ["de"])``, macOS's
    ``(..., ["de_DE"])``, SAPI's registry ids that name the language
    (``...TTS_MS_DE-DE_HEDDA_11.0``) with no languages listed. A voice of the
    language itself comes before one of a region of it (``fr`` before ``fr-be``),
    else the first. None: keep the voice the system chose."""
    code = code.lower()

    def fit(vid: str, languages: Sequence[str]) -> int | None:
        names = [str(lang).lower().replace("_", "-") for lang in languages]
        tail = vid.lower().replace("\\", "/").rsplit("/", 1)[-1]
        if code in names or tail == code:
            return 0
        if any(n.startswith(code + "-") for n in names):
            return 1
        if f"_{code}-" in tail or tail.startswith(code + "-"):
            return 1
        return None

    found = [
        (f, i, vid) for i, (vid, langs) in enumerate(voices) if (f := fit(vid, langs)) is not None
    ]
    return min(found)[2] if found else None


def _exit_with_parent() -> None:
    """In the voice's process: leave the moment the game does, however it ends."""
    parent = mp.parent_process()
    assert parent is not None

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="mosaic-voice-lifeline", daemon=True).start()


#: The modules pyttsx3's driver imports on each system, besides pyttsx3: SAPI's
#: through comtypes and pywin32's pythoncom, macOS's through PyObjC. eSpeak NG's
#: needs none: it loads the system's libespeak-ng with ctypes.
DRIVER_MODULES = {
    "win32": ("comtypes.client", "pythoncom"),
    "darwin": ("objc", "AppKit", "Foundation", "PyObjCTools.AppHelper"),
}

#: The systems whose executable carries pyttsx3 and its driver's modules
#: (build.spec collects them from the build extra; Windows's from
#: tools/windows/requirements.txt). macOS's is left out until its PyObjC is
#: measured and tested in the macOS build (docs/building.md, "Speech").
BUILT_IN = ("linux", "win32")


class Unavailable(Exception):
    """The voice cannot be loaded: ``str()`` is "WHY detail" (see :data:`WHY`)."""


def _missing(e: BaseException) -> Unavailable:
    """A module the voice needs is not there: not installed, or (the executable)
    not built in."""
    key = "build" if getattr(sys, "frozen", False) else "module"
    return Unavailable(f"{key} {type(e).__name__}: {e}")


def _load() -> Any:
    """pyttsx3's engine on this system's driver, as the voice's process loads it.
    Raises :class:`Unavailable`: a module missing is the install's (or the
    build's) fault, anything else the system's, which has no voice to offer."""
    try:
        import pyttsx3  # noqa: PLC0415 (optional: the speech extra)

        for name in DRIVER_MODULES.get(sys.platform, ()):
            importlib.import_module(name)
    except ImportError as e:  # ModuleNotFoundError, and a DLL that fails to load
        raise _missing(e) from e
    try:
        return pyttsx3.init()
    except Exception as e:  # a missing library or voice: each its own error
        raise Unavailable(f"voice {type(e).__name__}: {e}") from e


def check(folder: str, *, build: bool, seconds: float = 60.0) -> str:
    """Have the voice's process speak a sentence into a WAV file in ``folder``,
    as the game would speak it aloud: the smoke test's line for the report. A
    system with no voice is reported, not a failure; raises RuntimeError if the
    process does not answer within ``seconds``, or if a module is missing and
    ``build`` (an executable) is of a system in :data:`BUILT_IN`."""
    # i18n: not shown (the smoke test's report, below, is the studio's, in English)
    modules = ", ".join(("pyttsx3", *DRIVER_MODULES.get(sys.platform, ())))
    wav = os.path.join(folder, "speech-check.wav")
    v = SystemVoice()
    try:
        v.save("Mosaic by Mark Steere.", "en", wav)  # i18n: not shown (said in English)
        told, end = None, time.monotonic() + seconds
        while told is None and not v.spoken and time.monotonic() < end:
            time.sleep(0.05)
            told = v.poll()
    finally:
        v.close()
    key, _sep, detail = v.failed.partition(" ")
    load = "load" if "," in modules else "loads"  # i18n: not shown
    if key in ("module", "build"):
        if build and sys.platform in BUILT_IN:
            raise RuntimeError(f"{modules} should be in this build: {detail}")  # i18n: not shown
        return f"speech: not in this build or install: {told} ({detail})"  # i18n: not shown
    if told is not None:
        return f"speech: {modules} {load}; {told} ({detail})"
    if not v.spoken:
        late = f"the voice's process did not answer within {seconds:.0f} s"  # i18n: not shown
        raise RuntimeError(late)
    size = os.path.getsize(wav) if os.path.isfile(wav) else 0
    said = f"the {v.driver} voice spoke a sentence into a file ({size} bytes)"  # i18n: not shown
    return f"speech: {modules} {load}; {said}"


#: Players of a WAV file, the first found is used: eSpeak NG's driver plays its
#: sentences through one, and a newer sentence stops it.
PLAYERS = (("paplay",), ("pw-play",), ("aplay", "-q"))


def _speak(
    requests: Queue[Request | None], replies: Queue[Reply], latest: Synchronized[int]
) -> None:
    """The voice's process (module level, so ``spawn`` can import it)."""
    if mp.parent_process() is not None:
        _exit_with_parent()
        # pyttsx3's eSpeak driver prints a line for every file it saves.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (for the process's life)
    try:
        engine = _load()
    except Unavailable as e:
        replies.put(("failed", str(e)))
        return
    driver = str(engine)
    replies.put(("ready", driver))
    speaking = [0]
    if driver != "espeak":
        # SAPI and macOS stop a sentence cleanly; pyttsx3's eSpeak driver hangs on
        # the next one after a stop, so there the player is stopped instead.
        def on_word(**_kw: Any) -> None:
            if latest.value != speaking[0]:
                engine.stop()  # a newer sentence is waiting: this one stops here

        engine.connect("started-word", on_word)
    spare = tempfile.mkdtemp(prefix="mosaic-voice-")
    language, waiting = "", None
    while True:
        msg = waiting if waiting is not None else requests.get()
        waiting = None
        if msg is None:
            return
        number, text, code, path = msg
        if latest.value != number and not path:
            continue  # superseded before it started
        if code != language:
            language = code
            _choose_voice(engine, code)
        speaking[0] = number
        try:
            if path or driver != "espeak":
                if path:
                    engine.save_to_file(text, path)
                else:
                    engine.say(text)
                engine.runAndWait()
            else:
                wav = os.path.join(spare, "said.wav")
                engine.save_to_file(text, wav)
                engine.runAndWait()
                waiting = _play(wav, requests)
        except NoSoundPlayer as e:
            replies.put(("failed", f"player {e}"))
            return
        except Exception as e:
            replies.put(("failed", f"speak {type(e).__name__}: {e}"))
            return
        replies.put(("spoken", str(number)))


def _choose_voice(engine: Any, code: str) -> None:
    """The system's voice for ``code``, where it has one."""
    try:
        voices = [(v.id, list(v.languages or ())) for v in engine.getProperty("voices")]
        chosen = pick_voice(voices, code)
        if chosen is not None:
            engine.setProperty("voice", chosen)
    except Exception:
        return  # the voice the system chose speaks on


class NoSoundPlayer(FileNotFoundError):
    """No program to play the voice's WAV files is installed."""


def _play(wav: str, requests: Queue[Request | None]) -> Request | None:
    """Play ``wav`` until it ends or a newer request comes (returned: the player is
    stopped for it)."""
    for player in PLAYERS:
        if shutil.which(player[0]):
            break
    else:
        # i18n: not shown (the log's words; the player reads WHY["player"])
        raise NoSoundPlayer("no player for the voice's sound: paplay, pw-play or aplay")
    with subprocess.Popen(
        [*player, wav], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    ) as sound:
        while sound.poll() is None:
            try:
                newer = requests.get(timeout=0.05)
            except queue.Empty:
                continue
            sound.kill()
            return newer
    return None


class SystemVoice:
    """The system's voice, in its own process. Not thread-safe: use it from one
    thread (the game's)."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._latest: Synchronized[int] = self._ctx.Value("q", 0, lock=False)
        self._proc: SpawnProcess | None = None
        self._requests: Queue[Request | None] | None = None
        self._replies: Queue[Reply] | None = None
        self._number = 0
        #: The driver in use once the process is ready ("espeak", "sapi5", "nsss").
        self.driver = ""
        #: How many sentences were spoken (or saved) to the end or cut off.
        self.spoken = 0
        #: Why the voice cannot speak ("WHY detail", see :data:`WHY`); it then says
        #: nothing more.
        self.failed = ""
        self._told = False

    def _start(self) -> bool:
        if self.failed:
            return False
        if self._proc is None:
            self._requests, self._replies = self._ctx.Queue(), self._ctx.Queue()
            self._proc = self._ctx.Process(
                target=_speak,
                args=(self._requests, self._replies, self._latest),
                name="mosaic-voice",
                daemon=True,
            )
            self._proc.start()
        return True

    def say(self, text: str, language: str) -> None:
        self._send(text, language, "")

    def save(self, text: str, language: str, path: str) -> None:
        """Speak ``text`` into the WAV file at ``path`` rather than aloud."""
        self._send(text, language, path)

    def _send(self, text: str, language: str, path: str) -> None:
        if not text or not self._start() or self._requests is None:
            return
        self._number += 1
        self._latest.value = self._number
        self._requests.put((self._number, text, language, path))

    def poll(self) -> str | None:
        """Read what the process said; a problem to tell the player, once."""
        if self._replies is not None:
            while True:
                try:
                    kind, value = self._replies.get_nowait()
                except (queue.Empty, OSError, ValueError):
                    break
                if kind == "ready":
                    self.driver = value
                elif kind == "spoken":
                    self.spoken += 1
                elif kind == "failed":
                    self.failed = value
        if not self.failed and self._proc is not None and not self._proc.is_alive():
            self.failed = "stopped"
        if self.failed and not self._told:
            self._told = True
            # The error's own words go to the log, for a report; the player reads
            # why in their language, never an exception's name.
            print(f"speech: {self.failed}", file=sys.stderr)
            why = WHY.get(self.failed.partition(" ")[0], WHY["speak"])
            return _("Speech is off: {reason}.").format(reason=_(why))
        return None

    def close(self) -> None:
        if self._proc is None:
            return
        if self._requests is not None:
            try:
                self._requests.put(None)
                self._requests.close()
            except (OSError, ValueError):
                pass
        self._proc.join(timeout=0.5)
        if self._proc.is_alive():
            self._proc.terminate()  # a driver stuck in a sentence
            self._proc.join(timeout=1)
        self._proc = None


def available() -> bool:
    """pyttsx3 is installed (whether the system has a voice shows only on use)."""
    import importlib.util  # noqa: PLC0415

    return importlib.util.find_spec("pyttsx3") is not None
