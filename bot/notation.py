"""Moves as people type and read them versus the engine's notation.

People count seats from 1, as the pictures and every message number them; the engine's
notation counts from 0 (shared/rules/README.md). The one move that names a seat is
Yüzbir's `pairs <pairs> to <seat>` (Y9; the okey games share its parser). This module is
the only place that converts it: typed text on the way in, move texts shown on buttons and
in examples on the way out. Button payloads carry the engine's own text and need neither.

People may also name a tile by the number under it in their rack picture (`discard 5`,
`open 1 2 3 | 7 8 9`, `add 4 to 2`): `tiles_by_slot` puts the tiles in their place. A
number after `to` or `in` names a meld (or a seat), never a slot.
"""

from __future__ import annotations

import itertools
import re

from rules.errors import InvalidAction, RulesError
from rules.okey_actions import MELD_ENDING
from rules.tiles import (
    BARE_ENDING,
    WILD,
    format_tile,
    is_colour_word,
    is_tile,
    parse_tile,
    parse_tiles,
    without_case_ending,
)
from rules.words import echoed, fold

from .move_words import (
    CHAT_AFTER,
    COLOURS_IN,
    DIGIT_ORDINAL,
    DO_WORDS,
    DRAW_WORDS,
    FILLERS,
    GLOSSED_TARGETS,
    GLOSSES,
    GLUED_NUMBER,
    IN_WORDS,
    INTERJECTIONS,
    LOW_WORDS,
    MAIN_SAYS_I_BEFORE,
    MELD_WORDS,
    NOT_SLOT_AFTER,
    NUMBER_NOUNS,
    NUMBER_SAID_AFTER,
    NUMBER_WORDS,
    NUMBER_WORDS_IN,
    OBJECT_MARKS,
    ON_WORDS,
    ORDINAL_WORDS,
    ORDINALS_BEFORE_TILE,
    POSTPOSITIONS,
    SEAT_WORDS,
    SET_WORDS,
    SPEAKERS,
    TABLE_WORDS,
    TARGET_WORDS,
    TILE_AFTER_ORDINAL,
    TILE_WORDS,
    TURKISH_ORDINALS,
)
from .refusal import Refusal

# Every game's move words: a command of one of them, with no table here, asks for a table
# (it is not an unknown command).
MOVE_VERBS = ("draw", "take", "return", "discard", "open", "meld", "pairs", "add", "swap",
              "place", "play", "drop", "pass")


# Sentence punctuation a phone keyboard adds at the end of a line ("place r7 b7 k7.", the
# Hindi danda ।): no move's notation ends with one (tiles, `|`, `·`, numbers and words do),
# so a final one is dropped.
_END_MARKS = re.compile(r"[\s.!?।॥…]+$")
# The numbers a Rummikub table's caption puts before its sets ("1. r10 r11 r12 2. b7 k7 y7")
_SET_LABEL = re.compile(r"(?<!\S)\d+\.(?=\s)")
_LAST_SET_LABEL = re.compile(r"(?<!\S)\d+\.\s*$")


def without_end_mark(text: str) -> str:
    """A typed move without the full stop (or !, ?, ।) a keyboard put after it. A last set
    label copied with nothing after it ("play 1. r10 r11 r12 2.") keeps its full stop: it
    is no rack number."""
    if _LAST_SET_LABEL.search(text) and _SET_LABEL.search(text):
        return text.rstrip()
    return _END_MARKS.sub("", text) if text.strip() else text


def could_be_move(word: str, args=()) -> bool:
    """Could a typed command be a move of some game: a move verb (dominoes' words in every
    language too), a tile ("5-3 left"), or an end before a tile ("left 5-3")? Anything else
    is an unknown command."""
    from rules.dominoes_actions import VERBS

    word = fold(without_end_mark(word))
    return word in MOVE_VERBS or word in VERBS or any(c.isdigit() for c in word) \
        or _end_before_a_tile(word, args)


def _end_before_a_tile(word: str, args) -> bool:
    """"left 1-2", "sola 1-2 koy", "बाएँ 1-2", "ke kanan 1-2": a domino's end said first,
    then its tile, the whole a play (not "sol 3", "kiri r5": no domino)."""
    from rules.dominoes_actions import END_FIRST_WORDS, parse_action

    tile = next((i for i, w in enumerate(args) if any(c.isdigit() for c in w)), None)
    if word not in END_FIRST_WORDS or tile is None:
        return False
    try:  # (the end and its tile as the game reads them: "0-1'i", "0-0," too; "ke kanan
        # 2-4", a phrase; the chat's words after it, "ya", are the core's to read)
        return type(parse_action(" ".join((word, *args[:tile + 1])))).__name__ == "Play"
    except RulesError:
        return False


def end_answering(words, tile: str) -> str | None:
    """The play an end said alone ("left", "kanan", "ke kanan", "sağa") makes of `tile`,
    the domino the bot just asked "which end?" of (D2); None if the words are no end."""
    from rules.dominoes_actions import parse_action

    if not words or any(c.isdigit() for w in words for c in w):
        return None
    words = [without_end_mark(w) for w in words]
    for said in (("play", tile, *words), (words[0], tile, *words[1:])):  # ("kanan"; "play
        try:  # left", "main kiri": the verb again, the tile left out)
            action = parse_action(" ".join(said))
        except RulesError:
            continue
        return str(action) if type(action).__name__ == "Play" and action.end else None
    return None


def take_named(game, text: str, offer: int | None) -> str:
    """`take b1` with b1 the discard on offer as the take it names (O20: a take takes the
    one tile there, so naming it is no mistake; Hindi's "/take b1 लेगा", "/take would take
    b1", read as the move to type); anything else as typed, for the move to judge."""
    words = text.split()
    if getattr(game, "family", "") != "okey" or offer is None or len(words) != 2 \
            or fold(words[0].lstrip("/")) != "take":
        return text
    try:
        named = parse_tiles(words[1], "okey")
    except RulesError:
        return text
    return "take" if named == [offer] else text


# Turkish "1 nolu per", "1 numaralı per" (meld number 1): read as its ordinal, "1. per"
_NUMBERED = {"nolu", "no'lu", "no’lu", "numaralı", "numarali"}


def numbered_as_ordinal(words) -> tuple:
    """`words` with a number before "nolu" or "numaralı" as the Turkish ordinal it means
    ("r1'i 1 nolu pere işle" as "r1'i 1. pere işle")."""
    out: list[str] = []
    for word in words:
        if out and fold(word) in _NUMBERED and out[-1].isdecimal():
            out[-1] += "."
        else:
            out.append(word)
    return tuple(out)


