"""The AI worker process: start, request, cancel, stale answers, crash recovery."""

import time

import pytest

from game.ai.worker import AIWorker
from game.rules import Board

EMPTY5 = "5/6/7/8/9/8/7/6/5 r"
SMALL = "3/4/5/4/3 r"


@pytest.fixture
def worker():
    w = AIWorker()
    yield w
    w.close()


def legal(mfen, text):
    b = Board(mfen)
    return b.parse_turn(text) in b.legal_turns()


def test_request_is_answered_without_blocking(worker):
    t0 = time.monotonic()
    rid = worker.request(SMALL, "Casual", seconds=0.05)
    assert time.monotonic() - t0 < 1.0  # request() returns at once (the process starts behind)
    assert worker.busy
    (answer,) = worker.wait(60)
    assert answer.id == rid and answer.error is None and legal(SMALL, answer.turn)
    assert not worker.busy and worker.poll() == []


def test_newer_request_makes_the_older_answer_stale(worker):
    worker.request(SMALL, "Casual", seconds=0.05)
    worker.wait(60)  # warm: process started
    old = worker.request(EMPTY5, "Master", seconds=30)
    new = worker.request(SMALL, "Casual", seconds=0.05)
    t0 = time.monotonic()
    answers = worker.wait(20)
    assert [a.id for a in answers] == [new]
    assert time.monotonic() - t0 < 10  # the 30 s search was stopped, not waited out
    time.sleep(0.3)
    assert all(a.id != old for a in worker.poll())


def test_cancel_drops_the_answer(worker):
    worker.request(SMALL, "Casual", seconds=0.05)
    worker.wait(60)
    worker.request(EMPTY5, "Master", seconds=0.3)
    worker.cancel()
    assert not worker.busy
    time.sleep(1.0)
    assert worker.poll() == []
    rid = worker.request(SMALL, "Club", seconds=0.05)  # still serving after a cancel
    assert [a.id for a in worker.wait(30)] == [rid]


def test_crash_gives_an_error_then_restarts(worker):
    worker.request(SMALL, "Casual", seconds=0.05)
    worker.wait(60)
    rid = worker.request(EMPTY5, "Master", seconds=30)
    worker._proc.kill()
    (answer,) = worker.wait(10)
    assert answer.id == rid and answer.turn is None and "stopped unexpectedly" in answer.error
    again = worker.request(SMALL, "Casual", seconds=0.05)
    (answer,) = worker.wait(60)
    assert answer.id == again and answer.error is None and legal(SMALL, answer.turn)


def test_bad_position_is_an_error_answer(worker):
    worker.request("3/4/5/4 r", "Casual")
    (answer,) = worker.wait(60)
    assert answer.turn is None and "rows" in answer.error
