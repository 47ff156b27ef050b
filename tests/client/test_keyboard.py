"""Playing without a mouse: the board cursor, Enter, Esc and the turn box, in a
match, a puzzle and on the analysis board. Only key and typed-text events are
posted here, never a mouse event."""

from __future__ import annotations

import random
from collections import deque

import pygame

from game.client import theme
from game.client.scenes.analysis_board import AnalysisBoardScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.puzzle_scene import PuzzleScene
from game.client.scripted.tour import chain_start, game_until
from game.play.board_keys import step
from game.play.match import Match
from game.rules import BLUE, RED, Board, geometry

from .drawn import words
from .test_online import type_text

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


def way_to(scene, cell: int) -> list[str]:
    """The shortest way of arrows ("left"...) from the shown board cursor to ``cell``."""
    geo = scene.view.geo
    start = (scene.input.cursor, scene.input.column)
    paths: dict[tuple[int, int], list[str]] = {start: []}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at[0] == cell:
            break
        for d in KEYS:
            nxt = step(geo, at[0], d, at[1])
            if nxt not in paths:
                paths[nxt] = [*paths[at], d]
                todo.append(nxt)
    return next(p for (c, _), p in paths.items() if c == cell)


def cursor_to(drive, scene, cell: int) -> None:
    """Move the board cursor to ``cell`` with the arrow keys (shown first with Tab)."""
    if scene.input.cursor is None:
        drive.key(pygame.K_TAB)
    for d in way_to(scene, cell):
        drive.key(KEYS[d])
    assert scene.input.cursor == cell


def type_turn(drive, text: str) -> None:
    drive.key(pygame.K_t)
    type_text(drive, text)
    drive.key(pygame.K_RETURN)


def push_match(app, drive, match: Match) -> MatchScene:
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    drive.frames(2)
    return scene


def test_a_whole_match_played_from_the_keyboard(app, drive):
    scene = push_match(app, drive, Match(3, "Human", "Human"))
    board = scene.match.board
    rng = random.Random(4)
    typed = by_cursor = 0
    while not board.is_game_over():
        turn = rng.choice(board.legal_turns())
        if rng.random() < 0.5:
            type_turn(drive, board.notation(turn))
            typed += 1
        else:
            for cell in turn.cells:
                cursor_to(drive, scene, cell)
                drive.key(pygame.K_RETURN)
            by_cursor += 1
        assert board.peek() == turn, scene.status[0]
        drive.frames(3)
    drive.settle(3.0)
    assert typed and by_cursor
    assert isinstance(app.scenes.top, GameOverScene)
    assert board.count(RED) + board.count(BLUE) > 0
    # The result panel takes the keys: the board's line of keys is not shown
    # beside it, and comes back once the panel is put away to see the board.
    surface = pygame.Surface(app.size)
    assert not any(keys in words(scene.draw, surface) for keys in scene.keys_text())
    drive.key(pygame.K_b)
    assert app.scenes.top is scene
    assert any(keys in words(scene.draw, surface) for keys in scene.keys_text())
    # At the last position no turn is left to type: the line offers the moves.
    assert not any("type a turn" in keys for keys in scene.keys_text())
    assert "The game is over" in words(scene.draw, surface)
    # Undo in a finished game looks back, the end still ahead: it says so.
    drive.key(pygame.K_u)
    assert scene.status[0] == "Back 1 turn. Redo goes forward again."
    assert any("type a turn" in keys for keys in scene.keys_text())


