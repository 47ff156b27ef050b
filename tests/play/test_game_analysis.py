"""A finished game's analysis on its own: the curve drawn from the verdicts."""

import pytest

from game.rules import BLUE, RED, Board


def test_the_curve_runs_level_through_best_turns_and_passes_to_the_result():
    """A side-3 game lost to Master, judged exactly from the strategy: each best
    turn keeps the position's value, a pass stands at the value of the position
    it passes in (not at an even game), and the curve ends at the final margin."""
    from game.ai.analysis import judge
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    line = "c3 c5 a1 e3 c1 a3 e1 a2 e2 b3 d4 xd4 c4 b2 xb2 c2 xc2 xc4 b4 d2 xd2 d3 b1 d1 xc1 xa1"
    match = Match(3, "Human", "Master")
    for text in line.split():
        match.play(match.board.parse_turn(text))
    assert match.over and match.board.count(RED) == 7 and match.board.count(BLUE) == 12
    analysis = GameAnalysis(match)
    while (ask := analysis.next_turn()) is not None:
        board = Board(ask.mfen)
        v = judge(board, board.parse_turn(ask.played), seconds=5.0)
        assert v.exact, f"turn {ask.at + 1}"
        analysis.record(ask.at, board.notation(v.best), {**v.__dict__, "best": None})
    curve = analysis.curve()
    assert len(curve) == match.plies + 1 and curve[-1] == -5.0
    passes = [i for i, t in enumerate(analysis.turns) if t[1] == "pass"]
    assert len(passes) == 4
    for i in passes:
        assert curve[i] == curve[i + 1]
    for i, v in enumerate(analysis.verdicts):
        if v.label == "best":
            assert curve[i] == curve[i + 1], f"turn {i + 1}"
    # Red's two inaccuracies cost two tiles each, from the proved -1 at the start.
    assert curve[0] == -1.0
    assert [v.ply for v in analysis.verdicts if v.flagged] == [3, 7]


def test_a_resigned_games_curve_reaches_the_position_left_after_its_last_turn():
    """Play-test: a game resigned after a few turns had its line stop a turn
    short of the end, which in a short game is a good part of the graph. Blue's
    second turn here throws 4 tiles away, and Red resigns after it."""
    from game.ai.analysis import judge
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    match = Match(3, "Human", "Beginner")
    for text in ("a1", "a2"):
        match.play(match.board.parse_turn(text))
    match.resign(RED)
    analysis = GameAnalysis(match)
    assert analysis.curve()[-1] is None  # not judged yet: nothing drawn there
    while (ask := analysis.next_turn()) is not None:
        board = Board(ask.mfen)
        v = judge(board, board.parse_turn(ask.played), seconds=5.0)
        assert v.exact, f"turn {ask.at + 1}"
        analysis.record(ask.at, board.notation(v.best), {**v.__dict__, "best": None})
    last = analysis.verdicts[-1]
    assert last is not None and last.mover == "blue" and last.loss == 4.0
    assert analysis.curve()[-1] == last.evaluation() + 4.0  # Blue's loss is Red's gain
    assert analysis.runs()[-1][-1][0] == len(analysis.turns)


