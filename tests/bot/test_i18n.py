"""Catalogs: English, Indonesian, Hindi, Turkish. Keys come from the core and, dynamically,
from every game module present, so a key a game adds fails here until it is translated."""

from __future__ import annotations

import random
import re

import pytest

import rules
from bot import i18n
from bot.messages import Line
from rules.ai import make_agent
from rules.dominoes_actions import parse_action

SOURCES = i18n.source_messages()


def test_sources_cover_every_present_game():
    for gid in rules.game_ids():
        module = __import__(f"rules.{gid}", fromlist=["MESSAGES"])
        assert set(module.MESSAGES) <= set(SOURCES), gid


def test_english_catalog_is_built_from_the_sources():
    assert i18n.catalog("en") == SOURCES, "run `python -m bot.i18n` to rebuild en.po"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_key_translated_with_the_same_placeholders(lang):
    cat = i18n.catalog(lang)
    missing = sorted(set(SOURCES) - set(cat))
    assert not missing, f"{lang} lacks {missing}"
    stale = sorted(set(cat) - set(SOURCES))
    assert not stale, f"{lang} has keys no source sends: {stale}"
    wrong = [k for k in SOURCES if i18n.placeholders(cat[k]) != i18n.placeholders(SOURCES[k])]
    assert not wrong, f"{lang}: placeholders differ in {wrong}"


@pytest.mark.parametrize("lang", ("id", "hi", "tr"))
def test_translations_are_real(lang):
    cat = i18n.catalog(lang)
    wordy = [k for k, v in SOURCES.items() if len(re.sub(r"\{\w+\}", "", v).split()) > 2]
    same = [k for k in wordy if cat.get(k) == SOURCES[k]]
    assert len(same) <= len(wordy) // 20, f"{lang} copies English: {same}"
    if lang == "hi":
        assert all(re.search("[\u0900-\u097F]", cat.get(k, "")) for k in wordy if k in cat)


# One thing, one word: a reader who meets two words for a penalty wonders if they differ.
_ONE_WORD = {"hi": {"जुर्माना": ("दंड",)}}


def test_Y_D3_turkish_calls_the_limit_what_an_opening_must_beat_never_the_need():
    """"Açılışın (18 sayı) 19 sınırına ulaşmıyor" beside "19 gerekiyor (sınır 18)": the
    limit (sınır) is what an opening must exceed (Y-D3); 19 is what it needs."""
    cat = i18n.catalog("tr")
    assert not [k for k, v in cat.items() if "{need} sınır" in v]


@pytest.mark.parametrize("lang", sorted(_ONE_WORD))
def test_a_term_is_written_with_one_word_throughout(lang):
    cat = i18n.catalog(lang)
    for word, others in _ONE_WORD[lang].items():
        stray = sorted(k for k, v in cat.items() if any(o in v for o in others))
        assert not stray, f"{lang}: {stray} say {others} where the rest says {word}"


@pytest.mark.parametrize("lang", ("id", "hi", "tr"))
@pytest.mark.parametrize("game", ("okey101", "yuzbir"))
def test_every_okey_move_a_reader_types_in_english_is_glossed_in_their_words(lang, game):
    """The moves are typed in English words (`meld k1 k2 k3`); in the reader's language
    each one in the list of moves says what it does, `meld` and `add` as much as `draw`."""
    moves = i18n.catalog(lang)[f"core.moves.{game}"]
    words = ("draw", "take", "discard", "open", "pairs", "meld", "add", "swap", "return")
    for entry in re.split(r", (?=[a-z]+ ?)", moves.split(". r ")[0].split("। r ")[0]):
        if entry.split()[0] in words:
            assert re.search(r"\(.+\)", entry), (lang, entry)


@pytest.mark.parametrize("lang", ("id", "hi", "tr"))
def test_every_dominoes_move_word_is_glossed_with_a_word_the_bot_reads_as_it(lang):
    """/rules named play, left and right in English only (Turkish: no "oyna", "sol",
    "sağ"), though the bot reads its players' words for them: each is glossed with one
    that, typed instead, makes the same move (a scan)."""
    moves = i18n.catalog(lang)["core.moves.dominoes"]
    typed_as = {"play 3-5": "{} 3-5", "play 3-5 left": "3-5 {}", "play 3-5 right": "3-5 {}",
                "pass": "{}"}  # the reader's word in place of the English one
    for english, local in typed_as.items():
        glossed = re.search(re.escape(english) + r" \(([^ ;:,)]+)", moves)
        assert glossed, (lang, english)
        assert parse_action(local.format(glossed[1])) == parse_action(english), (lang, english)


@pytest.mark.parametrize("lang", ("id", "hi", "tr"))
def test_an_option_value_is_written_in_the_readers_word_as_the_lobby_shows_it(lang):
    """The lobby line shows `league=बंद`; a text beside it saying `league=off` reads as a
    second setting (both are typed alike)."""
    cat = i18n.catalog(lang)
    off = cat["core.off"]
    assert not [k for k, v in cat.items() if "league=off" in v]
    assert any(f"league={off}" in v for v in cat.values())


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_discords_help_writes_every_command_as_its_slash_command_takes_it(lang):
    """On Discord a command's words go in its options (`/rules game:<game>`): the help
    names none in the typed form of the other chats (`/rules [game]`)."""
    text = i18n.catalog(lang)["core.help_discord"]
    assert not re.search(r"/\w+ \[", text), text
    assert "/rules game:" in text