def test_a_chain_taken_back_with_esc_and_played_again_with_enter(app, drive):
    turns, chain = game_until(5, 1, chain_start)
    match = Match(5, "Human", "Human")
    for t in turns:
        match.play(t)
    scene = push_match(app, drive, match)
    before = match.board.mfen()
    for cell in chain.cells[:2]:
        cursor_to(drive, scene, cell)
        drive.key(pygame.K_RETURN)
    assert match.chain.cells == chain.cells[:2]
    drive.key(pygame.K_ESCAPE)  # takes the chain back, the cursor stays
    assert match.chain is None and match.board.mfen() == before
    assert scene.input.cursor is not None and app.scenes.top is scene
    for cell in chain.cells:
        cursor_to(drive, scene, cell)
        drive.key(pygame.K_SPACE)  # Space does what Enter does
    assert match.board.peek().cells == chain.cells and match.chain is None
    # With no chain, Esc hides the cursor; the next Esc is the menu.
    drive.key(pygame.K_ESCAPE)
    assert scene.input.cursor is None and app.scenes.top is scene


def test_the_cursor_says_what_its_cell_would_do(app, drive):
    scene = push_match(app, drive, Match(3, "Human", "Human"))
    drive.key(pygame.K_DOWN)  # shows the cursor in the middle
    assert scene.input.cursor == 9
    assert scene.hover_text()[0] == "Place a tile on c3."


def test_a_refused_typed_turn_says_what_a_refused_click_says(app, drive):
    match = Match(3, "Human", "Human")
    match.play(match.board.parse_turn("b2"))
    scene = push_match(app, drive, match)
    b2 = match.board.geometry.cell("b2")
    # A Blue click on the Red tile on b2 is refused: it would join no groups.
    cursor_to(drive, scene, b2)
    drive.key(pygame.K_RETURN)
    clicked = scene.status
    assert clicked[0].startswith("Flipping b2 would not reduce")
    drive.key(pygame.K_ESCAPE)  # the cursor goes
    drive.frames(300)  # and the message with time
    assert scene.status[0] == ""
    type_turn(drive, "xb2")
    assert scene.status[:2] == clicked[:2] and match.board.peek().cells == (b2,)
    assert not scene.input.typing
    # Nonsense is refused in plain words; while typing, the one-key shortcuts
    # stand aside (M does not mute, U does not undo) and Backspace deletes.
    drive.key(pygame.K_t)
    type_text(drive, "q9z")
    drive.key(pygame.K_BACKSPACE)
    drive.key(pygame.K_m)
    drive.key(pygame.K_u)
    drive.key(pygame.K_UP)  # the turn box has no focus to give it to: it stays open
    assert scene.typing and scene.input.box.value == "q9" and not app.settings.muted
    drive.key(pygame.K_RETURN)
    assert scene.status[0] == "'q9' is not a cell of the side-3 board (rows a..e, e.g. a1 or e3)."
    assert len(match.board.turn_stack) == 1 and not scene.typing
    # Esc puts the box away without playing; it opens empty again.
    drive.key(pygame.K_SLASH)
    type_text(drive, "a1")
    drive.key(pygame.K_ESCAPE)
    assert not scene.typing and app.scenes.top is scene and len(match.board.turn_stack) == 1
    drive.key(pygame.K_t)
    assert scene.typing and scene.input.box.value == ""


def test_the_arrows_step_through_the_moves_while_the_cursor_is_hidden(app, drive):
    scene = push_match(app, drive, Match(3, "Human", "Human"))
    type_turn(drive, "b2")
    drive.frames(10)
    type_turn(drive, "a1")
    drive.frames(10)
    match = scene.match
    assert match.ply == 2
    drive.key(pygame.K_LEFT)
    assert match.ply == 1
    drive.key(pygame.K_RIGHT)
    assert match.ply == 2
    drive.key(pygame.K_UP)  # now the cursor takes the arrows
    shown = scene.input.cursor
    drive.key(pygame.K_LEFT)
    assert match.ply == 2 and scene.input.cursor != shown
    drive.key(pygame.K_ESCAPE)  # hidden again: Left is a step back through the moves
    drive.key(pygame.K_HOME)
    assert match.ply == 0 and scene.input.cursor is None
    drive.key(pygame.K_END)
    drive.key(pygame.K_LEFT)
    assert match.ply == 1


