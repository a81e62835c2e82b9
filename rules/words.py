"""Typed words as the bot compares them, whichever way the reader capitalises."""

from __future__ import annotations

import unicodedata


def fold(word) -> str:
    """Lower case for English and Turkish readers alike: `AÇIK`, `AKTİF` and `İD` match
    `açık`, `aktif` and `id` (str.lower turns İ into i and a combining dot, and I into i
    where Turkish means ı), so İ, I and ı all read as i. A letter some keyboards type as
    one character and others as two (Hindi's ड़, a c with its cedilla) reads as one spelling
    (Unicode NFC: ड़ as ड and its dot, as the bot writes it)."""
    word = unicodedata.normalize("NFC", str(word))
    return word.strip().replace("İ", "i").lower().replace("ı", "i")


def echoed(text, limit: int = 40) -> str:
    """What a person typed, as a refusal quotes it back: a pasted page is not sent back
    whole (it would split over several messages), only its start."""
    return cut_to(str(text).strip(), limit)


# Characters that turn the direction of the text after them (U+202E writes the rest of a
# line right to left): quoted or shown as a name, they would scramble the bot's own words.
_DIRECTION_MARKS = dict.fromkeys(map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d"
                                          "\u202e\u2066\u2067\u2068\u2069"))


# Characters nobody sees that a keyboard or a copied text slips into a typed line: the
# direction marks, a zero-width space (a word break, read as a space), the word joiner, a
# byte-order mark. A move that reads right must not be refused for them. (The zero-width
# joiner U+200D and non-joiner U+200C stay: emoji and Indic words are spelt with them.)
_INVISIBLE = {**_DIRECTION_MARKS, **dict.fromkeys(map(ord, "\u2060\ufeff")), 0x200B: " "}


def typed(text: str) -> str:
    """`text` as its writer sees it: without invisible characters (see _INVISIBLE); a line
    of nothing visible (a lone joiner, a soft hyphen) is empty."""
    seen = text.translate(_INVISIBLE)
    return seen if any(unicodedata.category(c)[0] not in "CZ" for c in seen) else ""


def cut_to(text: str, limit: int) -> str:
    """`text` without direction marks, cut to `limit` characters with "…" if longer, never
    inside a character people see as one (an emoji joined by U+200D, a letter and its
    accents): the cut moves back to where one begins."""
    text = text.translate(_DIRECTION_MARKS)
    if len(text) <= limit:
        return text
    end = limit - 1
    while end > 0 and (_joins_before(text[end]) or text[end - 1] == "\u200d"):
        end -= 1
    return text[:end].rstrip() + "…"


def isolated(name: str) -> str:
    """A name that holds right-to-left letters (Arabic, Hebrew) wrapped in Unicode's first
    strong isolate (U+2068 ... U+2069): in "محمد: 1248" or "Can: 400, محمد: 400" the bidi
    rules would otherwise carry the number across the name ("1248 :محمد"), pairing it
    with the wrong person. Other names are left as they are."""
    import unicodedata

    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name):
        return f"\u2068{name}\u2069"
    return name


def _joins_before(c: str) -> bool:
    """Does `c` belong to the character before it (an accent, a joiner, a variation or
    skin-tone selector)?"""
    import unicodedata

    return (unicodedata.combining(c) > 0 or unicodedata.category(c) in ("Mn", "Me", "Mc")
            or c in "\u200d\ufe0e\ufe0f" or "\U0001f3fb" <= c <= "\U0001f3ff")
