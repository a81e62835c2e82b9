"""Who cannot be written to privately, and when their group is told (bot/adapters/unreachable.py)."""

from __future__ import annotations

from bot.adapters.unreachable import Unreachable


def test_told_once_but_again_when_their_own_answers_keep_vanishing():
    now = [100.0]
    u = Unreachable(clock=lambda: now[0])
    assert u.to_tell("7") is None  # never seen in a group: nowhere to tell
    u.played("7", -1, "Chen")
    assert u.to_tell("7") == (-1, "Chen")  # first refused message: the group hears
    assert u.to_tell("7") is None  # a turn prompt refused right after: not again
    assert u.to_tell("7", asked=True) is None  # their own command, a moment later: not yet
    now[0] += Unreachable.ASKED_AGAIN_AFTER
    assert u.to_tell("7") is None  # not their own command: still told once
    assert u.to_tell("7", asked=True) == (-1, "Chen")  # a minute on, their answer vanished
    assert u.to_tell("7", asked=True) is None
    u.reached("7")  # a private message got through: a later failure is news again
    assert u.to_tell("7") == (-1, "Chen")


def test_the_group_of_their_table_comes_before_where_they_last_spoke():
    """Someone who last used /help in another server's channel is told about at their
    table's channel (the other one has nothing to do with the game)."""
    u = Unreachable(clock=lambda: 0.0,
                    seated=lambda user, near: (-5, "Budi") if user == "2" else None)
    u.played("2", -9, "Budi")
    u.played("3", -9, "Chen")
    assert u.to_tell("2") == (-5, "Budi")
    assert u.to_tell("3") == (-9, "Chen")  # at no table: where they last played


def test_each_group_that_waits_on_them_is_told_once():
    """Someone at tables in two groups: each group is told once (it waits on them too);
    a private message that gets through makes a later failure news in both."""
    seat = {"-1": (-1, "Chen"), "-2": (-2, "Chen")}
    u = Unreachable(clock=lambda: 0.0, seated=lambda user, near: seat[str(near)])
    u.played("7", -1, "Chen")
    assert u.to_tell("7") == (-1, "Chen")
    u.played("7", -2, "Chen")
    assert u.to_tell("7") == (-2, "Chen") and u.to_tell("7") is None
    u.moved(-2, -3)  # the second group became a supergroup: told there already
    seat["-3"] = (-3, "Chen")
    assert u.to_tell("7") is None
    u.reached("7")
    assert u.to_tell("7") == (-3, "Chen")
    u.played("7", -1, "Chen")
    assert u.to_tell("7") == (-1, "Chen")
