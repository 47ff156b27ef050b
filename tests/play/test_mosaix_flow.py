"""Mosaix's turn flow without a screen: a solo game and a match driven through
the flow's own calls, the AI's work answered by an in-process jobs runner."""

import random

from game.mosaix import ai as mosaix_ai
from game.play.jobs import Job
from game.play.mosaix_flow import SoloFlow, anchor, preview_at, why_not
from game.play.mosaix_match import MatchFlow
from game.play.mosaix_records import load as load_records


class InlineJobs:
    """The jobs service's contract, with the work done at once in this process."""

    def __init__(self) -> None:
        self.submitted: list[Job] = []
        self.cancelled: list[Job] = []

    def submit(self, fn, *args):
        job = Job(len(self.submitted) + 1, fn.__qualname__)
        job.value, job.done = fn(*args), True
        self.submitted.append(job)
        return job

    def cancel(self, job):
        if job is not None and not job.done:
            self.cancelled.append(job)


class SlowJobs(InlineJobs):
    """Jobs taken and never done: the AI is still at work."""

    def submit(self, fn, *args):
        job = Job(len(self.submitted) + 1, fn.__qualname__)
        self.submitted.append(job)
        return job


def cell_for(p):
    """The cell to point at so that the formation lands where ``p`` puts it."""
    ax, ay = anchor(p.formation)
    return p.x + ax, p.y + ay


def test_a_whole_solo_game_through_the_flow_keeps_its_best_score(tmp_path):
    flow = SoloFlow(InlineJobs(), tmp_path, seed=21)
    events = flow.start()
    assert [e.kind for e in events] == ["rolled"]
    rng = random.Random(21)
    while not flow.finished:
        game = flow.game
        p = mosaix_ai.roll_and_place(game.sheet, game.rolled, rng, game.max_dropped)
        if p is None:
            events = flow.end()
            break
        flow.arranger.show(p.formation)
        events = flow.click(cell_for(p))
        assert not isinstance(events, str), events
        assert events[0].kind == "written" and events[0].placement == p
    assert events[-1].kind == "finished" and events[-1].best
    records, problem = load_records(tmp_path)
    assert problem is None and records.best == flow.game.score and records.games == 1
    # A finished game takes no more writing.
    assert not flow.may_write() and flow.click((3, 3)) == []


def test_a_refused_placement_says_why_and_changes_nothing(tmp_path):
    flow = SoloFlow(InlineJobs(), tmp_path, seed=3)
    flow.start()
    flow.pick_shape(1)  # the O-shape
    got = flow.click((3, 3))  # over the printed centre
    assert got == "A symbol would land on a cell that is already written."
    assert flow.message == (got, "bad") and flow.game.turns == []
    preview = flow.preview((3, 3))
    assert preview is not None and not preview.ok and preview.why == got
    assert flow.hover_text((3, 3)) == (got, "bad")


def test_the_pointer_holds_the_same_cell_of_every_shape():
    from game.play.arranger import SHAPE_NAMES, Arranger

    assert len(SHAPE_NAMES) > 1
    for i in range(len(SHAPE_NAMES)):
        a = Arranger("OXTO")
        a.pick_shape(i)
        f = a.formation
        x, y = preview_at(f, (5, 5))
        ax, ay = anchor(f)
        assert (x + ax, y + ay) == (5, 5)
        # The held cell is one of the formation's symbols, so the cell pointed
        # at is always written (a bounding box's middle can be a gap in an L).
        assert (ax, ay) in {(cx, cy) for cx, cy, _ in f.cells}


def test_a_hint_turns_the_formation_and_points_where_it_goes(tmp_path):
    jobs = InlineJobs()
    flow = SoloFlow(jobs, tmp_path, seed=21)
    flow.start()
    pointed = []
    flow.hint(pointed.append)
    assert [j.name for j in jobs.submitted] == ["plan"]
    flow.poll()
    (cell,) = pointed
    assert flow.message == ("Try it here: the preview shows where.", "good")
    assert why_not(flow.sheet(), flow.aimed(cell), flow.max_dropped()) is None