def test_translate_nested_lines_lists_and_fallbacks():
    line = Line("core.started", {"game": Line("core.game.dominoes"),
                                 "players": [Line("core.seat_entry", {"seat": 1, "player": "Ali"}),
                                             Line("core.seat_entry", {"seat": 2, "player": "Budi"})]})
    assert i18n.render_lines([line], "tr") == "Domino oyunu başlıyor. Koltuklar: 1: Ali, 2: Budi"
    assert i18n.render_lines([line], "id") == "Permainan Domino dimulai. Kursi: 1: Ali, 2: Budi"
    assert i18n.translate("hi", "core.on") == "चालू"
    assert i18n.translate("xx", "core.goodbye") == "Bye."  # unknown language: English
    assert i18n.translate("en", "no.such.key", {"a": 1}) == "no.such.key"
    assert i18n.translate("en", "core.turn_untimed", {}) == "Turn: {player}."
    assert [i18n.normalise(x) for x in ("en-US", "tr_TR", "in", "id-ID", "hi", "fr", None)] == \
        ["en", "tr", "id", "id", "hi", "en", "en"]


@pytest.mark.parametrize("game", rules.game_ids())
def test_every_key_a_game_sends_has_a_text(game):
    """Random games: every event key and every error key raised is in the catalogs."""
    g = rules.find_game(game)
    agent = make_agent(game, "random")
    rng = random.Random(11)
    seen = set()
    for seed in range(3):
        state = g.new(g.Config(), seed=seed)
        for _ in range(3000):
            if state.is_finished:
                break
            view = state.view(state.current_player)
            for ev in state.apply(agent.choose(view, rng)):
                seen.add(ev.key)
    missing = sorted(k for k in seen if k not in SOURCES)
    assert not missing, f"{game} sends keys without a text: {missing}"


BAD_INPUT = ["", "pass", "banana", "play", "open", "discard", "discard q9", "play 9-9",
             "draw 5", "take me", "place r1 | zz", "drop", "open r1 r2 | x"]


@pytest.mark.parametrize("game", rules.game_ids())
def test_every_error_key_a_game_raises_has_a_text(game):
    """Typed nonsense and illegal moves: each error's key is in the catalogs."""
    from rules.errors import RulesError

    g = rules.find_game(game)
    state = g.new(g.Config(), seed=2)
    view = state.view(state.current_player)
    keys = set()
    for text in BAD_INPUT + [a.replace("discard", "open") for a in view.legal[:3]]:
        try:
            state.check(g.parse_action(text, view))
        except RulesError as e:
            keys.add(e.key)
    missing = sorted(k for k in keys if k not in SOURCES)
    assert not missing, f"{game} raises keys without a text: {missing}"


def test_every_error_key_the_rules_raise_has_a_catalog_text():
    """A refusal raised with a fixed key must be in the catalogs, or a Turkish player reads
    the engine's English ("each pair is two tiles"). The command-line hint's keys are for
    the terminal only."""
    import ast
    import pathlib

    raisers = {"IllegalAction": 2, "InvalidAction": 1, "ConfigError": 1, "RulesError": 1}
    missing = []
    for path in sorted(pathlib.Path(rules.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in raisers):
                continue
            at = raisers[node.func.id]
            key = node.args[at] if len(node.args) > at else next(
                (k.value for k in node.keywords if k.arg == "key"), None)
            if isinstance(key, ast.Constant) and key.value not in SOURCES \
                    and key.value != "error.hint_args":
                missing.append(f"{path.name}:{node.lineno} {key.value}")
    assert not missing


def test_O14_O16_a_later_meld_never_reads_as_the_opening():
    """In Turkish "açtı" (opened) is the word of the opening (O14): a meld laid after it
    (O16) is told with another verb, so a table that reads "r2 b2 k2 açtı" is not led to
    think a 6-point opening stood."""
    for lang in i18n.LANGS:
        opened = i18n.render_lines([Line("okey.opened", {"seat": 3, "melds": "r2 b2 k2 | r5 r6 r7", "value": 51})], lang)
        melded = i18n.render_lines([Line("okey.melded", {"seat": 3, "melds": "r2 b2 k2"})], lang)
        verb = {"tr": "açtı", "hi": "खोला", "id": "turun", "en": "opened"}[lang]
        assert verb in opened and verb not in melded, (lang, opened, melded)


def test_a_rummikub_move_reads_right_for_one_tile_or_many():
    """Hindi puts the verb after the tiles and makes it agree with them: the line names the
    move ("चाल चली") and lists the tiles after it, right for one tile or ten."""
    for tiles in ("b5", "r1 r2 r3 | b7 k7 y7"):
        text = i18n.render_lines([Line("rummikub.played", {"seat": 2, "tiles": tiles})], "hi")
        assert text == f"सीट 2 ने चाल चली: {tiles}।"
