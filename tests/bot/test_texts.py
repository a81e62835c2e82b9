"""What people read about each game: the /rules summaries against shared/rules/*.md."""

from __future__ import annotations

import re

import pytest

from bot import i18n

from .conftest import ALI, en

# Numbers each summary must state (the rule that sets them), in every language.
SUMMARY_FACTS = {
    "okey101": ["51", "500", "100"],  # O14 opening, O24 finish, O21 penalty tile
    "yuzbir": ["17", "26", "400", "800"],  # Y6 limits, Y15 base penalties
    "rummikub": ["30", "14"],  # K6 initial meld, K-D1 deal
    "dominoes": ["0-0", "28"],  # D3 first opener, the double-six set
}


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game", sorted(SUMMARY_FACTS))
def test_O14_Y6_K6_D3_rules_summary_states_the_thresholds(game, lang):
    text = i18n.translate(lang, f"core.rules.{game}")
    for fact in SUMMARY_FACTS[game]:
        assert fact in text, (game, lang, fact)
    if game == "okey101":
        assert "101" not in text  # the opening needs 51 (O14), not 101


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game", sorted(SUMMARY_FACTS))
def test_D7_rules_summaries_write_on_and_off_as_the_options_line_does(game, lang):
    """`dead_tiles=off` in a summary reads as the table's options do in that language
    (`dead_tiles=kapalı` in Turkish): the words the lobby and /rules' options line show."""
    text = i18n.translate(lang, f"core.rules.{game}")
    words = {i18n.translate(lang, "core.on"), i18n.translate(lang, "core.off")}
    for value in re.findall(r"\b[a-z0-9_]+=(\S+?)[):,;.]", text):
        assert value in words, (game, lang, value)


async def test_rules_command_shows_summary_moves_and_options(bot):
    await bot.say(ALI, "/new okey101 rounds=3")
    out = await bot.say(ALI, "/rules")
    text = en(out[0])
    assert "51 or more" in text
    assert "add b7 to 3" in text  # how moves are typed
    assert "rounds=3" in text


async def test_O8_a_move_naming_no_tile_asks_for_the_tile(bot):
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == 0  # seed 7: Ali starts, by discarding (O6)
    out = await bot.say(ALI, "/discard")
    assert en(out[0]) == "Name the tile too, e.g. discard r7 (or its number in your rack picture)."


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_tables_place_is_named_without_calling_it_a_group(lang):
    """A place is a Telegram group or a Discord channel ("Tile club #games"): the words
    that name it must fit both (Turkish said "#games grubunda", in the group)."""
    for key in ("core.game_in", "core.at_place", "core.at_place_seat"):
        text = i18n.translate(lang, key, {"place": "P", "game": "G", "seat": 2}).casefold()
        assert not any(word in text for word in ("group", "grub", "grup", "ग्रुप")), (lang, key)


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGS if lang != "en"])
def test_what_english_calls_this_chat_is_not_called_a_group(lang):
    """'this chat' is a Telegram group or a Discord channel: the league, the theme, /quiet
    and the seasons must not say "this group" in a channel (Indonesian did: "Liga Domino
    grup ini")."""
    english, other = i18n.catalog("en"), i18n.catalog(lang)
    group = {"id": "grup ini", "tr": "bu grup", "hi": "इस ग्रुप"}[lang]
    chat_keys = [k for k, text in english.items() if "this chat" in text.casefold()]
    assert len(chat_keys) >= 10
    assert [k for k in chat_keys if group in other[k].casefold()] == []


def test_indonesian_partners_are_team_mates_not_pairs():
    """O-D11: "pasangan" is a pair of tiles (O15); a partner is "rekan setim"."""
    other = i18n.catalog("id")
    for key in ("core.board.partners", "core.lobby_teams", "core.left_lost_team",
                "core.team_totals"):
        assert "rekan setim" in other[key].casefold() and "pasangan" not in other[key].casefold(), key


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_an_okey_move_word_not_known_is_answered_with_the_moves_there_are(lang):
    """The Indonesian /rules glosses `discard r7 (buang)`: `buang 3` typed as a move is
    refused with the move words the okey games read (O5-O24 moves), not only "no such
    move"."""
    from rules.errors import InvalidAction
    from rules.okey_actions import parse_action

    with pytest.raises(InvalidAction) as refused:
        parse_action("buang 3")
    text = i18n.translate(lang, refused.value.key, refused.value.params)
    examples = {"draw": "draw", "take": "take", "discard": "discard r7", "open": "open r7 r8 r9",
                "pairs": "pairs r7 r7", "meld": "meld r7 r8 r9", "add": "add r7 to 1",
                "swap": "swap r7 in 1", "return": "return"}
    assert "buang" in text and all(verb in text for verb in examples)
    for move in examples.values():  # each word listed is one the parser reads
        parse_action(move)


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGS if lang != "en"])
def test_placeholders_people_read_are_in_their_language(lang):
    """`/new <game>` in the Turkish welcome was left in English (<oyun> in its /help):
    the words between < > that people read are translated, commands and {params} kept."""
    english, other = i18n.catalog("en"), i18n.catalog(lang)
    for key, text in english.items():
        for word in re.findall(r"<([a-z]+)>", text):
            assert f"<{word}>" not in other[key] or word in ("en", "id", "hi", "tr"), (key, word)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_O7_O20_refusals_name_the_commands_that_get_out_of_them(lang):
    """"Draw first" and "use the taken tile" name /take and /return in every language (the
    Hindi said "take the last discard" in Hindi only, and never named /return)."""
    assert "/draw" in i18n.translate(lang, "okey.error.draw_first", {"cmd": "draw", "take": "take"})
    assert "/take" in i18n.translate(lang, "okey.error.draw_first", {"cmd": "draw", "take": "take"})
    assert "/return" in i18n.translate(lang, "okey.error.taken_unused", {"tile": "r7"})


@pytest.mark.parametrize("typed", ["draw draw", "take r5", "draw 2", "return r7"])
def test_O7_a_move_that_takes_nothing_typed_with_something_says_to_type_it_alone(typed):
    """`draw 2` and `take r5` were answered "That is not a move I understand" (a Discord
    newcomer scan): the move takes nothing after it, and the answer says so."""
    from rules.errors import InvalidAction
    from rules.okey_actions import parse_action

    with pytest.raises(InvalidAction) as refused:
        parse_action(typed)
    verb = typed.split()[0]
    assert i18n.translate("en", refused.value.key, refused.value.params) == (
        f"/{verb} takes no tile or number after it: type /{verb} alone.")