def test_the_panel_says_tiles_whole_and_judges_no_one_before_their_turns():
    from game.play.game_analysis import TurnVerdict, better_line, summary_line

    def v(loss):
        return TurnVerdict(5, "red", "d5", "xd7xd6", loss, "mistake", False, 0)

    assert better_line(v(2.3)) == "Better: xd7xd6 — it was worth about 2 tiles more by the end."
    assert better_line(v(1.0)).endswith("about 1 tile more by the end.")
    assert "a little more" in better_line(v(0.4))
    # A proved turn that throws the result away says so, not its tiles: a loss
    # of 4 may be a mistake, or a blunder that gave the game away.
    from game.ai.evaluate import exact_score

    def proved(best_margin: int, loss: int) -> str:
        verdict = TurnVerdict(5, "red", "d5", "e1", loss, "blunder", True, exact_score(best_margin))
        return better_line(verdict)

    # By name: after "Better: e1" an "it" read as e1, the turn not played.
    assert proved(3, 3) == "Better: e1 — d5 turned a won game into a draw."
    assert proved(3, 4).endswith(" d5 turned a won game into a lost one.")
    assert proved(0, 2).endswith(" d5 turned a drawn game into a lost one.")
    assert proved(7, 4).endswith("it was worth about 4 tiles more by the end.")
    assert proved(-1, 2).endswith("it was worth about 2 tiles more by the end.")
    took = TurnVerdict(5, "red", "xd7", "xd7xd6", 4, "blunder", True, exact_score(3))
    assert better_line(took) == (
        "Better: xd7xd6 takes 2; you took 1 — xd7 turned a won game into a lost one."
    )
    nothing = {"counts": {}, "accuracy": 100, "turns": 0}
    assert summary_line("Blue", nothing) == "Blue: no turns judged yet"
    counts = {"blunder": 1, "mistake": 0, "inaccuracy": 2}
    some = {"counts": counts, "accuracy": 80, "turns": 5}
    # Each count is held to its word by a space no line breaks at: "0 / blunders"
    # and "accuracy / 77%" were wrapped apart in a narrow panel.
    nb = "\u00a0"
    assert summary_line("Red", some) == (
        f"Red: accuracy{nb}80%, 1{nb}blunder, 0{nb}mistakes, 2{nb}inaccuracies"
    )
    # Before the analysis is done, nothing reads as its verdict.
    few = {**some, "of": 9, "final": False}
    assert summary_line("Red", few) == "Red: 5 of 9 turns judged so far"
    labelled = {**some, "of": 5, "final": False}
    assert summary_line("Red", labelled) == (
        f"Red: accuracy so{nb}far{nb}80%, 1{nb}blunder, 0{nb}mistakes, 2{nb}inaccuracies"
    )
    assert summary_line("Red", {**labelled, "final": True}) == summary_line("Red", some)
    # The short form, for a panel with little room, keeps the same care.
    assert summary_line("Blue", nothing, short=True) == "Blue: no turns judged yet"
    assert summary_line("Red", few, short=True) == "Red: 5 of 9 judged"
    assert summary_line("Red", labelled, short=True) == f"Red: accuracy so{nb}far{nb}80%"
    assert summary_line("Red", some, short=True) == f"Red: accuracy{nb}80%"


def test_a_first_pass_labels_every_turn_then_the_second_judges_the_rest_deeper():
    """The first pass asks every turn in order with a short search, the game's
    turns sharing a few seconds; a middle turn it searched as deep as the
    analysis goes is settled. The second pass judges the rest: the middle game
    in order, then the ending backwards, where each ending turn may try for
    exact values as long as the ending's budget has left (at least the turn's
    own seconds), and once one does not settle, the earlier ones get a short
    try only."""
    import random

    from game.ai.analysis import JUDGE_DEPTH
    from game.ai.search import empty_cells
    from game.play.deeper_looks import refine_seconds
    from game.play.game_analysis import (
        ENDING_SECONDS,
        QUICK_MOST,
        QUICK_SECONDS,
        SECONDS,
        SHORT_TRY,
        GameAnalysis,
    )
    from game.play.match import Match

    rng = random.Random(3)
    match = Match(4, "Human", "Human")
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    now = [0.0]
    analysis = GameAnalysis(match, clock=lambda: now[0])
    judged = [i for i, t in enumerate(analysis.turns) if t[1] != "pass"]
    ending = [i for i in judged if i in analysis.ending]
    assert len(ending) > 4 and all(
        empty_cells(Board(analysis.turns[i][0])) <= 16 for i in ending
    ), "the ending is the turns with 16 empty cells or fewer"
    middle = [i for i in judged if i not in ending]
    settled = {middle[1], ending[-1]}  # searched as deep as it goes in the first pass
    asked = []
    spent = {ending[-1]: 2.5, ending[-2]: 3.0, ending[-3]: 3.0}  # seconds each takes
    while (ask := analysis.next_turn()) is not None:
        asked.append(ask)
        if not ask.deep:
            assert not analysis.labelled
        now[0] += spent.get(ask.at, 0.01) if ask.deep else 0.01
        data = {
            "loss": 0.0,
            "label": "best",
            # In the second pass the third from last does not settle.
            "exact": ask.deep and ask.at != ending[-3],
            "best_score": 0,
            "played_score": 0,
            "depth": JUDGE_DEPTH if ask.at in settled else 2,
        }
        analysis.record(ask.at, ask.played, data)
        if not ask.deep and ask.at == judged[-1]:
            assert analysis.labelled and not analysis.done and analysis.progress < 1
    quick = [a for a in asked if not a.deep]
    assert [a.at for a in quick] == judged
    assert all(a.seconds == a.exact_seconds <= QUICK_MOST for a in quick)
    assert sum(a.seconds for a in quick) <= QUICK_SECONDS + 1e-9
    deep = [a for a in asked if a.deep]
    again = [i for i in middle if i not in settled]
    second, retry = deep[:-1], deep[-1]
    assert [a.at for a in second] == again + ending[::-1]
    # Once every turn is final, the ending's turn left unsettled has a longer try.
    assert (retry.at, retry.exact_seconds) == (ending[-3], refine_seconds(4, "blunder"))
    by_turn = {a.at: a for a in second}
    # The middle game's turns share the second pass's time: on side 4 each keeps its own.
    assert all(by_turn[i].seconds == by_turn[i].exact_seconds == SECONDS for i in again)
    assert by_turn[ending[-1]].exact_seconds == ENDING_SECONDS
    assert by_turn[ending[-2]].exact_seconds == ENDING_SECONDS - 2.5
    assert by_turn[ending[-3]].exact_seconds == SECONDS  # 0.5 s left: its own 0.8 s
    assert all(by_turn[i].exact_seconds == SHORT_TRY for i in ending[:-3])
    assert all(by_turn[i].seconds == SECONDS for i in ending) and analysis.done