def test_a_puzzle_solved_by_typing_its_answer(app, drive, packs):
    puzzle = app.puzzles.packs[0].puzzles[0]
    scene = PuzzleScene(app, puzzle)
    app.scenes.push(scene)
    drive.frames(2)
    c1, c2 = (Board(puzzle.fen).geometry.cell(name) for name in ("c1", "c2"))
    type_turn(drive, "xc1xa1")  # refused half way: nothing is played
    reason = "a1 is not next to a tile flipped earlier in this turn."
    assert scene.message == (reason, theme.BAD)
    assert scene.session.chain is None and scene.session.board.mfen() == puzzle.fen
    type_turn(drive, "XC1 xc2")  # a turn may stop half way, as clicks may
    assert scene.session.chain.cells == (c1, c2)
    drive.key(pygame.K_ESCAPE)  # takes the chain back, not the puzzle away
    assert scene.session.chain is None and app.scenes.top is scene
    type_turn(drive, puzzle.solution)
    drive.settle(1.0)
    assert scene.solved and scene.stars == 3 and scene.message[0].startswith("Right!")


def test_a_puzzle_chain_played_with_the_cursor(app, drive, packs):
    puzzle = app.puzzles.packs[0].puzzles[0]
    scene = PuzzleScene(app, puzzle)
    app.scenes.push(scene)
    drive.frames(2)
    for cell in Board(puzzle.fen).parse_turn(puzzle.solution).cells:
        cursor_to(drive, scene, cell)
        drive.key(pygame.K_RETURN)
    assert scene.solved


def test_the_analysis_board_from_the_keyboard(app, drive):
    scene = AnalysisBoardScene(app, Board(size=3).position())
    app.scenes.push(scene)
    drive.frames(2)
    drive.key(pygame.K_DOWN)  # the cursor shows in the middle
    drive.key(pygame.K_RETURN)  # and paints it with the brush, Red
    assert scene.red == {9} and scene.cursor_text()[0].startswith("c3: a Red tile")
    drive.key(pygame.K_BACKSPACE)  # empties it, as a right click does
    assert scene.red == set()
    # A typed turn is played on the position, checked by the rules.
    type_turn(drive, "b2")
    assert scene.red == {geometry(3).cell("b2")} and scene.mover == BLUE
    type_turn(drive, "b2")
    assert scene.note == ("b2 is not empty.", scene.note[1]) and scene.mover == BLUE
    drive.key(pygame.K_ESCAPE)  # hides the cursor
    assert app.scenes.top is scene and scene.input.cursor is None
    drive.key(pygame.K_ESCAPE)  # and then is Back
    assert app.scenes.top is not scene


def test_a_typed_turn_in_an_online_game_goes_to_the_server(app, drive):
    from game.client.scenes.online_match import OnlineMatchScene
    from game.play.online_session import OnlineGame
    from tests.helpers import QuietLink, game_state

    state = game_state()
    link = QuietLink()
    scene = OnlineMatchScene(app, OnlineGame.open(state, app.data, link))
    app.scenes.reset(scene)
    drive.frames(2)
    type_turn(drive, "xb2")  # an empty cell: refused here, nothing sent
    assert scene.status[0] == "b2 is empty; only Blue tiles can be flipped." and not link.sent
    type_turn(drive, "b2")
    assert [(kind, fields["turn"]) for kind, fields in link.sent] == [("turn", "b2")]


def test_the_turn_box_hints_at_cells_the_board_has(app, drive):
    scene = push_match(app, drive, Match(3, "Human", "Human"))
    drive.key(pygame.K_t)
    assert scene.typing
    drawn = words(scene.draw, app.screen)
    # Side 3 has no e5 (nor d4 and d5): the hints name its own cells.
    assert "e5" not in drawn and "c3 or xb2xb3" in drawn, drawn
    names = {scene.view.geo.name(c) for c in range(scene.view.geo.cells)}
    assert {"c3", "b2", "b3"} <= names
