"""The AI worker process: start, request, cancel, stale answers, crash recovery."""

import os
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


def test_a_worker_that_keeps_dying_is_restarted_with_a_pause_then_given_up(worker):
    from game.ai import worker as module

    errors = []
    for death in range(1, module.MAX_RESTARTS + 1):
        worker.request(EMPTY5, "Master", seconds=30)
        deadline = time.monotonic() + 60
        while not worker.alive and time.monotonic() < deadline:
            worker.poll()  # during the pause after a death, poll() starts it when due
            time.sleep(0.01)
        assert worker.alive
        started = time.monotonic()
        worker._proc.kill()
        (answer,) = worker.wait(10)
        errors.append(answer.error)
        assert answer.turn is None
        if death < module.MAX_RESTARTS:
            # The next start waits: a quarter second, doubling with each death.
            rid = worker.request(SMALL, "Casual", seconds=0.05)
            assert not worker.alive
            wait = module.FIRST_BACKOFF * 2 ** (death - 1)
            (answer,) = worker.wait(60)
            assert answer.id == rid and answer.error is None
            assert time.monotonic() - started >= wait * 0.9
            worker._deaths = death  # an answer resets the count; this test counts on
    assert worker.failed and "stopped unexpectedly" in errors[0]
    assert "not started again" in errors[-1]
    rid = worker.request(SMALL, "Casual", seconds=0.05)
    (answer,) = worker.wait(5)
    assert answer.id == rid and "not started again" in answer.error and not worker.alive


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads processes from /proc")
def test_the_worker_exits_when_the_game_is_killed(tmp_path):
    """SIGKILL of the game (no chance to clean up) still ends its AI process, and
    multiprocessing's resource tracker with it."""
    import signal
    import subprocess
    import sys

    script = (
        "import sys, time\n"
        "from game.ai.worker import AIWorker\n"
        "w = AIWorker()\n"
        "w.request('5/6/7/8/9/8/7/6/5 r', 'Master', seconds=600)\n"
        "print(w._proc.pid, flush=True)\n"
        "time.sleep(600)\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    game = subprocess.Popen(
        [sys.executable, "-c", script], cwd=root, stdout=subprocess.PIPE, text=True
    )
    try:
        pid = int(game.stdout.readline())
        time.sleep(1.0)  # let the worker get into its search
        os.kill(pid, 0)  # alive while the game is
        children = children_of(game.pid) | {pid}
        assert len(children) >= 2  # the worker and the resource tracker
        game.send_signal(signal.SIGKILL)
        game.wait(10)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            left = {c for c in children if running(c)}
            if not left:
                break
            time.sleep(0.1)
        else:
            for c in left:
                os.kill(c, signal.SIGKILL)
            pytest.fail(f"processes {sorted(left)} outlived the game by 20 s")
    finally:
        if game.poll() is None:
            game.kill()


def children_of(parent: int) -> set[int]:
    """The processes whose parent is ``parent`` (Linux's /proc)."""
    from pathlib import Path

    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            out.add(int(stat.parent.name))
    return out


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    from pathlib import Path

    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_judgement_through_the_worker_matches_the_engine_here(worker):
    import random

    from game.ai.analysis import judge

    board = Board(SMALL)
    rng = random.Random(5)
    # Near the end, where the verdict is the exact solver's: an ending it settles
    # in about a second, with time to spare on a busy machine.
    for _ in range(11):
        board.push(rng.choice(board.legal_turns()))
    worst = board.legal_turns()[-1]
    here = judge(board, worst, seconds=10.0)
    rid = worker.judge(board.mfen(), board.notation(worst), seconds=10.0)
    (answer,) = worker.wait(60)
    assert answer.id == rid and answer.error is None
    assert here.exact and answer.verdict["exact"]
    assert (answer.verdict["label"], answer.verdict["loss"]) == (here.label, here.loss)
    assert Board(board.mfen()).parse_turn(answer.turn).outcome() == here.best.outcome()


ENDING = "RBB1B/RB1BB1/1RRRBR1/RR1BRB1B/1RR1BBBBB/R2R1RRB/RR1RRBR/RB1BR1/R1BBR b"