def test_a_bigger_board_shares_the_second_pass_among_its_middle_turns():
    """Side 8's 200-odd turns get a share of the middle game's time each, so its
    analysis ends in seconds, not minutes, where side 5's keep theirs."""
    import random

    from game.play.game_analysis import MIDDLE_TURNS, QUICK_SECONDS, SECONDS, GameAnalysis
    from game.play.match import Match

    rng = random.Random(1)
    match = Match(8, "Human", "Human")
    for _ in range(120):
        match.play(rng.choice(match.board.legal_turns()))
    analysis = GameAnalysis(match)
    data = {"loss": 0.0, "label": "best", "exact": False, "best_score": 0, "played_score": 0}
    quick = []
    while (ask := analysis.next_turn()) is not None and not ask.deep:
        quick.append(ask.seconds)
        analysis.record(ask.at, ask.played, {**data, "depth": 2})
    assert sum(quick) <= QUICK_SECONDS + 1e-9 and len(quick) == 120
    assert ask is not None and ask.deep
    assert ask.seconds == SECONDS * MIDDLE_TURNS / 120 < SECONDS / 4


def test_the_curve_is_drawn_in_runs_of_judged_turns():
    """The ending is judged from the back: the turns not judged yet break the
    curve rather than being bridged by a line nobody worked out."""
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    match = Match(3, "Human", "Human")
    for text in ("c3", "c5", "a1", "e3", "c1", "a3"):
        match.play(match.board.parse_turn(text))
    analysis = GameAnalysis(match)
    data = {"loss": 0.0, "label": "best", "exact": False, "played_score": 0}
    for at in (0, 1, 4):
        analysis.record(at, "c3", {**data, "best_score": 100 * at})
    assert analysis.runs() == [[(0, 0.0), (1, -1.0)], [(4, 4.0)]]
    for at in (2, 3, 5):
        analysis.record(at, "c3", {**data, "best_score": 0})
    assert [len(run) for run in analysis.runs()] == [6]  # the game is not over: no final point


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_no_turn_ends_a_sentence_of_the_better_line(language):
    """Issue 54: "Better: a1. c4 turned a won game into a lost one." read "a1." as a
    move number. In every language, no turn's name is followed by a full stop."""
    from game import i18n
    from game.ai.evaluate import exact_score
    from game.play.game_analysis import TurnVerdict, better_line

    verdicts = [
        TurnVerdict(5, "red", played, best, loss, "blunder", exact, exact_score(margin))
        for played, best in (("c4", "a1"), ("xd7", "xd7xd6"))
        for loss, exact, margin in ((4, True, 3), (3, True, 3), (2, True, 0), (2.3, False, 0))
    ]
    i18n.set_language(language)
    try:
        lines = [better_line(v) for v in verdicts]
    finally:
        i18n.set_language("en")
    assert len(lines) == 8
    for line, v in zip(lines, verdicts, strict=True):
        for turn in (v.played, v.best):
            assert f"{turn}." not in line, line


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_the_accuracy_keeps_to_its_word_and_sign_in_every_language(language):
    """A narrow panel read "Red: accuracy / 77%", and "77 %" may break in French
    and German: the percentage is held to the word before it and to its sign."""
    from game import i18n
    from game.play.game_analysis import NO_BREAK, summary_line

    counts = {"blunder": 0, "mistake": 1, "inaccuracy": 3}
    summary = {"counts": counts, "accuracy": 77, "turns": 9}
    i18n.set_language(language)
    try:
        lines = [summary_line("Red", {**summary, "of": 9, "final": f}) for f in (True, False)]
    finally:
        i18n.set_language("en")
    assert len(lines) == 2
    for line in lines:
        head = line.split(",")[0]  # "Red: accuracy 77%", in its language
        assert NO_BREAK + "77" in head and "%" in head, line
        assert "77 " not in head and " 77" not in head and " %" not in head, line
    # "so far" (two words in English, French, Spanish) goes whole with the
    # figure: a wide panel read "Red: accuracy so / far 96%".
    final, so = (line.split(",")[0] for line in lines)
    together = so.rsplit(" ", 1)[1].split(NO_BREAK)  # "so", "far", "77%"
    extra = set(so.replace(NO_BREAK, " ").split()) - set(final.replace(NO_BREAK, " ").split())
    assert extra and extra <= set(together), lines