def test_a_match_of_a_person_and_the_ai_plays_rounds_in_turn_order():
    jobs = InlineJobs()
    flow = MatchFlow(jobs, ["Human", "AI"], seed=8)
    flow.start()
    rng = random.Random(8)
    rounds = 0
    while not flow.finished:
        m = flow.match
        flow.poll()  # the AI's answer, if it asked for one
        if flow.finished:
            break
        if m.formation is None and m.roller == 0:
            formation = mosaix_ai.arrange(m.sheets[0], m.sheets[1:], m.rolled, rng)
            flow.arranger.show(formation)
            flow.lay_out()
            rounds += 1
            # The roller writes first.
            assert flow.player == 0 and flow.may_write()
        elif flow.may_write():
            assert flow.player == 0 and flow.message[1] == "accent"
            p = mosaix_ai.place(m.sheets[0], m.formation, rng)
            flow.arranger.show(p.formation)
            got = flow.click(cell_for(p))
            assert not isinstance(got, str), got
    assert flow.match.finished and rounds >= 4
    assert flow.message[0].startswith("The match is over:")
    assert "write the formation" not in flow.message[0]
    flow.pointed()  # the pointer moving on does not take the result away
    assert flow.message[0].startswith("The match is over:")
    names = {j.name for j in jobs.submitted}
    assert names == {"arrange", "place"}


def test_leaving_cancels_the_ai_work_under_way(tmp_path):
    jobs = SlowJobs()
    flow = MatchFlow(jobs, ["AI", "Human"], seed=4)
    flow.start()
    job = flow.thinking
    assert job is not None and job.name == "arrange"
    assert flow.poll() == []  # not done: nothing happens
    flow.leave()
    assert jobs.cancelled == [job] and flow.thinking is None


def test_every_legal_placement_is_reached_by_pointing_at_a_cell_of_the_sheet(tmp_path):
    """Placements that hang over an edge were out of reach from inside the sheet:
    the cell under the pointer was always the formation's middle."""
    from game.mosaix.sheet import SIZE, spots

    flow = SoloFlow(InlineJobs(), tmp_path, seed=5)
    flow.start()
    for shape in range(7):
        flow.pick_shape(shape)
        f = flow.formation()
        legal = {
            (p.x, p.y)
            for p in spots(f)
            if p.formation == f and why_not(flow.sheet(), p, flow.max_dropped()) is None
        }
        reached = set()
        for x in range(SIZE):
            for y in range(SIZE):
                p = flow.aimed((x, y))
                if p is not None and why_not(flow.sheet(), p, flow.max_dropped()) is None:
                    reached.add((p.x, p.y))
                    assert (x, y) in {(cx + p.x, cy + p.y) for cx, cy, _ in f.cells}
        # Every placement with a symbol on the sheet is one a click on the sheet makes.
        on_sheet = {
            (x, y) for x, y in legal
            if any(0 <= cx + x < SIZE and 0 <= cy + y < SIZE for cx, cy, _ in f.cells)
        }  # fmt: skip
        assert reached, shape
        assert reached <= legal
        assert len(reached) >= len(on_sheet) * 0.5, (shape, len(reached), len(on_sheet))


def test_a_refusal_gives_way_when_the_pointer_moves_and_a_write_says_so(tmp_path):
    flow = SoloFlow(InlineJobs(), tmp_path, seed=3)
    flow.start()
    flow.pick_shape(1)
    flow.click((3, 3))  # over the printed centre: refused
    assert flow.message[1] == "bad"
    flow.pointed()
    assert flow.message == ("", "muted")
    game = flow.game
    p = mosaix_ai.roll_and_place(game.sheet, game.rolled, random.Random(1), game.max_dropped)
    flow.arranger.show(p.formation)
    flow.click(cell_for(p))
    assert flow.message[1] == "good" and flow.message[0].startswith("Written")


def test_a_formation_drawn_red_always_says_why(tmp_path):
    flow = SoloFlow(InlineJobs(), tmp_path, seed=21)
    flow.start()
    game = flow.game
    p = mosaix_ai.roll_and_place(game.sheet, game.rolled, random.Random(21), game.max_dropped)
    flow.arranger.show(p.formation)
    flow.click(cell_for(p))
    written = flow.message
    assert written[0].startswith("Written.") and written[1] == "good"
    # The pointer has not moved: the next formation waits for it to, rather than
    # lie red over what was just written beside a refusal, a write that looked
    # like a mistake to a newcomer.
    assert flow.preview(cell_for(p)) is None
    assert flow.line(cell_for(p)) == written
    # Moved (here, back to the same cell), it is drawn red: the line says why,
    # never the old "Written.".
    flow.pointed()
    why = flow.preview(cell_for(p)).why
    assert why and flow.line(cell_for(p)) == (why, "bad")
    # Whatever else was said last (a match's "write the formation" line).
    flow.say("Player 1: write the formation on your sheet.", "accent")
    assert flow.line(cell_for(p)) == (why, "bad")
    assert flow.line(None) == flow.message