def test_a_ponder_answers_nothing_and_the_next_request_stops_it(worker):
    worker.request(SMALL, "Casual", seconds=0.05)
    worker.wait(60)
    # A 16-cell ending: its solve runs for minutes, so the ponder is under way
    # when the request comes.
    assert worker.ponder(ENDING)
    assert worker.pondering == ENDING and not worker.busy
    time.sleep(1.0)
    assert worker.poll() == []
    t0 = time.monotonic()
    rid = worker.request(SMALL, "Club", seconds=0.05)
    assert worker.pondering is None
    (answer,) = worker.wait(20)
    assert answer.id == rid and legal(SMALL, answer.turn)
    assert time.monotonic() - t0 < 5  # the ponder stopped; it was not waited out


def test_a_ponder_waits_for_an_answer_and_cancel_stops_it(worker):
    rid = worker.request(SMALL, "Casual", seconds=0.05)
    assert not worker.ponder(ENDING)  # a request is waiting: it would be lost
    assert [a.id for a in worker.wait(60)] == [rid]
    assert worker.ponder(ENDING)
    worker.cancel()
    assert worker.pondering is None
    again = worker.request(SMALL, "Casual", seconds=0.05)
    assert [a.id for a in worker.wait(20)] == [again]


def test_a_bad_position_to_ponder_is_ignored(worker):
    assert worker.ponder("3/4/5/4 r")
    rid = worker.request(SMALL, "Casual", seconds=0.05)
    (answer,) = worker.wait(60)
    assert answer.id == rid and answer.error is None


def test_closing_stops_a_ponder_and_the_process_leaves_cleanly(worker):
    worker.request(SMALL, "Casual", seconds=0.05)
    worker.wait(60)
    assert worker.ponder(ENDING)
    time.sleep(0.5)
    proc = worker._proc
    worker.close()
    assert proc.exitcode == 0  # it read the request to leave, it was not killed


def test_two_screens_lines_are_answered_in_turn_not_dropped(worker):
    match, board = worker.line(), worker.line()
    match.request(SMALL, "Casual", seconds=0.05)
    match.wait(60)  # warm: process started
    slow = match.request(EMPTY5, "Club", seconds=0.5)
    quick = board.request(SMALL, "Casual", seconds=0.05)
    # The board's request waits its turn; the match's goes on.
    assert match.serving(slow) and board.serving(quick)
    (first,) = match.wait(60)
    assert first.id == slow and first.turn is not None
    (second,) = board.wait(60)
    assert second.id == quick and second.turn is not None
    # Each line hears only its own answers.
    assert match.poll() == [] and board.poll() == []


def test_a_lines_newer_request_replaces_only_its_own(worker):
    a, b = worker.line(), worker.line()
    a.request(SMALL, "Casual", seconds=0.05)
    a.wait(60)
    old = a.request(EMPTY5, "Master", seconds=30)
    other = b.request(SMALL, "Casual", seconds=0.05)
    new = a.request(SMALL, "Club", seconds=0.05)
    assert not a.serving(old) and a.serving(new) and b.serving(other)
    answers = {ans.id for ans in b.wait(60)} | {ans.id for ans in a.wait(60)}
    assert answers == {other, new}


def test_cancelling_one_line_leaves_the_other_waiting_for_its_answer(worker):
    a, b = worker.line(), worker.line()
    a.request(SMALL, "Casual", seconds=0.05)
    a.wait(60)
    a.request(EMPTY5, "Master", seconds=30)
    rid = b.request(SMALL, "Casual", seconds=0.05)
    a.cancel()  # the half-minute search stops; b's request goes to the process
    (answer,) = b.wait(20)
    assert answer.id == rid and not a.busy and a.poll() == []


def test_any_request_stops_a_ponder_and_a_ponder_waits_for_every_line(worker):
    match, board = worker.line(), worker.line()
    match.request(SMALL, "Casual", seconds=0.05)
    match.wait(60)
    assert match.ponder(ENDING) and match.pondering == ENDING
    assert board.pondering is None and worker.pondering == ENDING
    rid = board.request(SMALL, "Club", seconds=0.05)
    assert match.pondering is None
    assert not match.ponder(ENDING)  # the board's request is under way
    (answer,) = board.wait(20)
    assert answer.id == rid
    assert match.ponder(ENDING)


def test_a_crash_is_told_in_the_players_language(worker):
    from game import i18n

    worker.request(SMALL, "Casual", seconds=0.05)
    worker.wait(60)
    worker.request(EMPTY5, "Master", seconds=30)
    i18n.set_language("de")
    try:
        worker._proc.kill()
        (answer,) = worker.wait(10)
    finally:
        i18n.set_language("en")
    assert answer.turn is None
    assert answer.error == "der KI-Prozess hat unerwartet aufgehört; versuche es noch einmal"