def test_a_players_summary_is_final_only_when_each_of_their_turns_is():
    """Side 3's first turns judged: Red's summary counts them of all Red's turns;
    a first pass's label keeps the summary "so far" until a final one replaces it."""
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    match = Match(3, "Human", "Human")
    for text in ("c3", "c5", "a1", "e3"):
        match.play(match.board.parse_turn(text))
    analysis = GameAnalysis(match)
    data = {"loss": 0.0, "label": "best", "exact": False, "best_score": 0, "played_score": 0}
    ask = analysis.next_turn()
    assert ask is not None and not ask.deep
    analysis.record(ask.at, ask.played, {**data, "depth": 1})
    red = analysis.summary("red")
    assert (red["turns"], red["of"], red["final"]) == (1, 2, False)
    while (ask := analysis.next_turn()) is not None and not ask.deep:
        analysis.record(ask.at, ask.played, {**data, "depth": 1})
    assert analysis.labelled and not analysis.done
    assert not analysis.summary("blue")["final"]
    while ask is not None:
        analysis.record(ask.at, ask.played, data)
        ask = analysis.next_turn()
    assert analysis.done and analysis.summary("red")["final"]


def test_unsure_labels_are_looked_at_deeper_once_every_turn_is_final():
    """Issue 53: a label whose judge's last two depths disagreed is unsure. Once
    every turn has its final verdict, the unsure ones (not an exact one) are
    judged again one depth deeper, the worst labels first, each until its
    label holds across two depths, the time takes it no deeper, or it reaches
    the deepest the analysis goes (a blunder goes on until it is confirmed
    from CONFIRM_DEPTH, sure or not); a kept analysis reads the fields back."""

    from game.ai.analysis import JUDGE_DEPTH
    from game.play.deeper_looks import (
        CONFIRM_DEPTH,
        CONFIRM_TIMES,
        REFINE_DEPTH,
        REFINE_SECONDS,
    )
    from game.play.game_analysis import GameAnalysis

    match = side_4_game()
    analysis = GameAnalysis(match)
    judged = [i for i, t in enumerate(analysis.turns) if t[1] != "pass"]
    good, blunder, stuck, exact = judged[1], judged[3], judged[5], judged[-1]
    unsure = {good, blunder, stuck, exact}
    label = {blunder: "blunder"}

    def data(at: int, depth: int, unsure: bool) -> dict:
        loss = 9.0 if at == blunder else 1.0
        # The ending's other turns settle exactly: no longer try is left to ask.
        settles = at == exact or (at in analysis.solvable and at not in label)
        return verdict_data(label.get(at, "good"), depth, settles, unsure, loss)

    while not analysis.done:
        ask = analysis.next_turn()
        assert ask is not None and ask.depth is None  # the judge's own depth
        analysis.record(ask.at, ask.played, data(ask.at, JUDGE_DEPTH, ask.at in unsure))
    shown = [v.unsure for v in analysis.verdicts if v is not None]
    assert sum(shown) == 3  # an exact verdict is never unsure
    assert analysis.unsettled_turns() == [blunder, good, stuck] and not analysis.settled
    asked = []
    while (ask := analysis.next_turn()) is not None:
        asked.append((ask.at, ask.depth))
        # A side-4 look takes the base time; confirming the blunder takes more.
        times = CONFIRM_TIMES if ask.at == blunder else 1
        assert ask.deep and ask.seconds == REFINE_SECONDS * times
        # The time takes the stuck turn's second look no deeper than its first.
        depth = ask.depth - 1 if ask.at == stuck and ask.depth > JUDGE_DEPTH + 1 else ask.depth
        # The blunder holds at the second look deeper; the others never do.
        still = ask.at in (good, stuck) or (ask.at == blunder and depth < JUDGE_DEPTH + 2)
        analysis.record(ask.at, ask.played, data(ask.at, depth, still))
    deeper = list(range(JUDGE_DEPTH + 1, REFINE_DEPTH + 1))
    assert asked == [
        (blunder, JUDGE_DEPTH + 1),
        (blunder, JUDGE_DEPTH + 2),
        (blunder, JUDGE_DEPTH + 3),  # sure, but not yet confirmed
        *[(good, d) for d in deeper],
        (stuck, JUDGE_DEPTH + 1),
        (stuck, JUDGE_DEPTH + 2),
    ]
    v = analysis.verdicts
    assert not v[blunder].unsure and v[blunder].depth == JUDGE_DEPTH + 3 == CONFIRM_DEPTH
    assert v[good].unsure and v[good].depth == REFINE_DEPTH  # as deep as it goes: "?" stays
    assert v[stuck].unsure and v[stuck].depth == JUDGE_DEPTH + 1  # the deeper look's before
    assert analysis.settled
    again = GameAnalysis(match)
    assert again.load(analysis.to_json()) and again.verdicts == analysis.verdicts
    assert not again.settled and again.unsettled_turns() == [stuck]  # tried again next time


