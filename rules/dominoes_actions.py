"""Dominoes actions and their text: `play 3-5 left`, `play 3-5 right`, `play 3-5`,
`drop 6-6`, `pass`.

Notation decisions:
- A play names its end only when the end changes the game: with two different end
  numbers and a tile that fits both, `play 3-5` alone is refused (the engine asks which
  end). Where only one end fits, or on the empty table, the end is dropped from the
  canonical text (`play 3-5 left` is accepted and printed as `play 3-5`).
- When both ends show the same number, `play 3-5` is canonical and puts the tile at the
  right end; `play 3-5 left` is also accepted and honoured (only the picture differs), so
  `legal` lists just `play 3-5`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .dominoes_tiles import HAS, NUM_TILES, TEXT, parse_tile, plain
from .errors import InvalidAction
from .words import echoed, fold

LEFT = "left"
RIGHT = "right"
_END_WORDS = {"left": LEFT, "l": LEFT, "kiri": LEFT, "sol": LEFT, "बाएँ": LEFT, "बाएं": LEFT,
              "बायें": LEFT, "बायीं": LEFT, "बाईं": LEFT, "baayen": LEFT, "bayen": LEFT,
              "baaen": LEFT, "right": RIGHT, "r": RIGHT, "kanan": RIGHT, "sag": RIGHT,
              "sağ": RIGHT, "दाएँ": RIGHT, "दाएं": RIGHT, "दायें": RIGHT, "दायीं": RIGHT,
              "दाईं": RIGHT, "दाहिने": RIGHT, "daayen": RIGHT, "dayen": RIGHT, "daaen": RIGHT,
              "dahine": RIGHT}
# the words the bot shows, in every language (Hindi's other spelling बायें/दायें too), and
# the verbs its players say: Hindi's खेलो (play) and पास (pass), as the bot writes "पास";
# face down as /rules says it (Turkish ters, Hindi उल्टी)
# (Indonesian pasang and tutup, as the bot writes "memasang 0-1" and "tutup satu kartu")
# (and Hindi as most type it, in Latin letters: khelo, chalo, ulta, paas)
_PLAY_WORDS = {"play", "place", "lay", "main", "mainkan", "pasang", "taruh", "oyna", "खेलो",
               "खेलें", "खेलिए", "चलो", "khelo", "khelen", "chalo",
               # (as the bot writes it: "टाइल लगाएँ", "बाएँ सिरे पर लगाई", the menu's "चलें")
               "लगाओ", "लगाएँ", "लगाएं", "लगा दो", "चलें", "lagao", "lagaen", "chalen",
               "jalan",  # (Indonesian: "Kamu bisa jalan, jadi harus jalan")
               "tempel", "tempelkan", "sambung", "sambungkan"}  # (stick on, join on)
_DROP_WORDS = {"drop", "dead", "mati", "buang", "tutup", "ters", "उल्टी", "उल्टा", "ulta",
               "ulti", "उलटी", "उलटा"}  # (उलटी: the dictionary's spelling)
_PASS_WORDS = {"pass", "lewat", "lewati", "skip", "pas", "पास", "paas", "ketuk"}  # (ketuk: a knock)
_LAY_WORDS = {"koy", "रखें", "रखो", "rakho", "rakhen", "rakhdo"}  # "ters koy 6-6", "उल्टी रखें
# 6-6", "1-2 ulta rakho": lay face down ("rakh do", "रख दो" read as one word)
_LAY_PHRASES = re.compile(r"(?<!\S)(?:rakh do|रख दो|रख दें)(?!\S)")
_CASE_ENDING = re.compile(r"(\d-\d)['’`]\w+")  # a Turkish case ending on a domino: "6-6'yı"
VERBS = _PLAY_WORDS | _DROP_WORDS | _PASS_WORDS  # every word a move may start with
# An end as people say it in a phrase, and as the bot's own lines write it ("sol uca",
# "ujung kiri", "बाएँ सिरे पर"): read as its one word
_PHRASES_OF_END = (
    ("left", ("to the left end", "on the left end", "to the left", "on the left",
              "left end", "left side", "ke ujung kiri", "di ujung kiri", "ujung kiri",
              "ke kiri", "di kiri", "sebelah kiri", "dikiri", "kekiri", "disebelah kiri",
              "sol uca", "sol uçta", "sol uc",
              "sol taraf", "sola", "बाएँ सिरे पर", "बाएँ सिरे", "बाएं सिरे पर",
              "बाएं सिरे", "बाईं ओर", "बायें सिरे पर", "बायें सिरे", "बायीं ओर",
              "बाईं तरफ़", "बाईं तरफ", "बायीं तरफ़", "बायीं तरफ",
              # Hinglish, as typed in Latin letters ("0-1 baayi taraf lagao", "left me")
              "baayi taraf", "baayin taraf", "bayi taraf", "baayein", "baaye", "baayi",
              "left side mein", "left side me", "left mein", "left me", "left taraf")),
    ("right", ("to the right end", "on the right end", "to the right", "on the right",
               "right end", "right side", "ke ujung kanan", "di ujung kanan",
               "ujung kanan", "ke kanan", "di kanan", "sebelah kanan", "dikanan",
               "kekanan", "disebelah kanan", "sağ uca",
               "sağ uçta", "sag uca", "sag uc", "sağ taraf", "sağa", "saga",
               "दाएँ सिरे पर", "दाएँ सिरे", "दाएं सिरे पर", "दाएं सिरे", "दाईं ओर",
               "दायें सिरे पर", "दायें सिरे", "दायीं ओर", "दाईं तरफ़", "दाईं तरफ",
               "दायीं तरफ़", "दायीं तरफ", "दाहिनी ओर", "दाहिनी तरफ़", "दाहिनी तरफ",
               "daayi taraf", "daayin taraf", "dayi taraf", "daayein", "daaye", "daayi",
               "right side mein", "right side me", "right mein", "right me",
               "right taraf")))
_END_PHRASES = {
    side: re.compile(r"(?<!\S)(?:" + "|".join(sorted(map(re.escape, phrases), key=len,
                                                    reverse=True)) + r")(?!\S)")
    for side, phrases in _PHRASES_OF_END}
# An end said before the tile, with no verb ("left 1-2", "sola 1-2 koy", "बाएँ 1-2"): a
# move starts with one of these words too (a letter alone, "l", is no such start)
END_FIRST_WORDS = frozenset(
    {w for w in _END_WORDS if len(w) > 1}
    | {p.split()[0] for _, phrases in _PHRASES_OF_END for p in phrases})  # ("to the left
# 2-4", "ke kanan 2-4": the core checks that the whole line plays)
_SPACED_DASH = re.compile(r"(\d)\s*[-:]\s*(\d)")  # "3 - 5" (after `plain`: any dash is -)
# words that only mark the tile as the object ("0-3 taşını sol uca koy", as the bot's own
# Turkish says a play; Hindi "0-3 को बाएँ लगाओ"), and "at" before an end ("di sebelah kiri")
_OBJECT_WORDS = {fold(w) for w in ("taşını", "tasini", "taşı", "tasi", "को", "ko",
                                   # (Indonesian: "pasang kartu 0-1", as the bot's texts
                                   # name a domino; "tutup satu kartu 5-6", its hint; "yg
                                   # 0-1", "0-1 di kiri bang", as the okey moves are read)
                                   "kartu", "kartunya", "satu", "yg", "yang", "si", "bang")}
_AT_END = re.compile(r"(?<!\S)(?:di|ke|pada)\s+(left|right)(?!\S)")


@dataclass(frozen=True, slots=True)
class Play:
    tile: int
    end: str | None = None  # LEFT, RIGHT or None (see the module notes)

    def __str__(self) -> str:
        return f"play {TEXT[self.tile]}" + (f" {self.end}" if self.end else "")


@dataclass(frozen=True, slots=True)
class Drop:
    """D6: lay a tile face down (dead) when nothing fits."""

    tile: int

    def __str__(self) -> str:
        return f"drop {TEXT[self.tile]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """D7: pass when nothing fits (table option)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
