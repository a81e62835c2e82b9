"""What the scans of 2026-12-07 (session 53) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.notation import glossed, glossed_last

from .conftest import ALI, CAN, DEV, okey_table


@pytest.mark.parametrize("words, move", [
    (("3.", "pere", "2'yi", "işle"), ("add", ("2", "to", "3"))),  # /rules' "3. pere işle"
    (("3", "में", "2", "जोड़ो"), ("add", ("2", "to", "3"))),
    (("मेल्ड", "3", "में", "2", "जोड़ो"), ("add", ("2", "to", "3"))),
    (("1.", "pere", "kırmızı", "5", "işle"), ("add", ("kırmızı", "5", "to", "1"))),
    (("r13", "को", "1", "में", "जोड़ो"), ("add", ("r13", "to", "1"))),
    (("r13", "को", "मेल्ड", "1", "में", "जोड़ो"), ("add", ("r13", "to", "1"))),
    (("r6'yı", "1'e", "işle"), ("add", ("r6", "to", "1")))])
def test_O17_a_meld_named_before_the_tile_is_still_the_meld(words, move):
    """The meld said first ("3. pere 2'yi işle": add tile 2 to meld 3) was suggested as
    /add 3 to 2, which played y5 onto another meld (and charged its owner, O17); Hindi's
    "r13 को 1 में" gave /add r13 to to 1, refused."""
    first = glossed_last(words, {"okey"}) or glossed(words[0], {"okey"}, words[1:])
    assert first[1:] == move


@pytest.mark.parametrize("words, tiles", [
    (("5", "6", "7", "को", "रखो"), ("5", "6", "7")),  # को marks the tiles, not a set (K7)
    (("5'i", "6'yı", "7'yi", "koy"), ("5", "6", "7")),  # the accusative: the tiles too
    (("koy", "3'ü"), ("3",)),
    (("koy", "r12", "1'e"), ("r12",))])  # the dative: a set's number, which /place drops
def test_K7_a_place_gloss_keeps_the_tiles_marked_as_its_object(words, tiles):
    """"5 6 7 को रखो" suggested /place 5 6 (the 7 read as a set's number); "5'i 6'yı
    7'yi koy" said to name the tiles, which it had."""
    first = glossed_last(words, {"rummikub"}) or glossed(words[0], {"rummikub"}, words[1:])
    assert first[1:] == ("place", tiles)


@pytest.mark.parametrize("typed", ["/okey r5 at", "/101 r5 at", "/101 at", "/101 çek",
                                   "/okey çek"])
async def test_101_or_okey_before_a_move_asks_which_okey_game(bot, typed):
    """README: to a Turkish reader "101" and "okey" alone name either okey game, "refused
    naming both, not guessed": `/101 r5 at` was answered /discard 101 r5, `/okey çek`
    /take."""
    await bot.say(CAN, "/lang tr")
    await okey_table(bot, [ALI, CAN])
    await bot.say(ALI, "/new yuzbir bots=random")
    (reply,) = await bot.say(CAN, typed)
    assert reply.lines[0].key == "core.error.either_okey", reply.lines


async def test_okey_at_still_discards_the_okey(bot):
    await bot.say(CAN, "/lang tr")
    await okey_table(bot, [ALI, CAN])
    await bot.say(ALI, "/new yuzbir bots=random")
    (reply,) = await bot.say(CAN, "okey at", private=True)
    assert "/discard okey" in i18n.render_lines(reply.lines, "tr"), reply.lines


async def test_hindi_swap_with_ko_suggests_a_swap_that_reads(bot):
    """"r5 को 2 में ओकेय लें" (take the okey in meld 2 for r5) was /swap r5 in in 2."""
    await okey_table(bot, [ALI, DEV])
    (reply,) = await bot.say(DEV, "r5 को 2 में ओकेय लें", private=True)
    assert "/swap r5 in 2" in i18n.render_lines(reply.lines, "hi"), reply.lines