def numbers_said(args, head: str = "") -> tuple:
    """A number said as a word after a number's or a meld's word, as digits, and a
    number's word before digits left out: "nomor dua", "nomor 2", "no.2" and "#2" -> "2",
    "kombinasi satu" -> "kombinasi 1", "kursi dua" -> "kursi 2"; an Indonesian ordinal
    there or after a tile's word too: "batu kedua", "batu ke-2" -> "batu 2"; a Turkish one
    before it: "3. taşı", "üçüncü taşı" -> "3"; a tile's number after its colour
    (`head`, the word typed before `args`, may be the colour): "kırmızı beşi", "merah
    lima", "लाल तीन" -> "kırmızı 5"..."""
    out: list[str] = []
    for typed_before, word in zip((head, *args), args, strict=False):  # (as typed)
        if glued := GLUED_NUMBER.fullmatch(word):
            out.append(glued[1])
            continue
        before = fold(out[-1]) if out else fold(head) if _colour_lang(head) else ""
        if (lang := _colour_lang(before)) and (n := _number_word(word, lang)) is not None:
            out.append(str(n))  # ("kırmızı beşi at", "merah lima", "लाल तीन")
            continue
        if fold(typed_before) == "on" and before == "10" \
                and (n := _number_word(word, "tr")) is not None:
            out[-1] = str(10 + n)  # ("kırmızı on üçü": 13)
            continue
        if (slot := _ordinal_tile_number(before, word)) is not None:
            out[-1] = slot  # ("r9 ile 3. taşı değiştir")
            continue
        said = NUMBER_WORDS.get(fold(word))
        if said is None and before in NUMBER_SAID_AFTER | TILE_WORDS:
            ordinal = DIGIT_ORDINAL.fullmatch(word)
            said = int(ordinal[1]) if ordinal else ORDINAL_WORDS.get(fold(word))
            if said is not None and before in TILE_WORDS:
                out.append(str(said))
                continue
        digits = str(said) if said is not None else word if number(word.rstrip(",")) \
            is not None else None  # ("nomor 6, 11, 14")
        if digits is None or before not in NUMBER_SAID_AFTER:
            out.append(word)
        elif before in NUMBER_NOUNS:
            out[-1] = digits
        else:
            out.append(digits)
    return tuple(out)


# Turkish's object ending on a number's word ("beşi", "ikiyi", "üçü", "dördü": the five...)
_OBJECT_ENDING = re.compile(r"(.+?)(?:y?[iıuü])")


def _colour_lang(word: str) -> str | None:
    """The language whose colour word `word` is ("kırmızı": tr), else None."""
    w = fold(without_end_mark(word))
    return next((lang for lang, words in COLOURS_IN.items() if w in words), None)


# numbers as words that after a colour name no tile's number: "the red one" (the only red),
# Turkish "kırmızı bir taş" (a red tile), "kırmızı onu" (the red one, "it")
_NO_NUMBER_AFTER_COLOUR = {"one", "bir", "biri", "birini", "onu"}


def _number_word(word: str, lang: str) -> int | None:
    """The number a number's word of `lang` says after a colour, with a Turkish object
    ending too ("beşi" 5)."""
    w = fold(without_end_mark(word))
    words = NUMBER_WORDS_IN[lang]
    if w in _NO_NUMBER_AFTER_COLOUR:
        return None
    if w in words:
        return words[w]
    if lang != "tr" or (stem := _OBJECT_ENDING.fullmatch(w)) is None:
        return None
    stem = stem[1][:-1] + "t" if stem[1] == "dörd" else stem[1]  # (dört -> dördü)
    return words.get(stem)


def _ordinal_tile_number(ordinal: str, word: str) -> str | None:
    """The rack number of a Turkish or Hindi ordinal before a tile's word ("3. taşı",
    "üçüncü taşı", "दूसरी टाइल": the third, the second tile), else None."""
    if fold(word) not in TILE_AFTER_ORDINAL:
        return None
    ordinal = fold(ordinal)
    if ordinal in ORDINALS_BEFORE_TILE:
        return str(ORDINALS_BEFORE_TILE[ordinal])
    digits = _DIGIT_ORDINAL_BEFORE_TILE.fullmatch(ordinal)
    return digits[1] if digits else None


# an ordinal in digits before a tile's word: Turkish "3. taşı", Hindi "5वीं टाइल" ("5वाँ",
# "2री"), as typed in Latin letters "5th tile"
_DIGIT_ORDINAL_BEFORE_TILE = re.compile(
    r"(\d{1,2})(?:\.|वीं|वी|वां|वाँ|वें|वा|ली|री|रा|थी|था|ठी|ठा|th|st|nd|rd|vi|vin)")


def tile_number_first(name: str, args) -> tuple[str, tuple] | None:
    """A move said with the tile's number first ("3. taşı at", "दूसरी टाइल फेंको", "नंबर
    2 फेंको", "टाइल 2 फेंको", "2 नंबर फेंको" -> "2" and the words after), else None."""
    if not args:
        return None
    if (slot := _ordinal_tile_number(name, args[0])) is not None:
        return slot, tuple(args[1:])
    head, after = fold(name), fold(args[0])
    if head in NUMBER_NOUNS | TILE_WORDS and number(args[0]) is not None and len(args) > 1:
        return args[0], tuple(args[1:])
    if number(name) is not None and after in NUMBER_NOUNS and len(args) > 1:
        return name, tuple(args[1:])
    return None


def without_speaker(name: str, args) -> tuple[str, tuple] | None:
    """The words after who says the move ("gue ambil" -> "ambil"; "main pass" -> "pass"),
    or after a yes ("ok, buang r8": `_a_yes_before`), or None where the first word is
    neither or nothing follows. "main" is Indonesian's
    play too ("main 3-5", "main di kiri 3-5", "main hitam 11 ..."): Hinglish "I" only
    before another move's English word ("main pass", "main draw")."""
    lead = fold(name)
    if lead.rstrip(",") in INTERJECTIONS and args and _a_yes_before(lead, args):
        return args[0], tuple(args[1:])
    if lead not in SPEAKERS or not args:
        return None
    if lead == "main" and fold(without_end_mark(args[0])) not in MAIN_SAYS_I_BEFORE:
        return None
    return args[0], tuple(args[1:])


def _a_yes_before(lead: str, args) -> bool:
    """Is an "ok" before `args` a yes, not the okey ("ok, buang r8", "ok draw", "ok buang
    r8"; not "ok at", the okey thrown): said with a comma, or before a move that takes no
    tile or that names one after it."""
    verb = fold(without_end_mark(args[0]))
    if verb not in _ENGLISH_MOVES:
        found = glossed(args[0], ("okey", "rummikub"), args[1:])
        if found is None:
            return False
        verb = found[1]
    if lead.endswith(","):
        return True
    if verb in BARE_MOVES:  # (not before a meld's number: "ok ambil dari 2", "ok al 2'den"
        return not _names_a_meld(args[1:])  # take the okey back, O19; "ok take k9" is a yes)
    return any(is_tile(fold(w)) for w in args[1:])