PLAY = tuple(Play(t) for t in range(NUM_TILES))
PLAY_LEFT = tuple(Play(t, LEFT) for t in range(NUM_TILES))
PLAY_RIGHT = tuple(Play(t, RIGHT) for t in range(NUM_TILES))
DROP = tuple(Drop(t) for t in range(NUM_TILES))
# Canonical text -> action: parsing a listed legal move is one dict look-up.
BY_TEXT: dict[str, object] = {str(a): a for a in (*PLAY, *PLAY_LEFT, *PLAY_RIGHT, *DROP, PASS)}
PLAY_TEXT = tuple(str(a) for a in PLAY)
PLAY_LEFT_TEXT = tuple(str(a) for a in PLAY_LEFT)
PLAY_RIGHT_TEXT = tuple(str(a) for a in PLAY_RIGHT)
DROP_TEXT = tuple(str(a) for a in DROP)


def parse_action(text: str):
    """Text -> action, case-insensitive; `5-3` and `l`/`r` are accepted."""
    if not isinstance(text, str):
        raise InvalidAction("an action is text", "dominoes.error.bad_action", text=str(text))
    clean = " ".join(fold(text).replace(",", " ").split())  # "play 4-6, left": a pause
    clean = _SPACED_DASH.sub(r"\1-\2", plain(clean))
    clean = _CASE_ENDING.sub(r"\1", clean)  # ("0-1'i oyna": the tile, in a Turkish sentence)
    clean = _LAY_PHRASES.sub("rakhdo", clean)
    for side, phrase in _END_PHRASES.items():
        clean = phrase.sub(side, clean)
    clean = " ".join(w for w in _AT_END.sub(r"\1", clean).split() if w not in _OBJECT_WORDS)
    hit = BY_TEXT.get(clean)
    if hit is not None:
        return hit
    words = clean.split()
    if not words:
        raise InvalidAction("empty action", "dominoes.error.bad_action", text=echoed(text))
    if len(words) > 2 and words[-2] in _DROP_WORDS and words[-1] in _LAY_WORDS \
            and words[0] not in VERBS:
        words = [*words[-2:], *words[:-2]]  # "2-2 ters koy": face down, said last
    elif len(words) > 1 and words[-1] in _LAY_WORDS and words[0] not in VERBS:
        words = ["play", *words[:-1]]  # "0-1 sola koy": laid, as the bot's Turkish says a play
    elif len(words) > 1 and words[-1] in VERBS and words[0] not in VERBS:
        words = [words[-1], *words[:-1]]  # the verb last, as Turkish and Hindi say it
    if words[0] in _PASS_WORDS and words[1:] in (["gec"], ["geç"]):
        words = words[:1]  # "pas geç", as the bot's Turkish says it
    if len(words) == 2 and words[0] in _END_WORDS and words[1] not in _END_WORDS \
            and words[0] not in VERBS:
        words = ["play", *words]  # "left 1-2": the end said first, the verb left out
    verb = words[0]
    if verb in _PLAY_WORDS and len(words) == 3 and words[1] in _END_WORDS \
            and words[2] not in _END_WORDS:  # "play left 3-5": the end said first
        words = [verb, words[2], words[1]]
    if verb in _DROP_WORDS and len(words) == 3 and words[1] in _LAY_WORDS:
        words = [verb, words[2]]
    if verb in _PASS_WORDS and len(words) == 1:
        return PASS
    if verb in _PASS_WORDS:  # "pass now": not "not a dominoes move"
        raise InvalidAction(f"{verb!r} takes nothing after it", "error.takes_nothing", verb=verb)
    if len(words) == 1 and (verb in _PLAY_WORDS or verb in _DROP_WORDS) \
            or len(words) == 2 and (verb in _DROP_WORDS and words[1] in _LAY_WORDS
                                    or verb in _PLAY_WORDS and words[1] in _END_WORDS):
        # the tile left out ("play", "play left", "ters koy")
        key = "dominoes.error.drop_no_tile" if verb in _DROP_WORDS else "dominoes.error.play_no_tile"
        raise InvalidAction(f"{verb} needs a tile", key)
    if verb in _DROP_WORDS and len(words) == 2:
        return DROP[parse_tile(words[1])]
    if verb not in _PLAY_WORDS and not any(c.isdigit() for c in verb):  # "hepl": no tile
        raise InvalidAction(f"not a dominoes action: {text.strip()!r}",
                            "dominoes.error.bad_action", text=echoed(text))
    rest = words[1:] if verb in _PLAY_WORDS else words
    if len(rest) == 2 and rest[1] in _END_WORDS:
        tile = parse_tile(rest[0])
        return PLAY_LEFT[tile] if _END_WORDS[rest[1]] == LEFT else PLAY_RIGHT[tile]
    if len(rest) == 1:
        return PLAY[parse_tile(rest[0])]
    raise InvalidAction(
        f"not a dominoes action: {text.strip()!r} (try `play 3-5 left`, `drop 6-6`, `pass`)",
        "dominoes.error.bad_action", text=echoed(text))


def normalise(action, ends):
    """Drop an end that makes no difference: on the empty table (`ends` None) or where the
    tile fits only the named end. Anything else is left for the rules to judge."""
    if type(action) is not Play or action.end is None:
        return action
    if ends is None:
        return PLAY[action.tile]
    left, right = ends
    if left == right:
        return action
    fits_left = (HAS[left] >> action.tile) & 1
    fits_right = (HAS[right] >> action.tile) & 1
    if fits_left and fits_right:
        return action
    named_fits = fits_left if action.end == LEFT else fits_right
    return PLAY[action.tile] if named_fits else action
