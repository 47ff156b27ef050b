"""The jobs service: CPU-bound work in a process of its own, submitted, polled and
cancelled from the app's one thread."""

import pytest

from game.play.jobs import MAX_RESTARTS, JobFailed, Jobs

from . import work


@pytest.fixture
def jobs():
    with Jobs() as j:
        yield j


def test_a_job_runs_in_another_process_and_brings_its_value_back(jobs):
    import os

    job = jobs.submit(work.square, 12)
    assert not job.done  # submit never waits
    assert jobs.wait(job, 60)
    assert job.value == 144 and job.error is None and job.result() == 144
    other = jobs.submit(work.pid)
    assert jobs.wait(other, 60)
    assert other.value != os.getpid()


def test_a_failing_job_says_what_went_wrong(jobs):
    job = jobs.submit(work.refuse, "no room for that formation")
    assert jobs.wait(job, 60)
    assert job.error == "no room for that formation"
    assert job.error_type == "ValueError"
    with pytest.raises(JobFailed, match="no room"):
        job.result()
    # The process goes on serving.
    after = jobs.submit(work.square, 3)
    assert jobs.wait(after, 60) and after.value == 9


def test_jobs_of_two_screens_each_get_their_own_answer_in_order(jobs):
    first = jobs.submit(work.sleep_then, 1, 0.2)
    second = jobs.submit(work.square, 5)
    assert jobs.wait(second, 60)
    assert first.done and first.value == 1 and second.value == 25
    assert not jobs.busy


def test_a_cancelled_queued_job_never_runs(jobs):
    running = jobs.submit(work.sleep_then, 1, 0.3)
    dropped = jobs.submit(work.square, 4)
    jobs.cancel(dropped)
    last = jobs.submit(work.square, 6)
    assert jobs.wait(last, 60)
    assert running.value == 1 and last.value == 36
    assert dropped.cancelled and dropped.value is None


def test_cancelling_the_running_job_stops_its_work_at_once(jobs):
    long = jobs.submit(work.sleep_then, 1, 600)
    first_pid = jobs.submit(work.pid)  # queued behind it
    jobs.poll()
    process = jobs._proc
    jobs.cancel(long)
    # The work's process is gone: the ten minutes are not spent.
    process.join(timeout=10)
    assert not process.is_alive()
    assert long.cancelled and long.done
    # The queued job runs in a fresh process.
    assert jobs.wait(first_pid, 60) and first_pid.value != process.pid


def test_a_process_that_dies_is_restarted_then_the_job_fails_with_a_message(jobs):
    job = jobs.submit(work.die)
    assert jobs.wait(job, 120)
    assert job.error_type == "ProcessDied" and "stopped unexpectedly" in job.error
    assert MAX_RESTARTS >= 2
    after = jobs.submit(work.square, 7)
    assert jobs.wait(after, 60) and after.value == 49
