"""The words our players say moves with, besides the moves' own English words (README:
moves are typed in English; these are read so the answer can name the move to type):
/rules' glosses, and the words said among a move's tiles: a meld's, a seat's, a table's,
Hindi's postpositions, chat's fillers. `bot/notation.py` reads them."""

from __future__ import annotations

import re

from rules.words import fold

# The words /rules glosses the move words with (bot/locale), typed as if they were moves:
# answered with the move word to type (moves are English everywhere, README). Dominoes reads
# its own (lewat, pas, buang, ters, उल्टी) as moves. A gloss of several words ("ambil
# buangan", take) is read before its first word alone ("ambil", draw); Hindi's familiar
# forms too (उठाओ, as the dominoes gloss says खेलो).
GLOSSES = {"ambil": "draw", "ambil buangan": "take",
           "turun pasangan": "pairs", "buang": "discard",
           "tempel": "add", "kembalikan": "return", "ambil okey": "swap", "cek": "draw",
           "çek": "draw", "atılanı al": "take", "al": "take", "at": "discard",
           "el aç": ("open", "place"), "aç": ("open", "place"), "çiftle aç": "pairs", "işle": "add",
           "indir": "meld", "geri koy": "return", "okeyi al": "swap",
           "उठाएँ": "draw", "उठाएं": "draw", "उठाओ": "draw", "फेंकी टाइल लें": "take",
           "लें": "take", "लो": "take", "ओकेय लें": "swap", "फेंकें": "discard", "फेंको": "discard",
           "खोलें": "open", "खोलो": "open", "जोड़ियों से खोलें": "pairs",
           "जोड़ें": "add", "जोड़ो": "add", "मेल्ड": "meld", "लौटाएँ": "return",
           "लौटाएं": "return", "lewat": "pass", "pas": "pass", "पास": "pass",
           "रखें": "place", "taruh": "place",
           # Turkish table talk, as /rules and the bot's lines say it: "yeni per indir",
           # "3. pere işle", "yandan aldı" (the discard beside), "ortadan çek" (the pile)
           "per indir": "meld", "yeni per indir": "meld", "pere işle": "add",
           "yandan al": "take", "ortadan çek": "draw", "koy": "place",
           # and as the bot's own Turkish lines say them: "desteden çek" (the take hint),
           # "yerden taş almadın", Yüzbir's "per aç", the group's "yeni çift açtı"
           "desteden çek": "draw", "yerden al": "take", "per aç": ("open", "place"), "çift aç": "pairs",
           # (the Turkish command menu's own: "okeyi geri al", "per koy", "son atılan taşı al",
           # "perlerle aç"; the pile's words with "al" are a draw, not the discard's take;
           # Yüzbir's button "Açılışı geri al", Y7: the discard that takes it back)
           "okeyi geri al": "swap", "per koy": "meld", "son atılan taşı al": "take",
           "atılan taşı al": "take", "perlerle aç": ("open", "place"),
           "desteden al": "draw", "ortadan al": "draw", "desteden taş al": "draw",
           "ortadan taş al": "draw", "desteden bir taş al": "draw", "ortadan bir taş al": "draw",
           "açılışı geri al": "discard",  # (not "geri al" alone: /back's words too)
           "aldığın taşı geri koy": "return", "taşı geri koy": "return",  # (/return's menu)
           "okeyi değiştir": "swap", "değiştir": "swap",  # ("okeyi r6 ile değiştir")
           "ekle": "add",  # (add, as any Turkish says it; okey players say "işle")
           # (the first person as a move is announced: "r5 atıyorum", "açıyorum ...")
           "çekiyorum": "draw", "atıyorum": "discard", "açıyorum": ("open", "place"),
           "işliyorum": "add", "ekliyorum": "add", "indiriyorum": "meld", "alıyorum": "take",
           # (and a pair as /rules names it, "çift", "Bu çiftleri koyabilirsin")
           "çift": "pairs", "çiftler": "pairs", "çiftleri koy": "pairs", "çift koy": "pairs",
           # the tile named before the verb, as people say it: "taş çek", "ambil batu"
           "taş çek": "draw", "taş at": "discard", "ambil batu": "draw",
           "buang batu": "discard", "टाइल उठाएँ": "draw", "टाइल फेंकें": "discard",
           # Indonesian as the bot's own lines say it (Rummikub's "batu yang kamu turunkan",
           # Discord's "letakkan batu", "lewati"); a word of several games is the move of
           # the first game that has one of its moves: turunkan is an okey meld, a Rummikub
           # place
           "turunkan": ("meld", "place"), "turun": ("open", "place"), "letakkan": "place",
           "buka": ("open", "place"),  # (okey101.md's own word for the opening; not
           # opening a table, as /help says /new: "buka meja", "buka rummikub")
           "buka meja": "", "buka meja baru": "", "buka rummikub": "", "buka domino": "",
           "buka okey101": "", "buka yuzbir": "", "buka yüzbir": "",  # (not "buka okey":
           # an opening that starts with the okey, "buka okey r6 r7 | ...")
           "pasang": "place", "mainkan": "place", "main": "place", "lewati": "pass",
           "tarik": "draw", "skip": "pass", "turunkan pasangan": "pairs",
           # (/help's "tempelkan batu ke kombinasi", the rack's "kamu bisa menempel", and
           # the discard as people name it: "ambil buangannya", "ambil yg dibuang")
           "tempelkan": "add", "menempel": "add", "tambahkan": "add",
           "ambil buangannya": "take", "ambil yg dibuang": "take", "ambil yang dibuang": "take",
           "ambil dari buangan": "take", "ambil kembali okey": "swap",
           # (and as chat says them: "turunin", "tukar okey", "taruh pasangan", the pairs
           # hint's "menaruh pasangan")
           "turunin": ("meld", "place"), "tukar": "swap", "ganti": "swap", "tukar okey": "swap",
           "ganti okey": "swap", "ambil okeynya": "swap", "tukar okeynya": "swap",
           "ganti okeynya": "swap",
           "taruh pasangan": "pairs", "menaruh pasangan": "pairs",
           # (chat's colloquial forms: "buangin", "ngambil", "narik", "balikin")
           "buangin": "discard", "ngambil": "draw", "narik": "draw", "balikin": "return",
           "tempelin": "add", "tuker": "swap", "tukerin": "swap",
           # (join on, as dominoes says a play: "sambung * ke 2")
           "sambung": "add", "sambungkan": "add", "sambungin": "add",
           # (the bot's button "Tarik kembali turunan", Y7: not a draw; typed, the discard
           # that takes a short opening back, as the turn's line says: "tarik kembali dengan
           # /discard ...")
           "tarik kembali": "", "tarik kembali turunan": "discard",
           "tarik kembali okey": "swap",  # (as "ambil kembali okey": not its discard, Y17)
           # Hindi's other everyday forms, and as most type it, in Latin letters
           "टाइल उठाओ": "draw", "खींचो": "draw", "फेंकी टाइल लो": "take", "रखो": ("meld", "place"),
           "uthao": "draw", "uthaen": "draw", "phenko": "discard", "feko": "discard",
           "khicho": "draw", "kheecho": "draw", "khincho": "draw", "kheencho": "draw",
           # (a new tile, from the pile: "नई टाइल लो" is no take of the discard)
           **{f"{new} {tile} {verb}": "draw" for new in ("नई", "नयी", "नया", "nayi", "naya",
                                                        "nai", "nayee")
              for tile in ("टाइल", "tile") for verb in ("उठाओ", "लो", "लें", "उठाएँ", "uthao",
                                                         "lo", "le", "utha lo", "लीजिए",
                                                         "लीजिये", "उठाइए", "lijiye")},
           "fenko": "discard", "kholo": "open", "jodo": "add", "rakho": ("meld", "place"),
           # (without the nasal mark, compound and polite forms, as people say them)
           "फेको": "discard", "फेंक दो": "discard", "फेंकिए": "discard", "pheko": "discard",
           "phek do": "discard", "उठा लो": "draw", "उठाइए": "draw", "utha lo": "draw",
           "ले लो": "take", "लौटाओ": "return", "रख दो": ("meld", "place"),
           # (the command menu's and /rules' own: "ओकेय वापस लें", "मेल्ड रखें", "नया मेल्ड
           # रखें", the rack's "मेल्ड उतार सकते हैं"; Rummikub's menu "चलें")
           "ओकेय वापस लें": "swap", "ओकेय लो": "swap", "मेल्ड रखें": ("meld", "place"),
           "नया मेल्ड रखें": "meld", "उतारें": ("meld", "place"), "उतारो": ("meld", "place"),
           "चलें": "place", "खेलो": "place", "rakh do": ("meld", "place"), "phenk do": "discard",
           "khol do": "open", "jod do": "add",
           # (Hinglish as typed: "r12 k12 y12 lagao", "le lo", "tile uthao")
           "lagao": ("place", "add"), "लगाओ": ("place", "add"), "khelo": "place", "lo": "take", "le lo": "take",
           "tile uthao": "draw", "ek tile uthao": "draw", "एक टाइल उठाओ": "draw",
           # (the command menu's others, and their everyday forms: "जोड़ियाँ रखें", "आख़िरी
           # फेंकी टाइल लें", "ली हुई टाइल वापस रखें", "टाइलें रखें"; "naya meld rakho")
           "जोड़ियाँ रखें": "pairs", "जोड़ियाँ रखो": "pairs", "जोड़ियों से खोलो": "pairs",
           "आख़िरी फेंकी टाइल लें": "take", "आख़िरी फेंकी टाइल लो": "take",
           "ली हुई टाइल वापस रखें": "return", "ली हुई टाइल वापस रखो": "return",
           "टाइलें रखें": "place", "टाइलें रखो": "place", "नया सेट रखो": "place",
           "नया सेट रखें": "place", "चलो": "place", "chalo": "place",
           "नया मेल्ड रखो": "meld", "naya meld rakho": "meld", "मेल्ड रखो": ("meld", "place"),
           "meld rakho": ("meld", "place"), "ओकेय वापस लो": "swap", "okey wapas lo": "swap",
           # (Yüzbir's button "ओपनिंग वापस लें", Y7: the discard that takes a short opening
           # back, as Indonesian "tarik kembali turunan"; /rules' draw "ढेर से टाइल उठाएँ")
           "ओपनिंग वापस लें": "discard", "ओपनिंग वापस लो": "discard",
           "opening wapas lo": "discard", "ढेर से टाइल उठाएँ": "draw", "ढेर से टाइल उठाओ": "draw",
           "ढेर से उठाओ": "draw", "ढेर से उठाएँ": "draw", "pile se uthao": "draw",
           }  # (not वापस: /back's word too, "सीट वापस लें")

