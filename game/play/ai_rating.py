"""The player's rating against the AI, kept in ``ai_rating.json`` with their other
progress, and the level "Match my level" picks from it.

Each finished match of a person at this screen against an AI level counts as a
Glicko-2 game (:mod:`game.glicko`) against an opponent rated at the level's
measured Elo (:attr:`game.ai.levels.Level.elo`, Random at 0), whose rating is
taken as sure (a small deviation). The screens show what comes back; they decide
none of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS, Level
from game.files import finite
from game.glicko import Rating
from game.i18n import N_, _
from game.rules import BLUE, RED

from .match import HUMAN, Match, player_name
from .storage import load_document, read_json, write_json

FILE = "ai_rating.json"
#: How sure the ladder is of a level's rating, as Glicko-2 takes it: small, so a
#: result moves the player, not the level (the ladder's 95% intervals are wider,
#: but the levels do not change between a player's games).
LEVEL_RD = 60.0
_ORDER = sorted(LEVELS.values(), key=lambda lvl: lvl.elo)
#: A newcomer starts between Beginner and Casual, as unsure as Glicko-2 allows:
#: the first few results move the rating quickly.
START = Rating((_ORDER[0].elo + _ORDER[1].elo) / 2, 350.0)
#: A rating whose deviation is above this is still provisional: too few results yet.
PROVISIONAL_RD = 110.0
#: No rating is shown below this: a newcomer's first losses can take the estimate
#: below zero, which says nothing useful and discourages. The floor is in what is
#: shown, not in the stored rating, so Glicko-2 keeps its evidence (the next wins
#: lift the rating as far as they should) and files already kept still read. A round
#: figure ("under 40", not "under 42"), as a provisional rating shows to the ten.
SHOWN_FLOOR = (_ORDER[0].elo - 100) // 10 * 10
RATING_FIELDS = ("rating", "rd", "volatility")
#: Far beyond any rating a player can reach; outside it a file was tampered with.
RATING_RANGE = (-5000.0, 10000.0)


def provisional(rating: Rating) -> bool:
    return rating.rd > PROVISIONAL_RD


def rated(rating: Rating) -> bool:
    """Has a game against the AI counted yet? Until one has, the rating is the
    starting guess (:data:`START`; no file, or one set aside): a figure would
    read as a verdict on games never played. Every result moves it off START."""
    return rating != START


def shown(rating: Rating) -> int:
    """The figure a player sees: never below :data:`SHOWN_FLOOR`, and only to the
    nearest ten while provisional, as a figure to the unit would claim a precision
    a few games cannot give."""
    figure = round(rating.rating, -1) if provisional(rating) else round(rating.rating)
    return max(SHOWN_FLOOR, int(figure))


def under_floor(rating: Rating) -> bool:
    """The rating is below what is shown: it reads "under 10", not "about 10", as
    a player two wins up from -170 still read "about 10" and saw no effect."""
    return rating.rating < SHOWN_FLOOR


def rating_line(rating: Rating, change: float | None = None) -> str:
    """What the setup screen says of the player's rating; with ``change``, the
    last game's (below the floor, the one figure that moves with a win). Before
    any game, the figure is where the player starts, said as such: as a rating
    it read as a verdict on games never played."""
    if not rated(rating):
        # Where the first game moves it from, so the card's "+120, about 360
        # for now" after it can be checked (play-test: it could not be).
        return _(
            "Not rated yet: you start at about {rating}, and each game against the AI moves it."
        ).format(rating=shown(rating))
    # Provisional, it says why a figure moved so far (play-test: a newcomer's
    # first loss to Beginner took "about 240" to "under 40").
    if under_floor(rating):
        line = _(
            "Your rating against the AI: under {rating} (provisional: early games move it most)"
        )
        if not provisional(rating):
            line = _("Your rating against the AI: under {rating}")
    elif provisional(rating):
        line = _(
            "Your rating against the AI: about {rating} (provisional: early games move it most)"
        )
    else:
        line = _("Your rating against the AI: {rating} ± {rd}")
    line = line.format(rating=shown(rating), rd=round(rating.rd))
    if change is None:
        return line
    moved = shown_change(rating.rating - change, rating)
    if not round(moved):  # "+0" read as a sum to puzzle over
        return _("{line}. Your last game: no change.").format(line=line)
    return _("{line}. Your last game: {change}.").format(line=line, change=signed(moved))


def signed(change: float) -> str:
    """A rating's change as a player reads it: "+127", "-8"."""
    return f"{round(change):+d}"


