"""Message catalogs: English, Indonesian, Hindi, Turkish (`bot/locale/<lang>.po`).

A catalog maps a message key (the msgid) to the text in that language (the msgstr), read
with Babel. The English catalog is built from the sources of truth, the `MESSAGES` dicts of
the core (`bot.texts`) and of every game module present (`rules.<game>`): run
`python -m bot.i18n` after adding keys; it rewrites en.po and adds the new keys, untranslated,
to the other catalogs (the completeness test then fails until someone translates them).
"""

from __future__ import annotations

import contextvars
import datetime
import importlib
import re
import string
import sys
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from rules.words import fold

LANGS = ("en", "id", "hi", "tr")
DEFAULT = "en"
DECIMAL_COMMA = ("id", "tr")  # 0,5; English and Hindi write 0.5
LOCALE_DIR = Path(__file__).parent / "locale"


def _base(lang: str | None) -> str:
    """"en-US", "tr_TR", "id" -> "en", "tr", "id"."""
    base = (lang or "").replace("_", "-").split("-", 1)[0].strip().lower()
    return "id" if base == "in" else base  # Java's legacy tag for Indonesian, still sent


def normalise(lang: str | None) -> str:
    """A platform's language tag ("en-US", "tr_TR", "id") -> one of LANGS (else English)."""
    base = _base(lang)
    return base if base in LANGS else DEFAULT


def known(lang: str | None) -> bool:
    """Whether a language tag names one of LANGS (normalise() reads anything else as
    English)."""
    return _base(lang) in LANGS


def source_messages() -> dict[str, str]:
    """Every key the bot can send, with its English text: the core's, the engine's generic
    errors, and each present game's MESSAGES (picked up dynamically)."""
    from rules import game_ids

    from . import texts

    out = dict(texts.MESSAGES)
    for module_name in ["rules.errors", *(f"rules.{g}" for g in game_ids())]:
        module = importlib.import_module(module_name)
        out.update(getattr(module, "MESSAGES", {}))
    return out


@cache
def catalog(lang: str) -> dict[str, str]:
    path = LOCALE_DIR / f"{lang}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        cat = read_po(f, locale=lang)
    return {m.id: m.string for m in cat if m.id and m.string}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class _Params(dict):
    def __missing__(self, key):  # a text that names a param nobody sent: show it as is
        return "{" + key + "}"


# A platform's own way with the catalog's words, applied to each text before its
# parameters go in (never to a name or word someone typed): `templates_as`.
_template_hook: contextvars.ContextVar = contextvars.ContextVar("template_hook", default=None)


@contextmanager
def templates_as(rewrite):
    """Within: every catalog text passes through `rewrite(text, lang)` before its
    parameters go in."""
    token = _template_hook.set(rewrite)
    try:
        yield
    finally:
        _template_hook.reset(token)


_STOP_AFTER = re.compile(r"(\{(\w+)\})\.")


def translate(lang: str, key: str, params: dict | None = None) -> str:
    """The text for `key` in `lang` (falling back to English, then to the key itself)."""
    text = catalog(lang).get(key) or catalog(DEFAULT).get(key) or key
    if (hook := _template_hook.get()) is not None:
        text = hook(text, lang)
    if not params:
        return text
    shown = _Params({k: show(lang, v) for k, v in params.items()})
    # a sentence that ends on a name ending in its own full stop ("Winner: K.") takes no
    # second one
    text = _STOP_AFTER.sub(lambda m: m[1] if str(shown.get(m[2], "")).endswith(".") else m[0],
                           text)
    try:
        return text.format_map(shown)
    except (ValueError, IndexError, AttributeError):
        return text


def read_back(prefix: str, ids) -> dict[str, str]:
    """Each id's word in every language, as a user may type it back, to that id (so a
    Turkish player answers "/addbot usta" with the word the bot showed them)."""
    return {fold(translate(lang, f"{prefix}{i}")): i for lang in LANGS for i in ids}


