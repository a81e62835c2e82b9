"""Tiles of the okey family and Rummikub, and their notation (shared/rules/README.md).

A tile is a small int: a *kind* 0..51 is colour * 13 + (number - 1), colours in the
order r, b, k, y. WILD (52) is an okey (`*`) in the okey games and a joker (`J`) in
Rummikub; FAKE (53) is a fake okey (`F`). Two physical copies of each kind exist; the rules
only need the multiset, so copies are not numbered.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from .errors import InvalidAction
from .words import echoed, fold

COLOURS = "rbky"
COLOUR_NAMES = ("red", "blue", "black", "yellow")
WILD = 52
FAKE = 53
KINDS = range(52)

# Forgiving colour words: English, Indonesian, Turkish, Hindi (romanised and in Devanagari,
# as the Hindi help names them, and feminine as for a tile, टाइल: "नीली 3"), Rummikub orange.
_COLOUR_WORDS = {
    "r": 0, "red": 0, "merah": 0, "kirmizi": 0, "lal": 0, "laal": 0, "लाल": 0,
    "b": 1, "blue": 1, "biru": 1, "mavi": 1, "neela": 1, "nila": 1, "नीला": 1, "नीली": 1,
    "neeli": 1, "nili": 1, "k": 2, "black": 2, "hitam": 2, "siyah": 2, "kara": 2, "kala": 2,
    "kaala": 2, "काला": 2, "काली": 2, "kaali": 2, "kali": 2,
    "y": 3, "yellow": 3, "kuning": 3, "sari": 3, "peela": 3, "पीला": 3, "पीली": 3, "peeli": 3, "pila": 3, "pili": 3,
    "o": 3, "orange": 3, "oranye": 3, "jingga": 3, "oren": 3, "item": 2,  # (Indonesian chat's)
    "turuncu": 3, "नारंगी": 3, "narangi": 3,
}
# Rummikub's joker as each language's help writes it (bot/locale: "J joker", "J जोकर है"):
# English, Indonesian and Turkish say joker, Hindi जोकर.
_JOKER_WORDS = {"j", "joker", "जोकर"}
# The okey games' okey: `*`, its name (Hindi ओकेय, as the hi rules write it) and "joker",
# as Indonesian players call it (the id rules: "adalah okey, batu joker") and the Hindi
# rack caption too ("ओकेय r3 है, एक जोकर जो ..."); not J, Rummikub's joker.
_OKEY_WORDS = {"*", "ok", "okey", "okeyi", "okeynya", "ओकेय", "ओके", "joker", "जोकर"}  # (okeyi: "okeyi at"; okeynya: "ambil okeynya", as the Indonesian texts say it)  # (ओके: as Hindi writes okay)
# Each family's words for its wild and fake tiles: a number after one is a tile of its own,
# never glued to it as it is to a colour ("R 7").
_WILD_WORDS = {*_OKEY_WORDS, "f", "fake", *_JOKER_WORDS}
# The fake okey as the bot's texts name it: "F", "fake", and in two words "नकली ओकेय",
# "sahte okey" ("sahte okeyi", as "okeyi at" says it), "okey palsu" (hi, tr, id)
_FAKE_WORDS = {"f", "fake", "नकली", "sahte", "palsu"}
_FAKE_PHRASE = re.compile(r"(?:नकली|fake|sahte)\s+(?:ओकेय|जोकर|joker|okeyi|okey|ok)"
                          r"|(?:okey|ok|joker)\s+palsu", re.IGNORECASE)  # (a fake joker too)
_TILE_RE = re.compile(r"^\s*([^\d\s]+)\s*0*(\d{1,2})\s*$")
# "13 merah": the number first, as Indonesian (and Turkish speech) puts the colour after it
_NUMBER_FIRST_RE = re.compile(r"^\s*0*(\d{1,2})\s*([^\d\s]{2,})\s*$")


def is_colour_word(word: str) -> bool:
    """A colour word ("r", "merah", "sarı"): a number after it is that colour's tile."""
    return fold(word) in _COLOUR_WORDS


def kind(colour: int, number: int) -> int:
    return colour * 13 + number - 1


def colour_of(tile: int) -> int:
    return tile // 13


def number_of(tile: int) -> int:
    return tile % 13 + 1


def okey_kind_for(indicator: int) -> int:
    """O3/Y2: the okey is the indicator's colour, one number higher (13 -> 1)."""
    return kind(colour_of(indicator), number_of(indicator) % 13 + 1)


# the Turkish object's ending typed straight after a number, with no apostrophe, as many
# type it ("kırmızı 3ü at", "r6yı")
BARE_ENDING = "y?[ıiuü]"
# a Turkish case ending after an apostrophe (any keyboard's): "at r6'yı", "okey'i işle";
# or a bare one after a number
_CASE_ENDING = re.compile(rf"(?<=\S)['’`][a-zçğıöşü]{{1,4}}$|(?<=\d){BARE_ENDING}$")


def without_case_ending(word: str) -> str:
    """`word` without a Turkish case ending ("r6'yı" -> "r6", "3'ü" -> "3")."""
    return _CASE_ENDING.sub("", word)