# Indonesian "to" / "in", and Hindi's को / में, as a gloss's words may say them
GLOSSED_TARGETS = {"ke", "di", "को", "में", "ko", "mein", "me", "dari"}  # (dari: from, a swap's)

# Hindi's, after the number they govern ("1 में"), as most type them too ("2 mein")
POSTPOSITIONS = {"को", "में", "ko", "mein", "me", "से"}

IN_WORDS = {"में", "mein", "me", "से"}  # (in a meld; से: from it, "मेल्ड 2 से ओकेय लें")

OBJECT_MARKS = {"को", "ko"}  # Hindi's mark of the tile ("r13 को फेंको", "r13 को 1 में")

# the table, where a Rummikub /place lays tiles ("masaya", "ke meja", "टेबल पर")
TABLE_WORDS = {"masaya", "masa", "meja", "mejanya", "टेबल", "table"}

# Indonesian ordinals after a meld's word ("ke kombinasi pertama": to the first meld)
ORDINAL_WORDS = {"pertama": 1, "kesatu": 1, "kedua": 2, "ketiga": 3, "keempat": 4,
                 "kelima": 5, "keenam": 6, "ketujuh": 7, "kedelapan": 8, "kesembilan": 9,
                 "kesepuluh": 10}

# Hindi ordinals (feminine, as टाइल and सीट are), also as most type them in Latin letters
HINDI_ORDINALS = {"पहली": 1, "दूसरी": 2, "तीसरी": 3, "चौथी": 4, "पाँचवीं": 5, "पांचवीं": 5,
                  "छठी": 6, "सातवीं": 7, "आठवीं": 8, "नौवीं": 9, "दसवीं": 10,
                  "pehli": 1, "pahli": 1, "dusri": 2, "doosri": 2, "dusari": 2, "teesri": 3,
                  "tisri": 3, "chauthi": 4, "paanchvi": 5, "panchvi": 5}