def test_the_first_pass_shares_the_analysiss_own_quick_seconds():
    """A script (the screenshot tour) gives one analysis a shorter first pass
    than a player's game gets, without touching the module's figure."""
    import random

    from game.play.game_analysis import QUICK_SECONDS, GameAnalysis
    from game.play.match import Match

    rng = random.Random(3)
    match = Match(5, "Human", "Human")
    for _ in range(40):
        match.play(rng.choice(match.board.legal_turns()))
    analysis = GameAnalysis(match)
    analysis.quick_seconds = 0.4
    data = {"loss": 0.0, "label": "best", "exact": False, "best_score": 0, "played_score": 0}
    quick = []
    while (ask := analysis.next_turn()) is not None and not ask.deep:
        quick.append(ask.seconds)
        analysis.record(ask.at, ask.played, {**data, "depth": 2})
    assert len(quick) == 40 and quick == [0.4 / 40] * 40
    assert GameAnalysis(match).quick_seconds == QUICK_SECONDS == 4.0


def test_flagged_labels_are_looked_at_deeper_even_when_sure():
    """Issue 53: a deeper judge mostly finds a blunder bigger than a shallow
    search does (a blunder first seen as an inaccuracy too), and a mistake
    called where there is none costs a player's trust. So once every turn is
    final, an inaccuracy, a mistake or a blunder (not exact) is judged again
    one depth deeper at a time, sure or not, until it is seen from its depth in
    CHECKED (an inaccuracy from CHECK_DEPTH, a mistake or a blunder one deeper,
    from CONFIRM_DEPTH), its label changes to one that is not checked, or the
    time takes it no deeper; a good turn, or an exact blunder, is not."""
    import random

    from game.ai.analysis import JUDGE_DEPTH
    from game.play.deeper_looks import CHECK_DEPTH, CHECKED, CONFIRM_DEPTH
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    rng = random.Random(5)
    match = Match(4, "Human", "Human")
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    analysis = GameAnalysis(match)
    judged = [i for i, t in enumerate(analysis.turns) if t[1] != "pass"]
    mistake, blunder, cleared, stuck, inaccuracy, hidden, exact = judged[:7]
    first = {
        mistake: "mistake",
        blunder: "blunder",
        cleared: "mistake",
        stuck: "mistake",
        inaccuracy: "inaccuracy",
        hidden: "inaccuracy",
        exact: "blunder",
    }

    def data(at: int, depth: int) -> dict:
        label = first.get(at, "good")
        if at == cleared and depth > JUDGE_DEPTH:
            label = "good"  # seen deeper, the mistake was none
        if at == mistake and depth > JUDGE_DEPTH:
            label = "blunder"  # seen deeper, it was worse
        if at == hidden and depth >= CHECK_DEPTH:
            label = "blunder"  # only the deepest look sees the blunder
        settles = at == exact or (at in analysis.solvable and at not in first)
        return verdict_data(label, depth, settles, False)  # the ending's others settle

    while not analysis.done:
        ask = analysis.next_turn()
        assert ask is not None
        analysis.record(ask.at, ask.played, data(ask.at, JUDGE_DEPTH))
    assert analysis.unsettled_turns() == [blunder, mistake, cleared, stuck, inaccuracy, hidden]
    assert not analysis.settled
    asked = []
    while (ask := analysis.next_turn()) is not None:
        asked.append((ask.at, ask.depth))
        depth = JUDGE_DEPTH if ask.at == stuck else ask.depth  # no deeper in the time
        analysis.record(ask.at, ask.played, data(ask.at, depth))
    assert JUDGE_DEPTH + 2 == CHECK_DEPTH == CONFIRM_DEPTH - 1
    assert CHECKED == {
        "inaccuracy": CHECK_DEPTH,
        "mistake": CONFIRM_DEPTH,
        "blunder": CONFIRM_DEPTH,
    }
    assert asked == [
        (blunder, JUDGE_DEPTH + 1),
        (blunder, JUDGE_DEPTH + 2),
        (blunder, JUDGE_DEPTH + 3),
        (mistake, JUDGE_DEPTH + 1),  # now a blunder: the worst first
        (mistake, JUDGE_DEPTH + 2),
        (mistake, JUDGE_DEPTH + 3),
        (cleared, JUDGE_DEPTH + 1),
        (stuck, JUDGE_DEPTH + 1),
        (inaccuracy, JUDGE_DEPTH + 1),
        (inaccuracy, JUDGE_DEPTH + 2),
        (hidden, JUDGE_DEPTH + 1),
        (hidden, JUDGE_DEPTH + 2),  # a blunder now, and confirmed one deeper
        (hidden, JUDGE_DEPTH + 3),
    ]
    v = analysis.verdicts
    assert v[mistake].label == "blunder" and v[mistake].depth == CONFIRM_DEPTH
    assert v[cleared].label == "good" and v[cleared].depth == JUDGE_DEPTH + 1
    assert v[stuck].label == "mistake" and v[stuck].depth == JUDGE_DEPTH
    assert v[inaccuracy].label == "inaccuracy" and v[inaccuracy].depth == CHECK_DEPTH
    assert v[hidden].label == "blunder" and v[hidden].depth == CONFIRM_DEPTH
    assert v[exact].exact and v[exact].label == "blunder"  # proved: never looked at again
    assert analysis.settled