def _names_a_meld(words) -> bool:
    """Do `words` name a meld by its number: after a meld's or a "from"/"to" word ("dari
    2", "seri 2", "in 2") or with a Turkish case ending ("2'den"); not a tile ("k9") nor a
    count ("draw 1", "1 taş")?"""
    for i, w in enumerate(words):
        word, before = fold(w), fold(words[i - 1]) if i else ""
        if number(word) is not None and before in TARGET_WORDS | MELD_WORDS | {"from"}:
            return True
        if number(word) is None and not is_tile(word) \
                and number(_number_plain(word)) is not None:
            return True
    return False


def starts_a_gloss(word: str, args) -> bool:
    """Do `word` and the words after it make a gloss of two words or more ("ओकेय लें",
    swap), whose first word alone names something else (the game Okey 101)?"""
    words = _gloss_words(word, args)
    return any(" ".join(words[:n]) in _FOLDED_GLOSSES
               for n in range(2, min(_GLOSS_WORDS, len(words)) + 1))


_PLAIN_LETTERS = str.maketrans("çşğıöü", "csgiou")


def loose(text: str) -> str:
    """`text` as `fold` reads it, Hindi's nukta dot left out (जोडें is जोड़ें typed without
    it) and its candrabindu as the anusvara most keyboards type (उठाएं is उठाएँ), Turkish
    letters as a phone without them types them ("el ac", "isle")."""
    return fold(text).replace("\u093c", "").replace("\u0901", "\u0902").translate(_PLAIN_LETTERS)


def _gloss_words(word: str, args) -> list[str]:
    """A typed command's words as a gloss is looked up ("जोडें." as जोड़ें)."""
    return [loose(without_end_mark(w)) for w in (word, *args)]


def _moves_glossed(verbs) -> tuple:
    """A gloss's moves: an okey add's word is Rummikub's place too ("işle r9 1'e", "tempel r9
    ke 1": a tile laid on a set, K7), as a typed /add there is answered /place."""
    verbs = (verbs,) if isinstance(verbs, str) else verbs
    return (*verbs, "place") if "add" in verbs and "place" not in verbs else verbs


# each gloss as `loose` reads what is typed -> (the gloss as /rules writes it, its move)
_FOLDED_GLOSSES = {" ".join(loose(w) for w in g.split()): (g, _moves_glossed(verbs))
                   for g, verbs in GLOSSES.items()}
_GLOSS_WORDS = max(len(g.split()) for g in GLOSSES)
# A meld's number, alone or with a Turkish case ending ("to 3" / "in 2" as Turkish says
# them: "3'e", "3'üne", "2'de", "2'deki"; an apostrophe of any keyboard, or none)
_SUFFIXED_TARGET = re.compile(rf"^(\d+)(?:{MELD_ENDING})?$")
_TARGETED = ("add", "swap")  # the moves whose last word is a meld


def no_move_said(word: str, args=()) -> bool:
    """Is `word` with `args` a phrase of the bot's own that is no move ("buka meja",
    "buka rummikub": opening a table, /help's /new), its game no table to play at?"""
    said = " ".join(_gloss_words(word, args))
    return _FOLDED_GLOSSES.get(said, (None, None))[1] == ("",)


def glossed(word: str, families, args=()) -> tuple[str, str, tuple] | None:
    """The gloss `word` (with the first of `args`) is, as /rules writes it, the move word
    it glosses ("ambil" -> "draw") and the words after it, if a game of `families` has
    that move (dominoes has no draw, Rummikub no discard); else None."""
    if args and without_end_mark(args[-1]):  # ("tempel r9 ke 1.": a phone's full stop)
        args = (*args[:-1], without_end_mark(args[-1]))
    words = _gloss_words(word, args)
    for n in range(min(_GLOSS_WORDS, len(words)), 0, -1):
        gloss, verbs = _FOLDED_GLOSSES.get(" ".join(words[:n])) or _english(words[:n])
        if verbs == ("",):  # a phrase of the bot's own that is no typed move
            return None
        verb = next((v for v in verbs if any(v in _FAMILY_VERBS.get(f, ()) for f in families)),
                    None)
        said = args[n - 1:]
        if verb == "meld" and any(fold(w) in TARGET_WORDS and number(after) is not None
                                  for w, after in zip(said, said[1:], strict=False)):
            verb = "add"  # ("turunkan r9 ke 1": laid on meld 1, O17)
        named = _tiles_named(args[n - 1:])
        if verb in ("draw", "take") and named \
                and any("take" in _FAMILY_VERBS.get(f, ()) for f in families):
            # ("ambil y7", "k7 al": the discard named, which a draw does not take; the core
            # says whether it is the one on offer; "okeyi 2'den al": the okey taken back
            # from meld 2, a swap, O19)
            if _okey_from_a_meld(named, args[n - 1:]):  # (with the tile that goes in its
                rest = _with_target("swap", _targets_in_english("swap", args[n - 1:]))
                return gloss, "swap", rest if len(named) > 1 and _names_a_tile(rest) \
                    and any(fold(w) in NOT_SLOT_AFTER for w in rest) else ()  # place: O19)
            if any(fold(w) == "geri" for w in args):  # ("b1'i geri al": the taken tile
                return gloss, "return", ()  # given back, O-D9)
            return gloss, "take", named
        if verb and not all(_a_moves_word(w) or verb in BARE_MOVES and fold(w) in DRAW_WORDS
                            or verb == "pairs" and fold(w) in SEAT_WORDS
                            or verb == "place" and fold(w) in TABLE_WORDS | ON_WORDS
                            for w in args[n - 1:]):
            return None  # ("çift yok", "ganti bahasa", "cek meja": talk, not a move)
        if verb:
            # ("çek taş", draw a tile: the move takes no words after it; "tempel b7 ke 2":
            # the meld's word as the move writes it, /add b7 to 2)
            rest = () if verb in BARE_MOVES else _targets_in_english(verb, args[n - 1:])
            rest = _with_target(verb, rest)
            tiles = [w for w in rest if is_tile(fold(w))]
            if verb in _TARGETED and not (_names_a_tile(rest) and any(
                    fold(w) in NOT_SLOT_AFTER for w in rest)) or verb == "swap" and tiles \
                    and all(_is_wild(w) for w in tiles):
                rest = ()  # ("işle 3. pere", "tempel r9": no tile or no meld: its usage;
                # "okey değiştir 1'de": the okey is what a swap takes, not the tile it gives)
            return gloss, verb, rest
    return None


def _tiles_named(words) -> tuple:
    """The tiles `words` name, as a move writes them ("kuning 7" -> "kuning 7", "y7" ->
    "y7", "okeyi" -> "okeyi"): a tile word, or a colour word and the number after it."""
    out = []
    for i, w in enumerate(words):
        before = fold(words[i - 1]) if i else ""
        after = fold(words[i + 1]) if i + 1 < len(words) else ""
        if is_tile(fold(w)):
            out.append(w)
        elif is_colour_word(fold(w)) and after.isdigit():
            out.append(f"{w} {after}")
        elif is_colour_word(fold(w)) and before.isdigit():  # ("ambil 7 merah")
            out.append(f"{before} {w}")
    return tuple(out)