# Turkish ordinals before a meld's word ("birinci pere işle", "ilk pere": to meld 1), with
# and without Turkish letters
TURKISH_ORDINALS = {"birinci": 1, "ilk": 1, "ikinci": 2, "üçüncü": 3, "ucuncu": 3,
                    "dördüncü": 4, "dorduncu": 4, "beşinci": 5, "besinci": 5, "altıncı": 6,
                    "altinci": 6, "yedinci": 7, "sekizinci": 8, "dokuzuncu": 9, "onuncu": 10}

LOW_WORDS = {"low", "bawah"}  # (O-D4's low end; Indonesian "okey di ujung bawah seri")

# chat's words after a move ("buang r13 sekarang", "at r13 hadi", "discard r13 dong"),
# among its tiles too ("buang y7 aja")
CHAT_AFTER = ("dong", "donk", "ya", "yah", "aja", "saja", "deh", "nih", "sih", "lah",
              "sekarang", "dulu", "hadi", "şimdi", "abhi", "अभी",
              # Turkish table talk: "çek bakalım", "y13 at abi", "at y13 lütfen"
              "bakalım", "bakalim", "abi", "kanka", "lütfen", "lutfen", "hemen",
              # and Indonesian chat's ("buang r9 wkwk", "dlu", "plis", "yaa", "yuk")
              "wkwk", "wkwkwk", "dlu", "plis", "yaa", "yuk", "ayo",
              # and a please, a brother, a friend, in any of our languages ("discard r13
              # please", "draw bhai", "0-2 khelo yaar", "उठाओ भाई")
              "please", "pls", "plz", "bhai", "bhaiya", "yaar", "ji", "भाई", "यार", "जी",
              "tolong")

