"""What the analysis screen's legend says of its labels, from the analysis's own
notion of settled (:attr:`GameAnalysis.settled`): while the deeper looks run,
any label may change, not only a "?" one (play-test: "mistake" became
"inaccuracy?" while the legend said only "?" labels were unsure); once settled,
the labels are final. No pygame."""

from __future__ import annotations

from game.i18n import N_, _

from .game_analysis import NO_BREAK, GameAnalysis

#: While the turns get their first labels, or the analysis was left before it
#: settled: any label may change.
MAY_CHANGE = N_("Labels may still change")
MAY_CHANGE_UNSURE = N_("Labels may still change; ? marks the least sure")
#: Every turn has its label and the engine looks deeper at some of them.
DEEPER = N_("Looking deeper: labels may still change")
DEEPER_UNSURE = N_("Looking deeper: labels may still change; ? marks the least sure")
#: No deeper look is left to make: a "?" left is one the time could not settle.
FINAL = N_("Labels are final")
FINAL_UNSURE = N_("Labels are final; ? — the engine could not be sure in its time")


def labels_note(analysis: GameAnalysis, looking_deeper: bool) -> str:
    """The legend's words for ``analysis`` now, marked for translation,
    translated where drawn ("" before any turn has a label). ``looking_deeper``:
    the engine is at work on it (its job runs, the screen is open)."""
    # A forced pass is judged before the engine is asked: it has no label.
    labelled = [v for v in analysis.verdicts if v is not None and v.played != "pass"]
    if not labelled:
        return ""
    unsure = any(v.unsure for v in labelled)
    if analysis.settled:
        return FINAL_UNSURE if unsure else FINAL
    if analysis.done and looking_deeper:
        return DEEPER_UNSURE if unsure else DEEPER
    return MAY_CHANGE_UNSURE if unsure else MAY_CHANGE


def labels_note_said(analysis: GameAnalysis, looking_deeper: bool) -> str:
    """:func:`labels_note` translated, its "?" held to the words that say what
    it means: a lone "?" goes with the word before it, as French punctuation
    does, and the note at 1280x800 read "...may still change; ?" / "marks the
    least sure"."""
    return held_mark(_(labels_note(analysis, looking_deeper)))


def held_mark(note: str) -> str:
    """``note`` with the "?" that stands for the unsure labels held to the next
    word (and a dash after it to the word after that)."""
    head, mark, tail = note.partition("? ")
    if not mark:
        return note
    words = tail.split(" ")
    k = 2 if words[0] == "—" and len(words) > 1 else 1
    return head + NO_BREAK.join(["?", *words[:k]]) + "".join(" " + w for w in words[k:])