def test_a_formation_hanging_over_the_edge_says_so_before_it_is_written(tmp_path):
    """A first move pointed at a1 with the I-shape was written with a symbol over
    the edge, the scale a space short, and nothing said so before or after."""
    flow = SoloFlow(InlineJobs(), tmp_path, seed=3)
    flow.start()
    flow.pick_shape(0)  # the I-shape, lying: its anchor is its second symbol
    preview = flow.preview((0, 0))
    assert preview is not None and preview.ok
    assert len(preview.cells) == 3 and [(x, y) for x, y, _ in preview.hanging] == [(-1, 0)]
    text, tone = flow.line((0, 0))
    assert "1 symbol would hang over the edge" in text and "scale" in text and tone == "accent"
    # Where it all lands on the sheet, a click writes it, as before.
    assert flow.preview((1, 0)).hanging == [] and flow.hover_text((1, 0))[1] == "good"
    flow.click((0, 0))
    assert flow.game.scale == 7 and "off the edge" in flow.message[0]
    # What the space it cost was worth (issue 54: nothing said what the scale is for).
    assert flow.message[0].endswith("Each empty scale space is a point at the end.")


def test_a_write_that_leaves_the_points_as_they_were_says_why(tmp_path):
    """Issue 54: the points line stayed the same after a write and nothing said
    why: only areas of 5 or more cells of one symbol score (the rules' words)."""
    flow = SoloFlow(InlineJobs(), tmp_path, seed=3)
    flow.start()
    flow.pick_shape(0)
    before = flow.game.sheet.score()
    flow.click((1, 0))  # the I-shape along the bottom row: no area of 5
    assert flow.game.sheet.score() == before == 0
    assert flow.message == (
        "Written. No new points: only areas of 5 or more cells of one symbol score.",
        "good",
    )


def test_the_scale_says_what_it_is(tmp_path):
    flow = SoloFlow(InlineJobs(), tmp_path, seed=3)
    assert flow.scale_help() == (
        "Scale: each symbol left off the edge crosses out a space. "
        "Each empty scale space is a point at the end."
    )


def test_a_match_says_so_too():
    flow = MatchFlow(InlineJobs(), ["Human"], seed=2)
    flow.start()
    flow.pick_shape(0)
    flow.lay_out()
    text, tone = flow.line((0, 0))
    assert text.startswith("1 symbol would hang over the edge") and "scale" not in text
    assert tone == "accent"


def test_ending_a_solo_game_early_replaces_the_prompt_to_write_with_the_score(tmp_path):
    """Issue 54, item 10: after "End it" the top line still said "Pick a shape...
    click to write", though nothing could be written any more."""
    flow = SoloFlow(InlineJobs(), tmp_path, seed=7)
    flow.start()
    assert "click to write" in flow.line(None)[0]
    events = flow.end()
    assert events[-1].kind == "finished"
    text, tone = flow.line(None)
    assert "write" not in text
    assert str(flow.game.score) in text and tone == "good"
    # The pointer moving over the sheet does not bring the prompt back either.
    flow.pointed()
    assert flow.line((3, 3)) == (text, tone)


def test_while_the_ai_writes_the_line_names_the_ai_not_the_person_before_it():
    """A play-test: after the person wrote, the line still said "Player 1: write
    the formation on your sheet." while the AI wrote on its own."""

    jobs = SlowJobs()
    flow = MatchFlow(jobs, ["Human", "AI"], seed=8)
    flow.start()
    m = flow.match
    assert m.roller == 0 and flow.message[0].startswith("Player 1 rolls")
    rng = random.Random(8)
    flow.arranger.show(mosaix_ai.arrange(m.sheets[0], m.sheets[1:], m.rolled, rng))
    flow.lay_out()
    assert flow.message[0] == "Player 1: write the formation on your sheet."
    p = mosaix_ai.place(m.sheets[0], m.formation, rng)
    flow.arranger.show(p.formation)
    assert not isinstance(flow.click(cell_for(p)), str)
    assert flow.player == 1 and flow.thinking is not None  # the AI writes now
    assert flow.message[0] == "Player 2 (AI) writes the formation..."
    assert not flow.may_write()