# words said among a move's tiles that are none ("buang yg kuning 7", "buang y7 aja")
FILLERS = {"yg", "yang", "dengan", "pake", "pakai", "sama", "ile", *CHAT_AFTER,
           # to whom ("buang r9 bang"), and a rack number's word ("buang nomor 2")
           "bang", "kak", "mas", "gan", "bro", "sis", "no", "nomor",
           # a tile's word before its name or number ("discard टाइल 2", "discard tile r7")
           "tile", "टाइल",
           # back, as the okey is taken back ("okeyi 2'den geri al": /swap, as "okeyi 2'den al")
           "geri",
           # Indonesian chat's now, mate, the ("buang r8 skrg", "buang r8 cuy", "buang si r8"),
           # and a run's end ("tempel * ke 2 di ujung bawah", as /rules says the low end)
           "skrg", "skg", "cuy", "coy", "si", "ujung",
           # the tile pointed at ("at şunu y13": that one)
           "şunu", "sunu", "bunu",
           # who says it ("gue buang r9": I discard r9)
           "gue", "gw", "aku", "saya"}

# what a draw's (or a pass's) words may name besides: the tile, the pile, the turn, a
# please ("çek bir taş", "ambil batu dari tumpukan", "pas geç", "lewati giliran", "çek
# lütfen", "uthao bhai")
DRAW_WORDS = {"taş", "tas", "bir", "bi", "batu", "satu", "tile", "a", "टाइल", "एक", "ek",
              "tumpukan", "dari", "deste", "desteden", "ortadan", "yeni", "baru", "lagi",
              "geç", "gec", "giliran", "giliranku", "sıra", "sira", "turn", "lütfen",
              "lutfen", "bhai", "please", "pls", "tolong"}