def verdict_data(label: str, depth: int, exact: bool, unsure: bool, loss: float = 1.0) -> dict:
    """A verdict as the worker sends it."""
    return {
        "loss": loss,
        "label": label,
        "exact": exact,
        "best_score": 0,
        "played_score": 0,
        "depth": depth,
        "unsure": unsure,
    }


def test_a_players_summary_stays_so_far_while_a_deeper_look_may_change_it():
    """Every turn final, but a deeper look still to settle an unsure label of
    Red's: Red's counts and accuracy may still change, so Red's summary is not
    final; Blue's, with nothing left to look at, is. Once the label settles,
    Red's is final too."""
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    match = Match(3, "Human", "Human")
    for text in ("c3", "c5", "a1", "e3"):
        match.play(match.board.parse_turn(text))
    analysis = GameAnalysis(match)
    unsure_at = next(i for i, t in enumerate(analysis.turns) if t[2] == "red" and t[1] != "pass")
    data = {"loss": 0.0, "label": "best", "exact": False, "best_score": 0, "played_score": 0}
    while not analysis.done:
        ask = analysis.next_turn()
        assert ask is not None
        # Side 3: every turn is the ending's, and settles exactly but the unsure one.
        unsure = ask.at == unsure_at
        analysis.record(ask.at, ask.played, {**data, "exact": not unsure, "unsure": unsure})
    assert analysis.done and not analysis.settled
    assert analysis.unsettled_turns() == [unsure_at]
    assert not analysis.summary("red")["final"]
    assert analysis.summary("blue")["final"]
    ask = analysis.next_turn()
    assert ask is not None and ask.at == unsure_at and ask.deep
    analysis.record(ask.at, ask.played, {**data, "depth": ask.depth, "unsure": False})
    assert analysis.settled and analysis.summary("red")["final"]