def _okey_from_a_meld(named, words) -> bool:
    """Is the okey named with a meld's number ("okeyi 2'den", "joker dari seri 2")?"""
    okey = any(_is_wild(w) for w in named)
    return okey and any(not is_tile(fold(w)) and (number(_number_plain(fold(w))) is not None
                                                  or re.fullmatch(r"\d+\.", w)
                                                  or fold(w) in TURKISH_ORDINALS)
                        for w in words)  # ("okeyi 2. perden al", "okeyi birinci perden al")


# the swap's glosses that say "take the okey", alone a take where the okey is on offer
_OKEY_TAKEN = {loose(g) for g in ("okeyi al", "okey'i al", "okey al", "ambil okey",
                                   "ambil okeynya", "ओकेय लें",
                                   "ओकेय लो")}


def takes_the_okey(gloss: str, words) -> bool:
    """Are `words` (all that was typed) a gloss that says "take the okey" and nothing
    else ("okeyi al"; not "okeyi al 2'den", nor "tukar okey")?"""
    return loose(gloss) in _OKEY_TAKEN and len(words) == len(gloss.split())


def _is_wild(word: str) -> bool:
    try:
        return parse_tile(word) == WILD
    except InvalidAction:
        return False


def _without_fillers(game, text: str) -> str:
    """A tile move's words said among its tiles that are none ("discard yg kuning 4",
    "place r12 k12 sama y12"), as the glosses read past them; not Turkish "ile", a swap's
    "with"."""
    words = text.split()
    if getattr(game, "family", "") not in ("okey", "rummikub") or len(words) < 3:
        return text
    verb = fold(words[0].lstrip("/"))
    rest = _without_the_table(words[1:]) if verb == "place" else words[1:]  # ("place r12
    # k12 y12 di meja": onto the table)
    return " ".join([words[0], *_ands_read(verb, [
        w for w in rest if fold(w) not in FILLERS - _AND_WORDS - {"ile"}])])


_AND_WORDS = {"sama", "dan", "and", "ve", "aur", "और"}


def _ands_read(verb: str, words) -> list:
    """A move's words with an "and" between melds read as their | ("open r3 b3 k3 sama k9
    * k11 k12", "turun ... dan ..."), and left out elsewhere ("place r12 k12 dan y12")."""
    melds = verb in ("open", "meld", "pairs")
    return ["|" if fold(w) in _AND_WORDS else w for w in words
            if melds or fold(w) not in _AND_WORDS]


def _pairs_seat_plain(game, text: str) -> str:
    """An okey `pairs` move's seat as the move writes it, "to 3": said with its word ("to
    seat 3", "koltuk 3'e", "to 3'e", Y9) or with a Turkish case ending alone ("3'e")."""
    words = text.split()
    if getattr(game, "family", "") != "okey" or len(words) < 3 \
            or fold(words[0].lstrip("/")) != "pairs":
        return text
    return " ".join([words[0], *_seat_plain(words[1:])])


def _seat_plain(words) -> list:
    """A pairs move's words with its seat said as the move writes it, last: "to 3"
    (`_seat_said`; and a number with a Turkish case ending alone, "3'e")."""
    words = _seat_said(words)
    last = fold(words[-1]) if words else ""
    if (m := _SUFFIXED_TARGET.match(last)) and not last.isdecimal() and "|" not in words:
        to = [] if len(words) > 1 and fold(words[-2]) in TARGET_WORDS else ["to"]
        words = [*words[:-1], *to, m[1]]
    return words


def _seat_said(words) -> list:
    """A seat's number said with its word ("koltuk 2", "koltuk 2'ye", "2. koltuğa",
    "koltuk 2.") as the move writes it, last: "to 2"; a "to" said before the word stays
    one ("ke kursi 2")."""
    out, seat = [], []
    for i, w in enumerate(words):
        after = without_end_mark(words[i + 1]) if i + 1 < len(words) else ""
        before = fold(words[i - 1]) if i else ""
        if fold(w) in SEAT_WORDS and number(_number_plain(fold(after))) is not None:
            if before in TARGET_WORDS and out:
                out.pop()
            seat = ["to"]
        elif re.fullmatch(r"\d+\.", w) and fold(after) in SEAT_WORDS:
            seat = ["to", w[:-1]]
        elif seat == ["to"]:
            seat.append(_number_plain(without_end_mark(w)))
        elif fold(w) not in SEAT_WORDS:
            out.append(w)
    return out + seat


def _without_the_table(words) -> list:
    """`words` without the table they are laid on, and its "to"/"on" ("ke meja", "टेबल
    पर", "on the table")."""
    out = []
    for i, w in enumerate(words):
        after = fold(words[i + 1]) if i + 1 < len(words) else ""
        before = fold(words[i - 1]) if i else ""
        if fold(w) in TABLE_WORDS or fold(w) in {*TARGET_WORDS, "on", "the"} and (
                after in TABLE_WORDS or after == "the") or fold(w) in ON_WORDS | IN_WORDS \
                and before in TABLE_WORDS:
            continue
        out.append(w)
    return out


def _a_moves_word(word: str) -> bool:
    """Can `word` follow a move's gloss: its tiles and meld ("kuning 7", "ke 2", "3.
    pere"), or a word people put among them ("yg", "baru", "bawah")?"""
    w = fold(without_end_mark(word))
    return _tile_word(word) or w in FILLERS or w in LOW_WORDS or w in {",", "baru"} \
        or w in ORDINAL_WORDS or w in _AND_WORDS \
        or number(w.rstrip(",")) is not None  # ("taruh 6, 11, 14": rack numbers)


def _names_a_tile(words) -> bool:
    """Do an add's or swap's words name a tile: one by name, or by its rack number
    before the meld's "to 3"?"""
    before = list(itertools.takewhile(lambda w: fold(w) not in NOT_SLOT_AFTER, words))
    named = before if len(before) < len(words) else []  # (a number is the meld's, alone)
    return any(is_tile(w) or is_colour_word(w) for w in words) \
        or any(number(w) is not None for w in named)


def _english(words) -> tuple[str, tuple]:
    """An English move word said where a gloss would be ("r13 discard", the verb last, as
    Hinglish puts it): itself and its move; else ("", ())."""
    if len(words) == 1 and words[0] in _ENGLISH_MOVES:
        return words[0], (words[0],)
    return "", ()


