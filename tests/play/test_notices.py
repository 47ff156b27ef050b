"""Timed messages without a screen: slots that replace or queue, messages that fade
over their last third of a second and go, and lasting ones that stay."""

import pytest

from game.play.notices import Notices


def test_say_replaces_and_add_queues_toasts():
    n = Notices()
    n.say("status", "First")
    n.say("status", "Second")
    assert [m.text for m in n.all("status")] == ["Second"]
    n.add("toast", "One")
    n.add("toast", "Two")
    assert [m.text for m in n.all("toast")] == ["One", "Two"] and n.get("toast").text == "One"
    n.say("status", "")  # empty text clears the slot
    assert n.get("status") is None and n.get("nowhere") is None
    n.clear("toast")
    assert n.all("toast") == []


def test_a_timed_message_fades_over_its_last_third_of_a_second_then_goes():
    n = Notices()
    n.say("status", "Saved.", seconds=1.0)
    assert n.passing("status") and n.get("status").fade == 1.0
    assert not n.update(0.1)  # nothing visible changes, nor will by the next frame
    assert n.update(0.7)  # 0.2 s left: fading
    assert n.get("status").fade == pytest.approx(0.6)
    assert n.update(0.3) and n.get("status") is None  # gone, and that is a change
    assert not n.update(1.0)  # an empty slot changes nothing


def test_a_lasting_message_stays_until_replaced():
    n = Notices()
    n.say("banner", "Your turn", seconds=0)
    assert not n.passing("banner") and n.get("banner").fade == 1.0
    assert not n.update(60.0) and n.get("banner").text == "Your turn"
    n.add("banner", "A toast under it", seconds=1.0)
    n.update(2.0)
    assert [m.text for m in n.all("banner")] == ["Your turn"]


def test_a_held_slot_keeps_its_messages_and_their_time_while_the_rest_go_on():
    """Toasts wait while a dialog is open (a Windows play-test saw one over the
    pause menu): their time starts again once it is closed."""
    n = Notices()
    n.add("toast", "Kept", seconds=1.0)
    n.say("status", "Goes", seconds=1.0)
    assert n.update(5.0, held=("toast",))
    assert n.get("status") is None
    assert [(m.text, m.left) for m in n.all("toast")] == [("Kept", 1.0)]
    n.update(2.0)
    assert n.get("toast") is None
