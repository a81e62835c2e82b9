"""Telegram's flood control (429, "retry after" some seconds) on any chat and any call:
what it holds back waits in its chat's queue for as long as Telegram says, in order, and
nothing for the other chats waits behind it; nothing it refused is lost or shown twice.
The fake server refuses the calls a test names (FakeTelegram.flood_calls); the move
timers run on the harness's hand-moved clock, so a wait here never costs a move."""

from __future__ import annotations

import io

from PIL import Image as PILImage

from bot.adapters import backlog
from bot.adapters import telegram as telegram_door
from bot.messages import Image, Line, Text, To

from .door_harness import AYSE, BUDI, CHEN, GROUP, until


def _prompt(tg, person):
    return [c for c in tg.private(person) if c.buttons][-1]


def _index(tg, call) -> int:
    return next(i for i, c in enumerate(tg.fake.calls) if c is call)


def _done(tg, method: str, chat: int, since: int = 0):
    """The calls of `method` to `chat` that went through (the `since`th call on)."""
    return [c for c in tg.fake.calls[since:] if c.method == method and c.chat == chat]


def _words(text: str) -> tuple[Line, ...]:
    return (Line("core.error.text", {"text": text}),)


def _png() -> bytes:
    buffer = io.BytesIO()
    PILImage.new("RGB", (40, 20), "green").save(buffer, "PNG")
    return buffer.getvalue()


async def test_a_rack_flood_control_refuses_again_and_again_still_comes(tg):
    """The next player's rack and buttons refused three times in a row: waited out each
    time as long as Telegram says, then delivered, not given up (the player would never
    see the tiles, and lose the turn)."""
    await tg.open_dominoes()
    racks = len(tg.private(BUDI, "sendPhoto"))
    tg.fake.flood_calls[("sendPhoto", BUDI.id)] = [1, 1, 1]
    prompt = _prompt(tg, AYSE)
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    await until(lambda: len(tg.private(BUDI, "sendPhoto")) > racks, what="Budi's rack")
    (rack,) = tg.private(BUDI, "sendPhoto")[racks:]
    assert rack.buttons and tg.table().seats[tg.table().state.current_player].user == str(BUDI.id)
    assert [c.method for c in tg.fake.calls if c.method.endswith(":flood")] == [
        "sendPhoto:flood"] * 3


async def test_a_private_edit_flood_control_holds_does_not_delay_the_next_players_rack(tg):
    """Taking the buttons off the mover's rack is refused for a while: the next player's
    rack and buttons go out meanwhile, and the buttons come off after."""
    await tg.open_dominoes()
    prompt = _prompt(tg, AYSE)
    tg.fake.flood_calls[("editMessageReplyMarkup", AYSE.id)] = [2]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    rack = _prompt(tg, BUDI)
    assert rack.message_id > prompt.message_id  # out before the press was done with
    await until(lambda: _done(tg, "editMessageReplyMarkup", AYSE.id), what="the edit")
    (edit,) = _done(tg, "editMessageReplyMarkup", AYSE.id)
    assert _index(tg, rack) < _index(tg, edit)
    assert not tg.fake.messages[prompt.message_id][2]  # its buttons are off


async def test_one_chat_held_by_flood_control_keeps_its_order_and_holds_up_no_other(tg):
    ayse, budi = To("telegram", user=str(AYSE.id)), To("telegram", user=str(BUDI.id))
    tg.fake.flood_calls[("sendMessage", AYSE.id)] = [1]
    await tg.service.send([Text(ayse, "en", _words("first")), Text(ayse, "en", _words("second")),
                           Text(budi, "en", _words("his"))])
    assert [c.text for c in tg.private(BUDI)] == ["his"] and not tg.private(AYSE)
    await until(lambda: len(tg.private(AYSE)) == 2, what="Ayşe's messages")
    assert [c.text for c in tg.private(AYSE)] == ["first", "second"]


async def test_a_group_edit_flood_control_holds_waits_in_the_groups_queue_not_before_racks(tg):
    """At the start the lobby's buttons come off (an edit in the group): flood control
    holding it back holds the group's next messages, in order, and not the racks."""
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    before = len(tg.fake.calls)
    tg.fake.flood_calls[("editMessageReplyMarkup", GROUP)] = [2]
    await tg.say(AYSE, "/start")
    racks = [c for c in tg.fake.calls[before:] if c.method == "sendPhoto" and c.chat > 0]
    assert {c.chat for c in racks} == {AYSE.id, BUDI.id} and any(c.buttons for c in racks)
    assert tg.door.held.holds(str(GROUP))
    assert not _done(tg, "editMessageReplyMarkup", GROUP, before)
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the group's messages")
    (edit,) = _done(tg, "editMessageReplyMarkup", GROUP, before)
    started = [c for c in tg.group() if _index(tg, c) > before]  # the start's table...
    assert started and all(_index(tg, c) > _index(tg, edit) for c in started)
    assert all(_index(tg, c) < _index(tg, edit) for c in racks)