def parse_tile(text: str, family: str = "okey") -> int:
    """Parse one tile. `family` is "okey" (`*`, `ok`, `joker`, `F`) or "rummikub" (`J`)."""
    # MAVİ 3 as mavi 3 (str.lower would leave a dot after the i); "y13," as y13: a phone
    # keyboard's comma after a lone tile
    t = fold(text).strip().strip(",;")
    t = without_case_ending(t)  # Turkish "r6'yı", "okey'i": the tile, in a sentence
    if family == "okey":
        if t in _OKEY_WORDS:
            return WILD
        if t in _FAKE_WORDS or _FAKE_PHRASE.fullmatch(t.strip()):
            return FAKE
    elif t in _JOKER_WORDS or t == "*":
        return WILD
    m = _TILE_RE.match(t)
    colour, number = (m.group(1), m.group(2)) if m else (None, None)
    if m is None and (m := _NUMBER_FIRST_RE.match(t)):
        colour, number = m.group(2), m.group(1)
    if colour in _COLOUR_WORDS and 1 <= int(number) <= 13:
        return kind(_COLOUR_WORDS[colour], int(number))
    # each family's own key: its colours' words and its joker differ (rules/rummikub.py)
    key = "rummikub.error.bad_tile" if family == "rummikub" else "error.bad_tile"
    raise InvalidAction(f"not a tile: {text.strip()!r}", key, tile=_before_full_stop(text))


def _before_full_stop(text: str) -> str:
    """A word that is no tile as "Not a tile: {tile}. Write..." quotes it: a full stop it
    ends with is the sentence's own ("y12." reads "Not a tile: y12. Write", not "y12..");
    a word of full stops alone is quoted, so that it still shows."""
    shown = echoed(text)
    if not shown.endswith("."):
        return shown
    return shown.rstrip(".") or f'"{shown}"'


def format_tile(tile: int, family: str = "okey") -> str:
    if tile == WILD:
        return "*" if family == "okey" else "J"
    if tile == FAKE:
        return "F"
    if not 0 <= tile < 52:
        raise ValueError(f"no such tile code {tile}")
    return f"{COLOURS[colour_of(tile)]}{number_of(tile)}"


def _split_tiles(text: str) -> list[str]:
    # "R 7" is one tile: glue a lone colour word to the number after it.
    words = text.replace(",", " ").split()
    out: list[str] = []
    for w in words:
        if out and w.isdigit() and not any(ch.isdigit() for ch in out[-1]) \
                and fold(out[-1]) not in _WILD_WORDS:
            out[-1] += w
        elif out and out[-1].isdigit() and len(w) > 1 and fold(w) in _COLOUR_WORDS:
            out[-1] += w  # "13 merah": the colour after its number
        else:
            out.append(w)
    return out


def is_tile(word: str, family: str = "okey") -> bool:
    """Does `word` name one tile of `family` ("R 7" and "sahte okey" do)?"""
    try:
        parse_tile(word, family)
    except InvalidAction:
        return False
    return True


def parse_tiles(text: str, family: str = "okey") -> list[int]:
    if family == "okey":  # "sahte okey" is one tile, not a bad word and an okey
        text = _FAKE_PHRASE.sub("F", text)
    return [parse_tile(w, family) for w in _split_tiles(text)]


def format_tiles(tiles: Iterable[int], family: str = "okey") -> str:
    return " ".join(format_tile(t, family) for t in tiles)


def parse_melds(text: str, family: str = "okey") -> list[list[int]]:
    """`r4 r5 r6 | b9 r9 k9` -> [[...], [...]]; `|`, `,` or `;` separate melds, and the `·` the
    bot prints between them or the numbers it puts before them ("1. r4 r5 r6 2. b9 r9
    k9": a table copied from a message reads back)."""
    parts = re.split(r"[|,;·•।॥]|(?<!\S)\d+\.(?!\S)", text)  # (।: a Hindi keyboard's |)
    melds = [parse_tiles(p, family) for p in parts if p.strip()]
    if not melds:
        raise InvalidAction("no tiles given", "error.no_tiles")
    return melds


def format_melds(melds: Iterable[Iterable[int]], family: str = "okey") -> str:
    return " | ".join(format_tiles(m, family) for m in melds)


def sort_key(tile: int) -> tuple[int, int]:
    """Canonical order: colour r, b, k, y; number ascending; wilds, then fakes, last."""
    return (tile, 0)


def full_set(copies: int = 2, wilds: int = 0, fakes: int = 0) -> Counter:
    c = Counter({k: copies for k in KINDS})
    if wilds:
        c[WILD] = wilds
    if fakes:
        c[FAKE] = fakes
    return c


def cut_in_order(tiles, fits, least: int) -> list | None:
    """`tiles` cut, in the order typed, into parts of `least` or more tiles that each
    `fits` (the melds or sets meant, the | between them left out), if they can be; else
    None."""
    tiles = list(tiles)
    ways: dict[int, list | None] = {len(tiles): []}
    for start in range(len(tiles) - least, -1, -1):
        ways[start] = next((
            [tiles[start:end], *ways[end]] for end in range(start + least, len(tiles) + 1)
            if ways.get(end) is not None and fits(tiles[start:end])), None)
    return ways.get(0)
