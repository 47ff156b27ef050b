"""The voice (game.play.voice): the stand-in that records, the choice of the
system's voice by language, a voice that cannot speak, and real speech into WAV
files through eSpeak NG, where it is installed."""

from __future__ import annotations

import array
import math
import queue
import shutil
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from game.play import voice
from game.play.voice import Recorder, SystemVoice, pick_voice

LANGUAGES = ("en", "de", "fr", "es", "it")
#: A WAV whose samples' root mean square is under this is silence (16-bit samples:
#: speech is in the thousands, a silent file 0).
SILENCE = 200


def rms(path: Path) -> float:
    with wave.open(str(path)) as w:
        assert w.getsampwidth() == 2
        samples = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))


def test_the_recorder_keeps_what_it_is_told_and_in_which_language():
    ears = Recorder()
    ears.say("Play, button.", "en")
    ears.say("Spielen, Schaltfläche.", "de")
    assert ears.said == ["Play, button.", "Spielen, Schaltfläche."]
    assert ears.languages == ["en", "de"]
    assert ears.since(1) == "Spielen, Schaltfläche."
    assert ears.last == "Spielen, Schaltfläche."


def test_a_voice_is_chosen_by_language_as_each_driver_names_them():
    espeak = [("gmw/en-029", ["en-029"]), ("gmw/en", ["en-gb"]), ("gmw/de", ["de"])]
    assert pick_voice(espeak, "de") == "gmw/de"
    assert pick_voice(espeak, "en") == "gmw/en"  # the language's own before a region's
    mac = [("com.apple.voice.Anna", ["de_DE"]), ("com.apple.voice.Alice", ["it_IT"])]
    assert pick_voice(mac, "it") == "com.apple.voice.Alice"
    sapi = [
        (r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_EN-US_ZIRA_11.0", []),
        (
            r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_FR-FR_HORTENSE_11.0",
            [],
        ),
    ]
    assert pick_voice(sapi, "fr") == sapi[1][0]
    assert pick_voice(sapi, "es") is None  # none speaks it: the system's voice stays


def test_without_pyttsx3_the_voice_says_why_once_and_stops(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # as if not installed
    requests: queue.Queue = queue.Queue()
    replies: queue.Queue = queue.Queue()
    requests.put((1, "Play, button.", "en", ""))
    voice._speak(requests, replies, type("Latest", (), {"value": 1})())
    kind, reason = replies.get_nowait()
    assert kind == "failed" and reason.startswith("module ")
    assert "ModuleNotFoundError" in reason or "ImportError" in reason


def test_without_a_sound_player_the_player_reads_why_in_words_not_an_error_name(
    monkeypatch, capsys
):
    """The play-test met "Speech is not available: FileNotFoundError: no player for
    the voice's sound", in English inside a German sentence; then (issue 54) the
    names of programs a player does not know: those are the log's."""
    from game import i18n

    monkeypatch.setattr(voice.shutil, "which", lambda _name: None)
    with pytest.raises(voice.NoSoundPlayer):
        voice._play("said.wav", queue.Queue())
    v = SystemVoice()
    v.failed = "player no player for the voice's sound: paplay, pw-play or aplay"
    i18n.set_language("de")
    try:
        said = v.poll()
    finally:
        i18n.set_language("en")
    assert said is not None and "Error" not in said and "no player" not in said
    assert said.startswith("Sprachausgabe ist aus:"), said
    assert "paplay" not in said and "aplay" in capsys.readouterr().err  # named in the log


def test_a_system_voice_that_cannot_speak_tells_the_player_once(capsys):
    v = SystemVoice()
    v.failed = "voice RuntimeError: no eSpeak"
    assert v.poll() == "Speech is off: this system has no voice the game can use."
    assert "RuntimeError: no eSpeak" in capsys.readouterr().err  # the details, in the log
    assert v.poll() is None  # said once
    v.say("Play, button.", "en")  # dropped, never raised
    assert v._proc is None
    v.close()


def wait_until_spoken(v: SystemVoice, count: int) -> None:
    """Poll the voice until ``count`` sentences are done, or it failed (bounded)."""
    for _ in range(600):
        problem = v.poll()
        if problem or v.spoken >= count:
            break
        time.sleep(0.05)


def test_espeak_ng_speaks_a_turn_into_a_wav_file_that_is_not_silence(tmp_path):
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed (Debian package espeak-ng; .ci/run installs it)")
    path = tmp_path / "turn.wav"
    subprocess.run(
        ["espeak-ng", "-v", "en", "-w", str(path), "Red flips d4, e4 and e5: a chain of three."],
        check=True,
        timeout=60,
    )
    assert rms(path) > SILENCE


def test_the_game_s_voice_speaks_each_language_into_a_wav_file(tmp_path):
    if not voice.available():
        pytest.skip("pyttsx3 is not installed (the speech extra)")
    v = SystemVoice()
    try:
        for code in LANGUAGES:
            v.save("Rot wendet d4, e4 und e5.", code, str(tmp_path / f"{code}.wav"))
        wait_until_spoken(v, len(LANGUAGES))
        if v.failed:
            pytest.skip(f"no system voice here: {v.failed}")
        assert v.driver  # the driver pyttsx3 chose ("espeak" on Linux)
        sizes = set()
        for code in LANGUAGES:
            path = tmp_path / f"{code}.wav"
            assert rms(path) > SILENCE, code
            sizes.add(path.stat().st_size)
        # Each language its own voice: the same words come out differently.
        assert len(sizes) == len(LANGUAGES)
    finally:
        v.close()


def failure(monkeypatch) -> str:
    """What the voice's process replies when it cannot start, run here."""
    replies: queue.Queue = queue.Queue()
    requests: queue.Queue = queue.Queue()
    requests.put((1, "Play, button.", "en", ""))
    voice._speak(requests, replies, type("Latest", (), {"value": 1})())
    kind, reason = replies.get_nowait()
    assert kind == "failed"
    return reason


def test_a_driver_that_finds_no_voice_is_the_system_s_want_not_a_missing_module(monkeypatch):
    """Wine 8.0's SAPI has no type library: pyttsx3's SAPI driver then fails to
    import comtypes.gen.SpeechLib, an ImportError that once read "the speech module
    is not installed"."""
    pyttsx3 = pytest.importorskip("pyttsx3")

    def init():
        raise ImportError("cannot import name 'SpeechLib' from 'comtypes.gen'")

    monkeypatch.setattr(pyttsx3, "init", init)
    reason = failure(monkeypatch)
    assert reason.startswith("voice ImportError: cannot import name 'SpeechLib'"), reason


def test_a_missing_driver_module_is_the_install_s_and_an_executable_s_its_build(monkeypatch):
    pytest.importorskip("pyttsx3")
    monkeypatch.setitem(voice.DRIVER_MODULES, sys.platform, ("no_such_driver_module",))
    assert failure(monkeypatch).startswith("module ModuleNotFoundError: ")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    reason = failure(monkeypatch)
    assert reason.startswith("build ModuleNotFoundError: "), reason
    v = SystemVoice()
    v.failed = reason
    said = v.poll()
    assert said is not None and said.startswith(
        "Speech is off: this build of the game was made without it"
    ), said


def forked(monkeypatch) -> None:
    """The voice's process forked rather than spawned, so that it sees this test's
    changes to modules."""
    fork = voice.mp.get_context("fork")
    monkeypatch.setattr(voice.mp, "get_context", lambda _method: fork)


def test_the_smoke_test_s_check_fails_an_executable_without_the_voice_s_modules(
    monkeypatch, tmp_path
):
    forked(monkeypatch)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # as if not built in
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(voice, "BUILT_IN", (sys.platform,))
    with pytest.raises(RuntimeError, match=r"pyttsx3.* should be in this build: ModuleNotFound"):
        voice.check(str(tmp_path), build=True)
    monkeypatch.setattr(voice, "BUILT_IN", ())  # a system built without it: said, not failed
    line = voice.check(str(tmp_path), build=True)
    assert line.startswith("speech: not in this build or install: Speech is off:")


def test_the_smoke_test_s_check_reports_a_system_with_no_voice(monkeypatch, tmp_path):
    pyttsx3 = pytest.importorskip("pyttsx3")
    forked(monkeypatch)

    def init():
        raise RuntimeError("This means you probably do not have eSpeak or eSpeak-ng installed!")

    monkeypatch.setattr(pyttsx3, "init", init)
    line = voice.check(str(tmp_path), build=True)
    assert line.startswith("speech: pyttsx3") and "; Speech is off: this sys" in line
    assert "(RuntimeError: This means you probably do not have eSpeak" in line


def test_the_smoke_test_s_check_speaks_into_a_file_where_there_is_a_voice(tmp_path):
    if not voice.available():
        pytest.skip("pyttsx3 is not installed (the speech extra)")
    line = voice.check(str(tmp_path), build=True)
    if "no voice" in line or "not available" in line:
        pytest.skip(f"no system voice here: {line}")
    assert "voice spoke a sentence into a file" in line, line
    assert rms(tmp_path / "speech-check.wav") > SILENCE