# a seat's word before its number, in our languages: Yüzbir's pairs laid on another's
# ("ke kursi 2", "koltuk 2'ye", Y9), "/addbot expert seat 4" (no level)
SEAT_WORDS = {fold(w) for w in ("seat", "kursi", "koltuk", "koltuğa", "koltuğun", "सीट")}

# numbers as words, read as digits after a number's word or a meld's ("buang nomor dua",
# "kombinasi satu", "discard number five", "नंबर दो"; bot/notation.py numbers_said)
NUMBER_WORDS_IN = {lang: {fold(w): n for words in spelled for n, w in enumerate(words, 1)}
                   for lang, spelled in (
    ("en", [("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen")]),
    ("id", [("satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan",
             "sepuluh", "sebelas")]),
    ("tr", [("bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz", "on"),
            ("bir", "iki", "uc", "dort", "bes")]),
    ("hi", [("ek", "do", "teen", "char", "paanch", "chhah", "saat", "aath", "nau", "das",
             "gyarah", "barah", "terah", "chaudah", "pandrah"),
            ("एक", "दो", "तीन", "चार", "पाँच", "छह", "सात", "आठ", "नौ", "दस", "ग्यारह", "बारह",
             "तेरह", "चौदह", "पंद्रह"), ("ek", "do", "teen", "chaar", "पांच")]))}
NUMBER_WORDS = {w: n for words in NUMBER_WORDS_IN.values() for w, n in words.items()}
# each language's colour words (rules/tiles.py reads them all): a tile's number said as a
# word after its colour is read in the colour's language ("kırmızı beşi", "merah lima", "लाल
# तीन"), so "red on" is no Turkish ten nor "kali dua" a Hindi black two
COLOURS_IN = {lang: {fold(w) for w in words} for lang, words in (
    ("en", ("red", "blue", "black", "yellow", "orange")),
    ("id", ("merah", "biru", "hitam", "item", "kuning", "oranye", "jingga", "oren")),
    ("tr", ("kırmızı", "mavi", "siyah", "kara", "sarı", "turuncu")),
    ("hi", ("लाल", "नीला", "नीली", "काला", "काली", "पीला", "पीली", "नारंगी", "lal", "laal",
            "neela", "nila", "neeli", "nili", "kala", "kaala", "kaali", "kali", "peela",
            "peeli", "pila", "pili", "narangi")))}
NUMBER_NOUNS = {"nomor", "nomer", "no", "no.", "number", "numara", "नंबर"}  # (left out: "nomor 2" is 2)
NUMBER_SAID_AFTER = {*NUMBER_NOUNS, "kombinasi", "meld", "मेल्ड", "set", "सेट", "kursi", "seat",
                     "koltuk", "सीट"}
# a tile's word, after which an Indonesian ordinal is the rack's number ("buang batu
# kedua", "buang batu ke-2": the second tile)
TILE_WORDS = {"batu", "tile", "टाइल"}
# ... and the words a Turkish or Hindi ordinal comes before ("3. taşı at", "üçüncü taşı
# at", "दूसरी टाइल फेंको", "dusri tile phenko": the third, the second tile)
TILE_AFTER_ORDINAL = {fold(w) for w in ("taş", "taşı", "tas", "tasi", "taşını", "टाइल",
                                        "tile")}
ORDINALS_BEFORE_TILE = {**TURKISH_ORDINALS, **HINDI_ORDINALS}
# a number's word glued to its digits: "buang no.2", "nomor2", "#2", "नंबर2"
GLUED_NUMBER = re.compile(r"(?:no\.?|nomor|nomer|number|numara|nr\.?|नंबर|#)(\d{1,2})",
                          re.IGNORECASE)
# an Indonesian ordinal in digits: "ke-2", "ke2" (the second)
DIGIT_ORDINAL = re.compile(r"ke-?(\d{1,2})", re.IGNORECASE)