async def _stale_press(tg):
    """Ayşe presses her rack's button again after her move: refused, over the button."""
    await tg.open_dominoes()
    prompt = _prompt(tg, AYSE)
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    return prompt


async def test_a_refusal_pop_up_flood_control_holds_briefly_still_pops_up(tg):
    prompt = await _stale_press(tg)
    tg.fake.flood_calls[("answerCallbackQuery", None)] = [1]
    said = len(tg.private(AYSE))
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    answers = [c for c in tg.fake.calls if c.method == "answerCallbackQuery"]
    assert answers[-1].params.get("text") and answers[-1].params.get("show_alert")
    assert len(tg.private(AYSE)) == said  # not a message as well


async def test_a_refusal_pop_up_flood_control_holds_too_long_comes_as_a_message(tg):
    """Telegram takes a press's answer for about 15 s: a longer wait loses the pop-up,
    so what it said comes as a private message."""
    prompt = await _stale_press(tg)
    tg.fake.flood_calls[("answerCallbackQuery", None)] = [30]
    said = len(tg.private(AYSE))
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    assert not [c for c in tg.fake.calls if c.method == "answerCallbackQuery"][-1].params.get(
        "text")  # (the answer before this one, with no text: the move's own)
    (told,) = tg.private(AYSE)[said:]
    assert told.method == "sendMessage" and told.text


async def test_a_long_captions_text_flood_control_holds_is_sent_without_the_picture_again(tg):
    """A picture whose text is too long for a caption goes out as the picture, then the
    text: the text held by flood control is all that goes again."""
    long_text = "\n".join(f"meld {i}: r1 r2 r3 r4 r5 r6 r7" for i in range(60))
    tg.fake.flood_calls[("sendMessage", GROUP)] = [1]
    await tg.service.send([Image(To("telegram", chat=str(GROUP)), "en", _words(long_text),
                                 png=_png(), kind="table")])
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the held text")
    assert [(c.method, c.text) for c in tg.group()] == [("sendPhoto", ""),
                                                        ("sendMessage", long_text)]


async def test_a_held_long_caption_whose_text_is_refused_again_keeps_its_one_picture(
        tg, monkeypatch):
    """The same picture held first (its picture refused), then its text refused when
    the group's turn came: the picture is out, only the text goes again."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.05,) * 10)
    long_text = "\n".join(f"meld {i}: r1 r2 r3 r4 r5 r6 r7" for i in range(60))
    tg.fake.flood_calls[("sendPhoto", GROUP)] = [1]
    tg.fake.flood_calls[("sendMessage", GROUP)] = [1] * telegram_door.RETRIES
    await tg.service.send([Image(To("telegram", chat=str(GROUP)), "en", _words(long_text),
                                 png=_png(), kind="table")])
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the held picture")
    assert [(c.method, c.text) for c in tg.group()] == [("sendPhoto", ""),
                                                        ("sendMessage", long_text)]


async def test_the_doors_own_words_in_a_group_wait_behind_its_held_messages(tg):
    """How to open a private chat, and a refusal answered in the group, come after what
    flood control holds there, as the group's other messages do."""
    tg.fake.closed.add(BUDI.id)
    tg.fake.flood_calls[("sendMessage", GROUP)] = [2]
    await tg.say(AYSE, "/new dominoes")  # the lobby: held
    await tg.say(BUDI, "/join")  # his private chat is closed: the group hears how to open it
    await tg.say(BUDI, "/join")  # again: refused (seated already), answered in the group
    await tg.say(CHEN, "/join")
    assert not tg.group()
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the group's messages")
    said = [c.text for c in tg.group()]
    lobby = next(i for i, c in enumerate(tg.group()) if c.buttons)
    note = next(i for i, t in enumerate(said) if "t.me/" in t)
    refusal = next(i for i, c in enumerate(tg.group()) if c.params.get("reply_parameters"))
    assert lobby < note < refusal
