"""A game as people name it: its number in the list, its id, or the start (3 letters or
more) of its name in English or in the reader's language ("domino", "101 okey", "yüzbir")."""

from __future__ import annotations

import functools
import re
import unicodedata

from . import i18n
from .notation import number


def pick_game(answer: str, ids, lang: str) -> str | None:
    """The game an answer names: its number in the list, or the start (3 letters or more)
    of its id or of its name in English or in `lang` ("domino", "101 okey", "yüzbir")."""
    word = _folded(answer)
    place = number(answer.strip().removesuffix("."))  # (bounded: int() refuses thousands
    # of digits; "1." as the list writes it, but not "-1", which the folded word reads so)
    if place is not None and 1 <= place <= len(ids):
        return ids[place - 1]
    if either_okey(answer, lang):
        return None
    if word.isdigit():  # "101": the number in a game's name
        return game_named(word, ids, lang)
    names = {g: {g, *_spellings(i18n.translate("en", f"core.game.{g}")),
                 *_spellings(i18n.translate(lang, f"core.game.{g}"))} for g in ids}
    exact = [g for g, ns in names.items() if word in ns]
    starts = [g for g, ns in names.items() if len(word) >= 3 and any(n.startswith(word) for n in ns)]
    found = exact or starts
    if not found and len(answer.split()) > 1:  # "yüzbir okey", "Okey 101 (Endonezya)"
        first, *rest = answer.split()
        game = pick_game(first, ids, lang)
        return game if game is not None and all(name_word(w, game) for w in rest) else None
    return found[0] if len(found) == 1 else None


def game_named(word: str, ids, lang: str | None = None) -> str | None:
    """The game a word in a chat command names, in any of the bot's languages ("okey101",
    "Yüzbir", "domino", "101"), or None: a game's place in a list is no name there. To a
    Turkish reader (`lang`) "101" and "101 okey" are Yüzbir as much as Okey 101: asked
    (refused, naming the games), not guessed."""
    if either_okey(word, lang):
        return None
    folded = _folded(word)
    if folded.isdigit():  # "101" is Okey 101's number (in its name), "2" a seat
        found = {g for other in i18n.LANGS for g in ids if len(folded) >= 3
                 and folded in re.findall(r"\d+", i18n.translate(other, f"core.game.{g}"))}
    else:
        found = {pick_game(word, ids, other) for other in i18n.LANGS} - {None}
    return found.pop() if len(found) == 1 else None


def words_naming(words, ids, lang: str | None) -> tuple[str | None, int]:
    """The game the first of `words` name, the most words that do ("Okey 101 (Endonezya)",
    "okey 101" where "okey" alone is either okey game), and how many (0: none)."""
    for used in range(min(3, len(words)), 0, -1):
        game = game_named(" ".join(words[:used]), ids, lang)
        if game is not None and (used == 1 or all(name_word(w, game) for w in words[:used])
                                 or _whole_name(" ".join(words[:used]), game)):
            return game, used  # (not "okey 1": the okey tile and a number, /arrange)
    return None, 0


def either_okey(word: str, lang: str | None) -> bool:
    """Does `word` name either okey game to a reader of `lang` ("101" in Turkish)?"""
    return lang == "tr" and _turkish_101(_folded(word))


def either_okey_named(words, lang: str | None) -> str | None:
    """The first words of a command ("101", "okey", "101 okey") where they name either okey
    game to a reader of `lang` (a Turkish one), as typed; else None. A number other than
    101 is a season or a seat there, not a game's name."""
    for used in (2, 1):
        typed = " ".join(words[:used])
        if len(words) >= used and lang == "tr" and _folded(typed) in ("101", "okey", "101okey"):
            return typed
    return None


def _turkish_101(folded: str) -> bool:
    """"101", "101 okey", "okey": either okey game to a Turkish reader (Yüzbir is Turkish
    101 okey), so asked, not guessed ("Okey 101" and "Yüzbir" say which)."""
    return folded[:1].isdigit() or folded == "okey"


def name_word(word: str, game: str) -> bool:
    """Is `word` a word of `game`'s name in one of the languages ("101", "(Endonezya)"),
    or "okey" after an okey game's name ("Yüzbir okey")? Typed after the name, it is part
    of it, not an option or a second game."""
    return _folded(word).strip("()") in _name_words(game)


def _whole_name(typed: str, game: str) -> bool:
    """Is `typed` the whole of `game`'s name written in parts ("yüz bir", as Turkish writes
    101: Yüzbir)?"""
    return _folded(typed) in {_folded(i18n.translate(lang, f"core.game.{game}"))
                              for lang in i18n.LANGS} | {_folded(game)}


@functools.cache
def _name_words(game: str) -> frozenset[str]:
    words = {_folded(w).strip("()") for lang in i18n.LANGS
             for w in i18n.translate(lang, f"core.game.{game}").split()}
    return frozenset(words | ({"okey"} if game in ("okey101", "yuzbir") else set()))


def _spellings(name: str) -> set[str]:
    """A game's name as people write it: as shown, without what its bracket adds ("Okey
    101 (Endonezya)"), and a name of two words the other way round too ("101 okey")."""
    plain = re.sub(r"\s*\([^)]*\)", "", name)
    words = plain.split()
    return {_folded(name), _folded(plain), _folded(" ".join(reversed(words)))}


def _folded(text: str) -> str:
    """Lower case, without accents, spaces, slashes or dashes, any script's digits as
    0-9, Hindi's full stop left out: "Yüzbir" -> "yuzbir", "ओकेय १०१।" -> "ओकेय101"."""
    plain = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c
                    for c in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(c))
    return "".join(c for c in plain.casefold() if c not in " /-_.।")  # (Hindi's full stop)