def glossed_among_tiles(words, families) -> tuple[str, str, tuple] | None:
    """A gloss said after some of its tiles or its meld, as Turkish and Hindi put the
    verb: last ("r13 at", "r6'yı 1'e işle", "r13 को फेंको") or before the rest ("मेल्ड 2
    से ओकेय लें k10", /rules' phrase and the tile), every other word a tile or a meld's
    (the last gloss first): as `glossed` reads it said first."""
    for end in range(len(words), 1, -1):  # (the longest gloss ending there first)
        for n in range(min(_GLOSS_WORDS, end - 1), 0, -1):
            start = end - n
            said = _gloss_words(words[start], words[start + 1:end])
            english = _english(said)[1] and end == len(words)  # (an English verb: last)
            if " ".join(said) not in _FOLDED_GLOSSES and not english:
                continue
            before = list(words[:start])
            if before and re.fullmatch(r"\d+\.", before[-1]) and said[0].startswith("per"):
                before[-1] += words[start]  # ("r9 1. pere işle": the meld's "1.pere", as one
                # word, not a rack number nor a full stop)
            others = (*before, *words[end:])
            named = any(is_tile(w) or number(_number_plain(fold(w))) is not None for w in others)
            meld_said = not named and any(  # ("1. perdeki okeyi al": the meld's ordinal first,
                _TURKISH_ORDINAL.fullmatch(w) and fold(after).startswith("per")  # an add's or
                for w, after in zip(others, (*others[1:], ""), strict=True))  # a swap's only)
            named = named or meld_said
            chat = all(fold(w) in DRAW_WORDS or fold(w) in CHAT_AFTER for w in others)
            if not (named or chat) or not chat and not all(
                    _tile_word(w) or fold(w) in FILLERS | TABLE_WORDS | ON_WORDS for w in others):
                return None  # (a tile or a number named, or a draw's words: "me at" is talk)
            found = glossed(words[start], families, (*words[start + 1:end], *others))
            if meld_said and (found is None or found[1] not in _TARGETED):
                return None  # ("2. pere at", "1. perdeki al": no tile, nor a rack number)
            if not named and (found is None or found[1] not in BARE_MOVES):
                return None  # ("hadi çek", "bi taş çek": a draw; "hadi at" names no tile)
            if found and found[1] in BARE_MOVES and any(
                    fold(w) in (TARGET_WORDS | POSTPOSITIONS) - OBJECT_MARKS for w in others):
                return None  # ("ओकेय 2 से लो": a meld named is no take nor draw)
            return found
    return None


def a_tile_moved_alone(words, families) -> bool:
    """Is `words` one tile and a move said with it that takes it ("okey at": discard the
    okey, whose name is also two games' in Turkish; "okey 1'e işle"; not "okey çek", nor
    "okey r5 at")?"""
    gloss = glossed_among_tiles(words, families)
    return bool(words) and is_tile(fold(words[0])) and gloss is not None \
        and gloss[1] not in BARE_MOVES and not any(is_tile(fold(w)) for w in words[1:])


def _tile_word(word: str) -> bool:
    """Can `word` be part of a move's tiles or meld ("r13", "kırmızı", "13", "1'e", "|")?"""
    w = fold(without_end_mark(word))
    return (w == "|" or is_tile(w) or is_tile(w, "rummikub")  # (J: Rummikub's joker)
            or is_colour_word(w) or bool(_SUFFIXED_TARGET.match(w))
            or bool(_CASED_NUMBER.fullmatch(w)) or w in POSTPOSITIONS
            or w in TARGET_WORDS or w in MELD_WORDS or w in TURKISH_ORDINALS
            or bool(_TURKISH_ORDINAL.fullmatch(w) or re.fullmatch(r"(?:\d+\.)?per\S*", w)))


def _targets_in_english(verb: str, words) -> tuple:
    """A gloss's words with its meld's "to" / "in" as the move writes it ("ke 2", "pada 2",
    "2'ye"... -> "to 2") and a word for the meld before its number left out ("kombinasi
    3", "per 3"): "tempel r4 pada kombinasi 3" suggests /add r4 to 3."""
    words = _ands_read(verb, [w for w in words if fold(w) not in FILLERS - _AND_WORDS
                              and not (verb in ("meld", "open") and fold(w) in MELD_WORDS | {"baru"})])
    words = _ordinals_plain(words)
    if verb == "place":  # (a Rummikub /place takes no set number: "koy r12 1'e", /place r12)
        words = _without_the_table(words)  # ("koy r10 r11 r12 masaya": onto the table)
        spans = {i: n for i in range(len(words)) if (n := _set_number_at(words, i))}
        dropped = {j for i, n in spans.items() for j in range(i, i + n)}
        return tuple(_number_plain(w) for i, w in enumerate(words)  # ("5 6 7 को": the
                     if i not in dropped and fold(w) not in POSTPOSITIONS)  # tiles)
    if verb == "pairs":  # (Y9: "taruh pasangan r3 r3 ke (kursi) 2", onto seat 2's pairs;
        # Turkish "koltuk 2", "koltuk 2'ye", "2. koltuğa")
        words = _seat_plain(words)
        words = ["to" if fold(w) in TARGET_WORDS else w for w in words
                 if fold(w) not in SEAT_WORDS]
    if verb == "discard":  # ("buang yang ke 5": the 5th)
        words = [w for w in words if fold(w) not in TARGET_WORDS]
    if verb not in _TARGETED:  # ("3'ü at", "r13 को फेंको", "b13 k13 y13 से खोलो")
        if verb in ("open", "meld"):  # (a meld's ordinal names none of a new meld's tiles:
            words = _without_a_meld_named(words)  # "1. pere aç r6 r7 r8")
        return tuple(_number_plain(w) for w in words if fold(w) not in POSTPOSITIONS)
    out, low = [], []
    for i, w in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        if fold(w) in TARGET_WORDS and fold(after) in LOW_WORDS:
            continue  # ("tempel okey ke 1 di bawah": at the low end)
        if fold(w) in MELD_WORDS and _SUFFIXED_TARGET.match(fold(after)):
            continue
        if fold(w) in LOW_WORDS:  # (O-D4: the okey at a run's low end, said last)
            low = ["low"]
            continue
        if fold(w) in OBJECT_MARKS and any(fold(v) in IN_WORDS for v in words[i + 1:]):
            continue  # (Hindi marks the tile so: "r13 को 1 में", r13 to 1)
        if fold(w) in POSTPOSITIONS:
            if out and number(out[-1]) is not None:
                out[-1:] = [_target_word(verb), out[-1]]  # Hindi "r6 1 में": to 1
            continue  # ("r5 से": with r5, no meld's word)
        if fold(w) in TARGET_WORDS:  # ("ke 2", the ordinal's "to 2" in a swap: in 2)
            out.append(_target_word(verb))
        elif (meld := _SUFFIXED_TARGET.match(fold(w))) and number(w) is None:
            out += [_target_word(verb), meld[1]]  # ("1'e okey işle": the meld said first)
        else:  # ("2'yi": the rack's 2nd tile; a bare "3" may be the meld, _with_target)
            out.append(_number_plain(w))
    if verb == "swap" and sum(is_tile(fold(w)) for w in out) > 1:  # ("tukar k7 sama okey
        out = [w for w in out if not _is_wild(w)]  # di 3": the okey is the one taken back)
    return _meld_last(out + low)