# The languages' names as people also write them: Hindi's हिन्दी beside the catalog's
# हिंदी, अंग्रेजी without the nukta, the English words written in Devanagari, Turkish
# names typed without their letters (fold keeps ü and ç), Hindi's in Latin letters
_OTHER_SPELLINGS = {"हिन्दी": "hi", "अंग्रेजी": "en", "इंग्लिश": "en",
                    "इंडोनेशियन": "id", "टर्किश": "tr", "turkce": "tr", "ingilizce": "en",
                    "hintce": "hi", "indonesia": "id", "inggris": "en", "turki": "tr",
                    "indo": "id",
                    # (Hindi as most type it, in Latin letters)
                    "angrezi": "en", "angreji": "en"}


def language_named(typed: str) -> str | None:
    """The language `typed` names (/lang, /mylang): its code ("İD" too, "en-US"), or its
    name in any of the bot's languages as /lang shows them ("Turkish", "Türkçe") or as
    people also write it; None if it names none."""
    wanted = fold(typed)
    if known(wanted):
        return normalise(wanted)
    names = read_back("core.lang.", LANGS) | _OTHER_SPELLINGS
    return names.get(wanted) or names.get(f"bahasa {wanted}")  # "Indonesia" alone


def show(lang: str, value) -> str:
    """One parameter as text: nested Lines are translated; lists and Joined parts joined;
    on/off for bools."""
    from .messages import Joined, Line

    if isinstance(value, Line):
        return translate(lang, value.key, value.params)
    if isinstance(value, Joined):
        return value.sep.join(show(lang, v) for v in value.parts)
    if isinstance(value, bool):
        return translate(lang, "core.on" if value else "core.off")
    if isinstance(value, list | tuple):
        return ", ".join(show(lang, v) for v in value)
    if isinstance(value, float):
        return number(lang, value)
    return str(value)


def decimal_sign(lang: str) -> str:
    """The language's decimal sign: a comma in Turkish and Indonesian (0,5), else 0.5."""
    return "," if lang in DECIMAL_COMMA else "."


def number(lang: str, x: float) -> str:
    """A fraction as the language writes it: at most two decimals, none when whole, and
    its decimal sign (a shared win: 0.5 / 0,5; the league picture takes the same sign)."""
    return f"{x:.2f}".rstrip("0").rstrip(".").replace(".", decimal_sign(lang))


def render_lines(lines, lang: str) -> str:
    """A message's lines as one text (what an adapter sends)."""
    return "\n".join(translate(lang, line.key, line.params) for line in lines)


def render(message) -> str:
    return render_lines(message.lines, message.lang)


# -- building the catalogs ---------------------------------------------------------------
def _read(lang: str) -> Catalog:
    path = LOCALE_DIR / f"{lang}.po"
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang)
    return _new_catalog(lang)


# Fixed header dates keep rebuilt catalogs free of diff noise.
_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
_HEADER = "# tilebot messages ({lang}). Keys come from bot/texts.py and rules/<game>.py MESSAGES;\n" \
          "# rebuild with `python -m bot.i18n`."


def _new_catalog(lang: str) -> Catalog:
    return Catalog(locale=lang, project="tilebot", version="1", charset="utf-8",
                   creation_date=_EPOCH, revision_date=_EPOCH,
                   header_comment=_HEADER.format(lang=lang))


def _write(lang: str, cat: Catalog) -> None:
    LOCALE_DIR.mkdir(exist_ok=True)
    with (LOCALE_DIR / f"{lang}.po").open("wb") as f:
        write_po(f, cat, width=0, omit_header=False, sort_output=True, no_location=True)


def build() -> dict[str, int]:
    """Rewrite en.po from the sources; add missing keys (empty) to the other catalogs and
    drop keys no source has any more. Returns {lang: untranslated count}."""
    sources = source_messages()
    en = _new_catalog("en")
    for key, text in sources.items():
        en.add(key, text)
    _write("en", en)
    missing = {}
    for lang in LANGS[1:]:
        old = _read(lang)
        cat = _new_catalog(lang)
        for key in sources:
            msg = old.get(key)
            cat.add(key, msg.string if msg else "")
        _write(lang, cat)
        missing[lang] = sum(1 for key in sources if not (old.get(key) and old.get(key).string))
    catalog.cache_clear()
    return missing


if __name__ == "__main__":
    for lang, n in build().items():
        print(f"{lang}: {n} untranslated", file=sys.stderr)