# a seat's number as a word ("/join kursi dua", "/join seat two", "/join सीट दो"); before a
# seat's word a number is how many ("satu kursi", "ek seat": a seat, any), so it is read
# only alone or after one (bot/lobby.py lobby_args). Ordinals are read anywhere ("ikinci
# koltuk", "kursi kedua").
SEAT_NUMBER_WORDS = {w: n for w, n in NUMBER_WORDS.items() if n <= 5}
SEAT_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
                 **{w: n for w, n in ORDINAL_WORDS.items() if n <= 5},
                 **{w: n for w, n in TURKISH_ORDINALS.items() if n <= 5 and w != "ilk"},
                 **{w: n for w, n in HINDI_ORDINALS.items() if n <= 5}}

# chat said around a lobby command ("/join dong", "/start please", "/join nomor 2")
# ("nomor 2" is numbers_said's, in bot/notation.py; alone, "/arrange नंबर" is by number)
LOBBY_CHAT = {*CHAT_AFTER, "mau", "ikut", "gue", "aku", "saya", "karo", "करो", "करें", "kar",
              "कर", "karein", "kardo", "कीजिए"}
# ("kar do", "कर दो": do it, not seat two)
DO_IT = {("kar", "do"), ("कर", "दो"), ("कर", "दें")}
# ... and after a command that shows or tells, or /back: "/hand dikhao", "/table दिखाओ",
# "/rules batao", "/back aa gaya" (I am back); not /hide's own दिखाओ (show the okey)
ASKING_CHAT = {"dikhao", "dikhaao", "दिखाओ", "दिखाइए", "दिखाएँ", "दिखाएं", "दिखा", "batao",
               "बताओ", "बताइए", "बताएँ", "बताएं", "aa", "gaya", "gayi", "gya", "आ", "गया", "गई",
               "गयी", "hu", "hun", "hoon", "हूँ", "हूं"}

# a yes said before a move ("ok, buang r8", "oke draw"): "ok" is also the okey's name
INTERJECTIONS = {"ok", "oke", "okay", "okeh", "okelah", "sip", "oce"}

# who says a move, said before it ("gue ambil", "aku tarik", "मैं पास", Hinglish "main
# pass", "i pass"); Indonesian "main" is also "play" ("main 3-5", "main di kiri 3-5"), so
# it is "I" only before another move's word (bot/notation.py without_speaker)
SPEAKERS = {"gue", "gw", "aku", "saya", "मैं", "main", "mai", "i", "ben"}
MAIN_SAYS_I_BEFORE = {"pass", "paas", "draw", "discard", "drop", "take", "open", "meld", "pairs",
                      "add", "swap", "return",
                      # and the Hindi verbs as typed in Latin letters ("main uthao", "main
                      # phenko r5", "main khelo 3-5")
                      "uthao", "utha", "uthaen", "phenko", "pheko", "feko", "fenko", "phenk",
                      "phek", "khelo", "kholo", "khol", "jodo", "jod", "rakho", "rakh", "lo",
                      "le", "lagao", "chalo", "ulta", "ulti"}

# Hindi's "do" after a move, as people say it: "discard r5 करो", "draw kar do"; and
# Indonesian chat's last word after any move ("discard r13 dong", "play 0-1 aja")
DO_WORDS = ("करो", "करें", "कीजिए", "कर दो", "कर दें", "karo", "karein", "kar do", "kardo",
            "yap", "et", *CHAT_AFTER)  # (Turkish "draw yap", "discard y13 et")

NOT_SLOT_AFTER = {"to", "in"}  # a number after them is a meld or a seat, no rack number

# the words before a meld's number as our players write them (ke, di, pada, को, में; the
# meld as kombinasi, per, मेल्ड), read by the engine as "to" / "in" (rules/okey_actions.py)
TARGET_WORDS = {*NOT_SLOT_AFTER, *GLOSSED_TARGETS, "pada"}

MELD_WORDS = {"meld", "kombinasi", "per", "मेल्ड", "seri", "set"}  # ("tempel * ke set 2")

SET_WORDS = {*MELD_WORDS, "सेट"}  # a Rummikub set's word before its number

ON_WORDS = {"पर", "pe", "par"}  # Hindi "on", after the number it governs ("सेट 3 पर")