def _without_a_meld_named(words: list[str]) -> list[str]:
    """`words` without a meld's "to 1" (`_ordinals_plain`'s of "1. pere")."""
    out = []
    for w in words:
        if out and out[-1] == "to" and number(w) is not None:
            out.pop()
        else:
            out.append(w)
    return out


def _meld_last(words: list[str]) -> tuple:
    """An add's or swap's words with its meld ("to 3") last, as the move takes it, where
    it was said first: Turkish "3. pere 2'yi işle", Hindi "3 में 2 जोड़ो" (add 2 to 3)."""
    low = words[-1:] if words and fold(words[-1]) == "low" else []
    head = words[:len(words) - len(low)]
    for i in range(len(head) - 2):
        if head[i] in NOT_SLOT_AFTER and number(head[i + 1]) is not None:
            return (*head[:i], *head[i + 2:], *head[i:i + 2], *low)
    return tuple(words)


# a meld's number as a Turkish ordinal: "1." (/rules' "3. pere işle") or "1'inci"
_TURKISH_ORDINAL = re.compile(r"(\d+)(?:\.|['’`]?[iıuü]?nc[iıuü])")


def _ordinals_plain(words) -> list[str]:
    """Turkish "r6'yı 1. pere" (/rules' "3. pere işle") as "r6 to 1": a tile without its
    case ending, a meld's ordinal as the move names a meld (Indonesian "kombinasi
    pertama": meld 1)."""
    out: list[str] = []
    for i, w in enumerate(words):
        said = _TURKISH_ORDINAL.fullmatch(out[-1]) if i and fold(w).startswith("per") else None
        if said:  # ("1. pere", "1'inci pere")
            out[-1:] = ["to", said.group(1)]  # (the meld, named so wherever it is said)
        elif i and fold(w).startswith("per") and fold(out[-1]) in TURKISH_ORDINALS:
            out[-1:] = ["to", str(TURKISH_ORDINALS[fold(out[-1])])]  # ("birinci pere")
        elif m := re.fullmatch(r"(\d+)\.per\S*", fold(w)):  # ("1.pere", typed as one word)
            out += ["to", m.group(1)]
        elif i and fold(w) in ORDINAL_WORDS and fold(words[i - 1]) in MELD_WORDS:
            out.append(str(ORDINAL_WORDS[fold(w)]))
        elif is_tile(w):
            out.append(format_tile(parse_tile(w)) if without_case_ending(w) != w else w)
        else:
            out.append(w)
    return out


# a number with a Turkish case ending ("3'ü", "2'ye"); not a plural ("12'leri", the
# twelves) nor "-lü" (a group of so many: "3'lü", a triple), which name no rack tile
_CASED_NUMBER = re.compile(rf"(\d+)(?:['’`](?!l[ae]r|l[üuiı])\w+|{BARE_ENDING})")  # (or
# the object's ending with no apostrophe, as many type it: "kırmızı 3ü at", "6yı")


def _number_plain(word: str) -> str:
    """A rack number without a Turkish case ending ("3'ü at": discard the 3rd tile)."""
    m = _CASED_NUMBER.fullmatch(word)
    return m[1] if m else word


def _with_target(verb: str, words: tuple) -> tuple:
    """An add's or swap's words with its meld after "to" / "in", as the move takes it:
    "işle b7 3'e" and "işle b7 3" suggest /add b7 to 3 (not /add b7 3, then refused)."""
    low = words[-1:] if words and fold(words[-1]) == "low" else ()  # (O-D4: "add * to 3 low")
    head = words[:len(words) - len(low)]
    if verb not in _TARGETED or len(head) < 2 or any(fold(w) in NOT_SLOT_AFTER for w in head):
        return words
    last = fold(without_end_mark(head[-1]))
    found = _SUFFIXED_TARGET.match(last) or _TURKISH_ORDINAL.fullmatch(head[-1])
    meld = found[1] if found else TURKISH_ORDINALS.get(last)  # ("r9 birinci pere işle")
    if meld is None or is_colour_word(head[-2]):  # ("işle kırmızı 7": the tile r7)
        return words
    return (*head[:-1], _target_word(verb), str(meld), *low)


def move_of(game, word: str, args=()) -> bool:
    """Could a typed command be a move of `game` (its family's move words; in dominoes a
    tile too, "5-3 left", or an end before one, "left 5-3")? Tells which of a person's
    tables a move typed privately is for."""
    from rules.dominoes_actions import VERBS

    word = fold(without_end_mark(word))
    family = getattr(game, "family", "")
    if family == "dominoes":
        return word in VERBS or any(c.isdigit() for c in word) or _end_before_a_tile(word, args)
    return word in _FAMILY_VERBS.get(family, ())


def fits(game, text: str) -> bool:
    """Is a typed move one `game` could take: its family's move word, and where the move
    reads without a rack a move it parses: dominoes ("place b13 k13" is Rummikub's) and
    Rummikub's whole-table `play` ("play 0-0" is a domino's)."""
    from rules import dominoes_actions, rummikub_actions

    text = without_end_mark(text)
    word = fold(text.split(maxsplit=1)[0].lstrip("/")) if text.strip() else ""
    if not move_of(game, word, text.split()[1:]):
        return False
    family = getattr(game, "family", "")
    if family == "dominoes":
        parse = dominoes_actions.parse_action
    elif family == "rummikub" and word == "play":
        parse = rummikub_actions.parse_action
    else:
        return True
    try:
        parse(text)
    except RulesError:
        return False
    return True


# moves made of the verb alone: no tiles to name
BARE_MOVES = ("draw", "take", "return", "pass")

_FAMILY_VERBS = {"okey": {"draw", "take", "return", "discard", "open", "meld", "pairs", "add",
                          "swap"},
                 "rummikub": {"draw", "pass", "play", "place"}}


_ENGLISH_MOVES = frozenset().union(*_FAMILY_VERBS.values())


def has_move(family: str, verb: str) -> bool:
    """Has a game of `family` the move `verb` (Rummikub has no discard)? Dominoes reads its
    own words (rules/dominoes_actions.py): glosses name none of its moves."""
    return verb in _FAMILY_VERBS.get(family, ())


LARGEST_NUMBER = 999_999  # (six digits: a number no longer is a word of another kind)


def number(word: str) -> int | None:
    """A typed number (1-6 digits, any script's decimal digits: "5", "५", "５"), else None.
    Not str.isdigit(): it takes "²", which int() refuses."""
    return int(word) if word.isdecimal() and len(word) <= len(str(LARGEST_NUMBER)) else None


# Per game family: the moves whose `to <n>` names a seat.
_SEAT_MOVE = {"okey": re.compile(r"^(?P<head>/?pairs\s.*?\s+to\s+)(?P<seat>\d+)(?P<tail>\s*)$",
                                 re.IGNORECASE | re.DOTALL)}