def test_a_deeper_look_has_more_time_on_bigger_boards_and_to_confirm() -> None:
    """A deeper look's time is the base up to side 5 and grows from side 6,
    where one depth costs several times the one before; confirming a mistake
    or a blunder takes twice an unsure label's time on the same side."""
    from game.play.deeper_looks import CONFIRM_TIMES, REFINE_SECONDS, refine_seconds

    assert [refine_seconds(side, "good") for side in (3, 4, 5)] == [REFINE_SECONDS] * 3
    grown = [refine_seconds(side, "inaccuracy") for side in (5, 6, 7, 8)]
    assert grown == sorted(set(grown)) and grown[1] == 2 * REFINE_SECONDS
    for side in range(3, 9):
        base = refine_seconds(side, "inaccuracy")
        assert refine_seconds(side, "mistake") == refine_seconds(side, "blunder")
        assert refine_seconds(side, "blunder") == CONFIRM_TIMES * base > base


def test_the_endings_turns_left_unsettled_get_one_longer_exact_try_from_the_last_back():
    """Issue 53: a won ending thrown away is a blunder however few tiles it
    costs, which only an exact value names. Once every turn is final, each of
    the ending's turns the exact solver did not settle gets one more try, as
    long as a confirmation's, after the flagged labels' looks and from the
    last turn back; the middle game's turns get none."""

    from game.ai.analysis import JUDGE_DEPTH
    from game.play.deeper_looks import refine_seconds
    from game.play.game_analysis import GameAnalysis

    analysis = GameAnalysis(side_4_game())
    judged = [i for i, t in enumerate(analysis.turns) if t[1] != "pass"]
    solvable = [i for i in judged if i in analysis.solvable]
    assert len(solvable) >= 5 and solvable[0] > judged[0]
    unsolved, mistake = solvable[-4:-1], judged[0]
    while not analysis.done:
        ask = analysis.next_turn()
        assert ask is not None
        label = "mistake" if ask.at == mistake else "best"
        settles = ask.at in solvable and ask.at not in unsolved
        analysis.record(ask.at, ask.played, verdict_data(label, JUDGE_DEPTH, settles, False))
    assert analysis.unsettled_turns() == [mistake, *unsolved[::-1]]
    asked = []
    while (ask := analysis.next_turn()) is not None:
        asked.append(ask)
        # Unsettled while a try is out, its answer still to take (and keep).
        assert not analysis.settled
        # The last of them settles on its longer try; the others' searches go deeper.
        exact = ask.at == unsolved[-1]
        label = "mistake" if ask.at == mistake else "best"
        analysis.record(ask.at, ask.played, verdict_data(label, ask.depth or 0, exact, False))
    tries = [(a.at, a.exact_seconds, a.seconds) for a in asked if a.at != mistake]
    longer = refine_seconds(4, "blunder")
    assert tries == [(i, longer, refine_seconds(4, "best")) for i in unsolved[::-1]]
    assert asked[0].at == mistake  # the flagged labels' looks first
    assert analysis.settled and analysis.verdicts[unsolved[-1]].exact  # type: ignore[union-attr]
    assert not any(analysis.verdicts[i].exact for i in unsolved[:-1])  # type: ignore[union-attr]


def side_4_game():
    """A side-4 game of random turns (seed 3), played to its end."""
    import random

    from game.play.match import Match

    rng = random.Random(3)
    match = Match(4, "Human", "Human")
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    return match
