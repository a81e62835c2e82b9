"""Words the bot quotes back or shows as names (rules/words.py)."""

from __future__ import annotations

from rules.words import cut_to, echoed, fold

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # one emoji of four


def test_a_long_name_is_cut_between_the_characters_people_see_not_inside_one():
    cut = cut_to(FAMILY * 10, 32)
    assert cut.endswith(FAMILY + "…") and len(cut) <= 32
    assert cut_to("Jose\u0301" * 10, 11) == "Jos\u00e9Jos\u00e9…".replace("\u00e9", "e\u0301")
    assert cut_to("\U0001f44d\U0001f3fd" * 20, 10) == "\U0001f44d\U0001f3fd" * 4 + "…"
    assert cut_to("Budi", 32) == "Budi"  # short names whole


def test_direction_marks_are_dropped_so_they_cannot_turn_the_bots_words_around():
    assert echoed("\u202ert") == "rt"  # "/lang \u202ert": the refusal reads left to right
    assert cut_to("\u2067Ali\u2069", 32) == "Ali"
    assert echoed("x" * 100) == "x" * 39 + "…"


def test_fold_reads_turkish_capitals():
    assert [fold(w) for w in ("AÇIK", "İD", "aktif")] == ["açik", "id", "aktif"]


def test_tiles_and_moves_typed_in_turkish_capitals_read_as_in_small_letters():
    """MAVİ 3, SİYAH 3, KIRMIZI 7 (Turkish keyboards put a dot on a capital i) are the
    colours the Turkish help names; str.lower made 'mavi̇' of them and refused the tile."""
    from rules import find_game
    from rules.tiles import is_colour_word, kind, parse_tile, parse_tiles

    assert [parse_tile(t) for t in ("MAVİ3", "SİYAH 3", "KIRMIZI7", "SARI 1", "kırmızı 7")] == [
        kind(1, 3), kind(2, 3), kind(0, 7), kind(3, 1), kind(0, 7)]
    assert parse_tiles("MAVİ 3 SİYAH 3") == [kind(1, 3), kind(2, 3)]
    assert is_colour_word("SİYAH") and is_colour_word("Sarı")
    okey = find_game("okey101")
    assert okey.parse_action("DİSCARD MAVİ 3") == okey.parse_action("discard b3")
    assert okey.parse_action("ADD SİYAH 3 TO 2") == okey.parse_action("add k3 to 2")
    dominoes = find_game("dominoes")
    assert dominoes.parse_action("PLAY 3-5 SAĞ") == dominoes.parse_action("play 3-5 right")
    rummikub = find_game("rummikub")
    assert rummikub.parse_action("PLAY MAVİ 3 MAVİ 4 MAVİ 5") == rummikub.parse_action(
        "play b3 b4 b5")


def test_a_right_to_left_name_is_isolated_so_numbers_stay_beside_it():
    """"4. محمد: 1248" laid out by the bidi rules reads "4. 1248 :محمد" unless the name is
    isolated (U+2068 ... U+2069); Latin, Turkish and Devanagari names are left alone."""
    from rules.words import isolated

    assert isolated("محمد العربي") == "\u2068محمد العربي\u2069"
    assert isolated("שלום") == "\u2068שלום\u2069"
    for name in ("Ayşe", "प्रिया", "Ali 🙂", ""):
        assert isolated(name) == name


def test_switch_words_read_indonesians_everyday_on_and_off():
    """`league=mati` was refused ("Boleh: aktif, nonaktif"): mati, nyala and hidup are the
    words Indonesian players use for off and on (a scan)."""
    from rules.game import switch_word

    assert [switch_word(w) for w in ("mati", "MATI", "nyala", "hidup")] == [False, False,
                                                                         True, True]
    assert switch_word("nonaktif") is False and switch_word("kadang") is None


def test_a_hindi_letter_typed_as_one_character_reads_as_the_bots_two():
    """ड़ is one character on some keyboards (U+095C) and two (ड and its dot) in the bot's
    words: "जोड़ें" typed either way was read only one way (the regression scan)."""
    one, two = "\u091c\u094b\u095c\u0947\u0902", "\u091c\u094b\u0921\u093c\u0947\u0902"
    assert one != two and fold(one) == fold(two) == two
