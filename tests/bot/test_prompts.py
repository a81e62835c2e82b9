"""A rack picture and the buttons after it, to the same person, become one chat message."""

from __future__ import annotations

from bot.adapters.prompts import joined_text, with_prompts
from bot.messages import Buttons, Choice, Image, Line, Text, To

AYSE = To("telegram", user="11")
BUDI = To("telegram", user="22")


def rack(to: To, text: str = "r1 r2 r3") -> Image:
    return Image(to=to, lang="en", lines=(Line("core.error.text", {"text": text}),),
                 png=b"\x89PNG", kind="rack")


def prompt(to: To) -> Buttons:
    return Buttons(to=to, lang="en", lines=(Line("core.error.text", {"text": "your move"}),),
                   choices=(Choice("draw", "p1"),), ref="t1:n1:s0")


def test_a_rack_and_the_buttons_after_it_for_the_same_person_merge():
    a, b = rack(AYSE), prompt(AYSE)
    assert with_prompts([a, b], 1024) == [(a, b)]
    # whose turn it is first: a notification's preview and a screen reader start there
    assert joined_text(a, b) == "your move\nr1 r2 r3"


def test_a_heading_both_carry_is_said_once_before_the_prompt():
    head = Line("core.error.text", {"text": "Group A"})
    a = Image(to=AYSE, lang="en", lines=(head, *rack(AYSE).lines), png=b"\x89PNG", kind="rack")
    b = Buttons(to=AYSE, lang="en", lines=(head, *prompt(AYSE).lines),
                choices=(Choice("draw", "p1"),), ref="t1:n1:s0")
    assert joined_text(a, b) == "Group A\nyour move\nr1 r2 r3"


def test_nothing_else_merges():
    text = Text(to=AYSE, lang="en", lines=(Line("core.error.text", {"text": "hi"}),))
    cases = [
        [rack(AYSE), prompt(BUDI)],  # someone else's buttons
        [prompt(AYSE), rack(AYSE)],  # buttons first
        [rack(AYSE), text, prompt(AYSE)],  # something between them
        [rack(AYSE, "x" * 1020), prompt(AYSE)],  # too long for one caption
    ]
    for messages in cases:
        assert all(p is None for _m, p in with_prompts(messages, 1024)), messages
        assert [m for m, _p in with_prompts(messages, 1024)] == messages
    no_picture = Image(to=AYSE, lang="en", lines=(), png=b"", kind="rack")  # drawing failed
    assert with_prompts([no_picture, prompt(AYSE)], 1024)[0][1] is None