def _match(game, text: str):
    pattern = _SEAT_MOVE.get(getattr(game, "family", ""))
    return pattern.match(text) if pattern is not None else None


def from_person(game, text: str, seats: int) -> str:
    """A typed move in the engine's notation: a seat number as people count it (1..seats)
    becomes the engine's (0..seats-1). A seat that does not exist is refused here, in the
    numbers the person used. A full stop after the move is dropped (`without_end_mark`)."""
    text = _target_in_english(game, _without_fillers(game, _without_do(without_end_mark(text))))
    text = _pairs_seat_plain(game, text)
    m = _match(game, text)
    if m is None:
        return text
    shown = number(m["seat"])
    if shown is None or not 1 <= shown <= seats:  # (thousands of digits: int() refuses)
        raise Refusal("core.error.bad_seat", seat=echoed(m["seat"]) if shown is None else shown,
                      last=seats)
    return f"{m['head']}{shown - 1}{m['tail']}"


_DO_AT_END = re.compile(r"\s+(?:" + "|".join(map(re.escape, DO_WORDS)) + r")\s*$", re.IGNORECASE)


# ... and right after an English verb, as some say it: "meld rakho r3 r4 r5", "open karo .."
_DO_AFTER_VERB = re.compile(r"^(\S+)\s+(?:" + "|".join(map(re.escape, (
    *DO_WORDS, "rakho", "rakhen", "रखो", "रखें"))) + r")(?=\s+\S)", re.IGNORECASE)


def _without_do(text: str) -> str:
    """A move without the do-words and chat said after it, however many ("discard r13
    karo bhai", "draw please"), and a do-word right after its verb."""
    while len(text.split()) > 1 and (shorter := _DO_AT_END.sub("", text)) != text:
        text = shorter
    return _DO_AFTER_VERB.sub(r"\1", text) if len(text.split()) > 1 else text


def _target_in_english(game, text: str) -> str:
    """`add y1 ke 2` as `add y1 to 2` (`swap ... di 2`: in): a meld's number after the
    Indonesian "to"/"in", as the glosses read it; else a rack number it would be taken for."""
    words = text.split()
    verb = fold(words[0].lstrip("/")) if words else ""
    if getattr(game, "family", "") != "okey" or verb not in ("add", "swap") or len(words) < 4:
        return text
    words = [w for i, w in enumerate(words)  # ("add k13 मेल्ड 2 में", as /rules glosses it)
             if not (i > 1 and fold(w) in MELD_WORDS and i + 1 < len(words)
                     and number(words[i + 1]) is not None)]
    low = []
    if verb == "add" and fold(words[-1]) in LOW_WORDS:  # ("add * ke 2 (di) bawah", O-D4)
        words, low = words[:-2] if fold(words[-2]) == "di" else words[:-1], ["low"]
    ins = [k for k in range(2, len(words)) if fold(words[k]) in IN_WORDS - {"से"}
           and number(words[k - 1]) is not None]
    if len(ins) == 1:  # Hindi puts में after the meld's number: "add 2 में 1", 1 in meld 2
        k = ins[0]
        tiles = [w for i, w in enumerate(words[1:], 1) if i not in (k - 1, k)
                 and fold(w) not in OBJECT_MARKS | {"low"}]
        low = low or (["low"] if any(fold(w) == "low" for w in words) else [])  # (O-D4,
        return " ".join([words[0], *tiles, _target_word(verb), words[k - 1], *low])  # last)
    if len(words) < 4 or number(words[-1]) is None \
            or fold(words[-2]) not in (GLOSSED_TARGETS - POSTPOSITIONS) | {"to"}:
        return text
    return " ".join([*words[:-2], _target_word(verb), words[-1], *low])


def _target_word(verb: str) -> str:
    """The word before a meld's number in `verb`'s notation: swap ... in 2, add ... to 2."""
    return "in" if verb == "swap" else "to"


def for_person(game, text: str) -> str:
    """An engine move text as people read it: a seat it names counted from 1."""
    m = _match(game, text)
    return text if m is None else f"{m['head']}{int(m['seat']) + 1}{m['tail']}"


# Per game family: the moves whose bare numbers are rack slots (the racks with numbers).
_SLOT_MOVES = {"okey": {"discard", "open", "meld", "pairs", "add", "swap"},
               "rummikub": {"place"}}


def _slot_words(game, words: list[str]) -> list[int]:
    """Which of a typed move's words are rack numbers."""
    if not words or fold(words[0].lstrip("/")) not in _SLOT_MOVES.get(
            getattr(game, "family", ""), ()):
        return []
    return [i for i in range(1, len(words))
            if number(words[i]) is not None and not _a_target(words, i)
            and not is_colour_word(words[i - 1])  # "R 7" is the tile r7 (forgiving input)
            and not _colour_after(words, i)]


def _colour_after(words: list[str], i: int) -> bool:
    """Is the number `words[i]` a tile's, its colour word after it ("13 merah", as
    Indonesian says it)? So read when the move is written that way: every colour word
    after a number, and one with no number after it (read colour first, it would name no
    tile: "13 merah 12 merah", "add 5 kuning to 3"). "5 लाल 3" reads both ways: asked."""
    if not (i + 1 < len(words) and _colour(words[i + 1])):
        return False
    colours = [j for j in range(1, len(words)) if _colour(words[j])]
    return all(number(words[j - 1]) is not None for j in colours) and any(
        j + 1 == len(words) or number(words[j + 1]) is None for j in colours)


def _colour(word: str) -> bool:
    """A colour's word (not a lone letter: the "r" of "r 7")."""
    return len(word) > 1 and is_colour_word(word)


def _a_target(words: list[str], i: int) -> bool:
    """Is the number `words[i]` a meld or a seat: after "to" or "in" ("add 4 to 2"), or
    "to meld" as the messages write it, in any of our players' words; or the number after
    an add's or a swap's one tile ("add r4 3": the meld, as the engine reads it)?"""
    before = fold(words[i - 1])
    if before in NOT_SLOT_AFTER or before == "meld" and i >= 2 \
            and fold(words[i - 2]) in NOT_SLOT_AFTER:
        return True
    if fold(words[0].lstrip("/")) not in _TARGETED:  # (our players' words: an add's, a swap's)
        return False
    if before in TARGET_WORDS or before in MELD_WORDS and i >= 2:
        return True
    if i + 1 < len(words) and fold(words[i + 1]) in POSTPOSITIONS:  # Hindi "1 में": in 1
        return True
    last = len(words) - 1 - (fold(words[-1]) == "low")
    return i == last == 2 and number(words[1]) is None and is_tile(words[1])


def _words(text: str) -> list[str]:
    """A move's words, `|` and `,` words of their own ("1 2|3 4" as "1 2 | 3 4", "6, 11"
    as "6 , 11"): a comma separates rack numbers as it separates tiles."""
    return re.sub(r"([|,])", r" \1 ", text).split()