def shown_change(before: float, after: Rating) -> float:
    """How far a game moved the rating, as the figures shown read it: both ends
    rounded as ``after`` is shown (play-test: "+54 this game, now about 420",
    after "about 360", read as a slip in the sums). Below the floor, where a
    figure shown does not move, the change itself (a win must show)."""
    if under_floor(after) or before < SHOWN_FLOOR:
        return after.rating - before
    digits = -1 if provisional(after) else 0
    return round(after.rating, digits) - round(before, digits)


def change_note(before: Rating, after: Rating) -> str:
    """What the result card says of the rating a game moved: by how much, and
    where it is now, as the setup screen words it; of a game that moved the
    figure shown by nothing, that it is still where it was."""
    if under_floor(after):
        now = _("under {rating}")
    elif provisional(after):
        now = _("about {rating}")
    else:
        now = "{rating}"
    # Short, to fit the card at its lines' size at 640x480 in Large text; the
    # card is of a game against the AI, which says whose rating it is.
    now = now.format(rating=shown(after))
    change = shown_change(before.rating, after)
    if not round(change):  # play-test: "Rating: +0, now about 430." after a loss
        if provisional(after):
            # Play-test: "no change, still about 150" read as settled, where a
            # change reads "about 150 for now".
            return _("Rating: no change, still {rating} for now.").format(rating=now)
        return _("Rating: no change, still {rating}.").format(rating=now)
    if under_floor(after) and before.rating < SHOWN_FLOOR:
        # Play-test: "-15, now under 40", game after game, read as a figure
        # that should have moved; the change is real, the figure shown stays.
        return _("Rating: {change}, still {rating}.").format(change=signed(change), rating=now)
    if provisional(after):
        # Play-test: a newcomer's first loss to Beginner, "Rating: -200, now
        # under 40.", read as a verdict; a provisional figure is one for now.
        return _("Rating: {change}, {rating} for now.").format(change=signed(change), rating=now)
    return _("Rating: {change}, now {rating}.").format(change=signed(change), rating=now)


def rated_name(player: str) -> str:
    """An AI level's name with its rating ("Club (Elo 981)"); a person's as it is."""
    lvl = LEVELS.get(player.lower())
    if player == HUMAN or lvl is None:
        return player_name(player)
    return _("{level} (Elo {rating})").format(level=player_name(lvl.name), rating=lvl.elo)


def nearest_level(rating: Rating) -> Level:
    """The level whose rating is nearest the player's (as shown); between two, the
    easier. Before any result, when no figure is shown, the easiest: START lies
    halfway between the two easiest levels, and its figure to the nearest ten
    would tip the choice either way as the ladder's ratings move."""
    if not rated(rating):
        return _ORDER[0]
    return min(_ORDER, key=lambda lvl: abs(lvl.elo - shown(rating)))


#: What "Match my level" picks for a player with no result against the AI yet:
#: the level nearest :data:`START`, Beginner, the easiest there is. A new
#: player's AI side starts on it (the settings' default) rather than on Club,
#: rated some 740 points above a newcomer's start: a game a newcomer all but
#: always loses.
NEWCOMER_LEVEL = nearest_level(START).name


@dataclass(frozen=True)
class Pick:
    """What "Match my level" chose: the players of Red and Blue, and what to say."""

    red: str
    blue: str
    message: str


def match_my_level(red: str, blue: str, rating: Rating) -> Pick:
    """The AI side gets the level nearest ``rating``: the side facing the person
    (Blue when both are people; when neither is, Red becomes the person). What
    it says names the person's side as well: a level on it is replaced by the
    person, which a player who asked only for a level would not guess."""
    lvl = nearest_level(rating)
    if blue == HUMAN and red != HUMAN:
        red, you = lvl.name, N_("Blue")
    else:
        red, blue, you = HUMAN, lvl.name, N_("Red")
    if not rated(rating):
        text = _(
            "Match my level: you play {side} against {level}, the level to start at"
            " until you have a rating."
        )
    elif under_floor(rating):
        text = _(
            "Match my level: you play {side} against {level}, nearest your rating of under"
            " {rating}."
        )
    elif provisional(rating):
        text = _(
            "Match my level: you play {side} against {level}, nearest your rating of about"
            " {rating}."
        )
    else:
        text = _(
            "Match my level: you play {side} against {level}, nearest your rating of {rating}."
        )
    message = text.format(side=_(you), level=rated_name(lvl.name), rating=shown(rating))
    return Pick(red, blue, message)