def _as_written(words: list[str]) -> str:
    """Words `_words` split, as a refusal quotes them: a comma back after its word."""
    return " ".join(words).replace(" , ", ", ")


def names_slots(game, text: str) -> bool:
    """Whether `text` names a tile by its rack number (so the rack must be looked up)."""
    return bool(_slot_words(game, _words(text)))


def slots_named(game, text: str) -> list[int]:
    """The rack numbers `text` names (as people count them, from 1)."""
    words = _words(text)
    return [number(words[i]) for i in _slot_words(game, words)]


def as_typed(words: str, slot_of: dict) -> str:
    """`words` with each tile `tiles_by_slot` put in for a rack number back as that number
    (`slot_of`: tile -> the number typed): a refusal echoes what the person wrote."""
    return " ".join(slot_of.get(w, w) for w in words.split())


def each_with_colour(words: list[str]) -> str:
    """"r 12 13" written as the tiles it may mean, "r12 r13": the example a question
    about it gives."""
    colour, *numbers = words
    out = []
    for n in numbers:
        try:  # "red 10" as the notation writes it, r10
            out.append(format_tile(parse_tile(f"{colour}{n}")))
        except InvalidAction:  # no tile (a 14): as typed
            out.append(f"{colour}{n}")
    return " ".join(out)


def tiles_by_slot(game, text: str, rack) -> str:
    """`text` with each rack number replaced by the tile in that slot of `rack` (the tiles
    in the order the picture numbers them). A number with no tile is refused."""
    words = _words(text)
    slots = _slot_words(game, words)
    if not slots:
        return text
    spaced = next((i for i in range(1, len(words)) if is_colour_word(words[i - 1])
                   and number(words[i]) is not None
                   and not (i >= 3 and _colour_after(words, i - 2))), None)  # "1 merah 2"
    if spaced is not None:  # "b 10 11 12": the run b10 b11 b12, or b10 and two rack numbers?
        end = spaced  # the colour's own numbers ("b 10, 11" too): up to a `|` or a tile
        while end < len(words) and (number(words[end]) is not None or words[end] == ","):
            end += 1
        # the words asked about: the rack numbers and the colour's, whichever come first
        asked = words[min(spaced - 1, slots[0]):max(end, slots[-1] + 1)]
        raise Refusal("core.error.colour_then_numbers", words=_as_written(asked),
                      tiles=each_with_colour([w for w in words[spaced - 1:end] if w != ","]))
    after = next((i for i in range(2, len(words)) if (i - 1) in slots
                  and _colour_after(words, i)), None)
    if after is not None:  # "1 2 3 merah": r1 r2 r3, or rack tiles 1 and 2 and r3?
        start = after
        while start - 1 in slots:
            start -= 1
        raise Refusal("core.error.colour_then_numbers", words=_as_written(words[start:after + 2]),
                      tiles=each_with_colour([words[after + 1], *words[start:after + 1]]))
    named = set()
    typed_words = list(words)
    for i in slots:
        slot = number(words[i])
        if not 1 <= slot <= len(rack):
            raise Refusal("core.error.bad_slot", slot=slot, last=len(rack))
        if slot in named:  # one tile, laid once: "place 1 1" is not two tiles
            raise Refusal("core.error.slot_twice", tile=f"{slot} ({rack[slot - 1]})")
        named.add(slot)
        words[i] = rack[slot - 1]
    if getattr(game, "family", "") == "rummikub" and any(
            is_tile(w, "rummikub") for i, w in enumerate(typed_words) if i and i not in slots):
        # "place r12 1": the set r12 goes on, as okey's "add b7 to 3"? place takes none, and
        # laying the rack's first tile as well could not be taken back
        raise Refusal("core.error.place_tiles_and_numbers", words=_as_written(typed_words[1:]),
                      tiles=" ".join(words[1:]))
    return " ".join(words)


def names_tiles(words) -> bool:
    """Does a command name okey or Rummikub tiles (not rack numbers)? Typed in a group,
    the group has read them (a domino typed there is played face up or not at all)."""
    return any(is_tile(word, "rummikub") for word in words  # ("okey" is a game's name too)
               if word == "*" or any(c.isdigit() for c in word))


def _set_number_at(words: list[str], i: int) -> int:
    """How many words from `words[i]` say a set's number ("to 1", "ke set 1", "pada
    kombinasi 2", "में 1", Turkish "1'e"); 0: none there (a bare number is a rack's)."""
    w = fold(words[i])
    if w in {*TARGET_WORDS, "on"}:
        j = i + 1 + (i + 1 < len(words) and fold(words[i + 1]) in SET_WORDS)
        return j - i + 1 if j < len(words) and number(words[j].lstrip("#")) is not None else 0
    if w in SET_WORDS and i + 1 < len(words) and number(words[i + 1].lstrip("#")) is not None:
        # ("set 3", Hindi "सेट 3 में" / "सेट 3 पर": in or on set 3)
        return 3 if i + 2 < len(words) and fold(words[i + 2]) in IN_WORDS | ON_WORDS else 2
    if number(w) is not None and i + 1 < len(words) and fold(words[i + 1]) in IN_WORDS | ON_WORDS \
            and not (i and number(words[i - 1]) is not None):  # ("5 6 7 में": the tiles)
        return 2  # (Hindi "1 में", in 1; "5 6 7 को": को marks the tiles)
    return 1 if _SUFFIXED_TARGET.match(w) and number(w) is None else 0


def refuse_set_number(game, text: str) -> None:
    """Rummikub lays tiles wherever they fit (`place`): a set's number typed with them, as
    okey's moves take one ("place r12 to 1", "add r12 to 1"), is refused with the move to
    type, not read as a tile ("to1") or an unknown move."""
    words = _words(text)
    if getattr(game, "family", "") != "rummikub" or not words:
        return
    verb = fold(words[0].lstrip("/"))
    targets = {i: n for i in range(1, len(words)) if (n := _set_number_at(words, i))}
    if verb == "add" or verb == "place" and targets:
        dropped = {j for i, n in targets.items() for j in range(i, i + n)}
        tiles = [w for i, w in enumerate(words) if i and i not in dropped and w not in "|,"]
        if tiles:  # ("/add r3" named no set: told there is no /add)
            raise Refusal("core.error.place_no_set" if targets else "core.error.add_is_place",
                          tiles=echoed(" ".join(tiles), 200))


def as_played(table, seat: int, move: str, rack_of=None) -> str:
    """`move` as play reads it from `seat`: a seat as people count it ("pairs b9 b9 to
    2", Y9), its rack numbers as the seat's picture numbers them ("buang 5": the 5th tile,
    `rack_of`); a seat or a number that is none is refused (Refusal, RulesError)."""
    text = from_person(table.game, move, table.size)
    if rack_of is not None and names_slots(table.game, text):
        text = tiles_by_slot(table.game, text, rack_of(table, seat))
    return text