def every_pick(rating: Rating) -> list[str]:
    """What "Match my level" can say for ``rating``, whichever side the person
    plays: what a screen gives the room of its longest."""
    level = nearest_level(rating).name
    return [
        match_my_level(HUMAN, level, rating).message,
        match_my_level(level, HUMAN, rating).message,
    ]


def against_ai(match: Match) -> bool:
    """A person at this screen plays an AI level in ``match``: its end is rated."""
    red, blue = match.players[RED], match.players[BLUE]
    return (red == HUMAN) != (blue == HUMAN) and not match.people


def result(match: Match) -> tuple[Level, float] | None:
    """The AI level a person played in ``match`` and the person's score (1, 0.5
    or 0), once it is finished; ``None`` for other matches (two people, two levels)."""
    if not match.finished or not against_ai(match):
        return None
    person = RED if match.players[RED] == HUMAN else BLUE
    lvl = LEVELS[match.players[person.other].lower()]
    winner = match.winner() if match.resigned is None else match.resigned.other
    score = 0.5 if winner is None else 1.0 if winner == person else 0.0
    return lvl, score


def after(rating: Rating, lvl: Level, score: float) -> Rating:
    """The rating after scoring ``score`` against ``lvl``. A result that says
    next to nothing (a newcomer beating Master) may widen the deviation a hair
    past where it started: it stays there, as the file may hold it."""
    new = rating.after_game(Rating(float(lvl.elo), LEVEL_RD), score)
    return Rating(new.rating, min(new.rd, START.rd), new.volatility)


def count(match: Match, directory: Path) -> tuple[tuple[Rating, Rating] | None, str | None]:
    """Count a finished match against an AI level in the stored rating: the
    rating before and after (``None`` if the match does not count) and what went
    wrong, if anything (a bad file is set aside and the count starts again from it)."""
    played = result(match)
    if played is None:
        return None, None
    before, problem = load(directory)
    rating = after(before, *played)
    try:
        save(rating, directory, rating.rating - before.rating)
    except OSError as e:
        problem = _("Your rating against the AI could not be kept: {reason}").format(
            reason=e.strerror or e
        )
    return (before, rating), problem


def load(directory: Path) -> tuple[Rating, str | None]:
    return load_document(Path(directory) / FILE, N_("rating against the AI"), parse, lambda: START)


def parse(data: Any) -> Rating:
    """The rating from its JSON; raises :class:`ValueError` naming what is wrong."""
    if not isinstance(data, dict):
        # i18n: a file's words
        raise ValueError("not a JSON object")
    if not all(finite(data.get(k)) for k in RATING_FIELDS):
        # i18n: a file's words
        raise ValueError("'rating', 'rd' and 'volatility' must be finite numbers")
    rating = Rating(*(float(data[k]) for k in RATING_FIELDS))
    if not (
        RATING_RANGE[0] <= rating.rating <= RATING_RANGE[1]
        and 0 < rating.rd <= 350
        and 0 < rating.volatility < 1
    ):
        # i18n: a file's words
        raise ValueError("the rating is out of range")
    return rating


def last_change(directory: Path) -> float | None:
    """How much the last game counted moved the rating, if the file says (files
    kept before it did, or a bad one, say nothing: no figure is made up)."""
    data, _problem = read_json(Path(directory) / FILE, N_("rating against the AI"))
    change: Any = data.get("change") if isinstance(data, dict) else None
    return float(change) if finite(change) and abs(change) < RATING_RANGE[1] else None


def save(rating: Rating, directory: Path, change: float | None = None) -> None:
    data: dict[str, float] = {"format": 1, "rating": rating.rating, "rd": rating.rd}
    data["volatility"] = rating.volatility
    if change is not None:
        data["change"] = change
    write_json(Path(directory) / FILE, data)
