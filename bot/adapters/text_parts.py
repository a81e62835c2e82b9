"""Long texts cut to a platform's message limit (Telegram 4096, Discord 2000 characters)."""

from __future__ import annotations

# where a sentence ends (Latin, Devanagari), else where a clause does, else a word: a long
# line is cut after one, outside brackets (a part that ends in "(both:" leaves the next one
# to open with its other half)
_ENDS = ((". ", "। ", "! ", "? "), ("; ", ": "), (" ",))


def split_text(text: str, limit: int) -> list[str]:
    """`text` in parts of at most `limit` characters, cut at line ends where possible; a
    line longer than a part is cut after a sentence, or else between words."""
    parts: list[str] = []
    current: str | None = None
    for line in text.splitlines() or [""]:
        for piece in _pieces(line, limit):
            if current is not None and len(current) + 1 + len(piece) <= limit:
                current += "\n" + piece
                continue
            if current is not None:
                parts.append(current)
            current = piece
    parts.append(current)
    return [p.rstrip("\n") or "…" for p in parts]


def _pieces(line: str, limit: int) -> list[str]:
    """`line` in pieces of at most `limit` characters, each cut where `_cut` says (the space
    a cut falls on goes with it)."""
    pieces = []
    while len(line) > limit:
        cut = _cut(line, limit)
        pieces.append(line[:cut].rstrip(" "))
        line = line[cut:].lstrip(" ")
    return [*pieces, line]


def _cut(line: str, limit: int) -> int:
    """Where a line longer than `limit` is cut: after the last sentence that ends outside
    brackets in the second half of the first `limit` characters, else after the last such
    clause, else at the last space outside brackets there, else at the last space in them;
    a word longer than a message (a line with no space) is cut where the limit falls."""
    window = line[:limit + 1]  # a space just after the limit is a word's end too
    depth = _bracket_depths(window)
    for ends in _ENDS:
        after = [i + 1 for i in range(limit // 2, len(window))
                 if not depth[i] and window.startswith(ends, i)]
        if after:
            return after[-1]
    indent = len(line) - len(line.lstrip(" "))  # no cut before the line's first word
    space = window.rfind(" ", indent + 1)
    return space if space > 0 else limit


def _bracket_depths(text: str) -> list[int]:
    """How many brackets are open at each character (a ")" with none open, as in "1)",
    closes nothing)."""
    depths, depth = [], 0
    for c in text:
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        depths.append(depth)
    return depths


def shortened(text: str, limit: int) -> str:
    """`text` in one part of at most `limit` characters: its first lines that fit, "…",
    and its last line (a table's caption keeps what just happened and whose turn it is;
    the lines cut describe what its picture shows)."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    last = lines[-1]
    if len(last) + 2 > limit:
        return text[:limit - 1] + "…"
    kept: list[str] = []
    room = limit - len(last) - len("…\n\n")
    for line in lines[:-1]:
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    return "\n".join([*kept, "…", last])


def word_cut(text: str, limit: int) -> str:
    """`text` in at most `limit` characters: cut after its last whole word that fits, with
    "…" (a button's label); a first word longer than that is cut within it."""
    if len(text) <= limit:
        return text
    space = text.rfind(" ", 0, limit)  # the "…" takes the space's place
    if space <= 0:
        return text[:limit - 1] + "…"
    return text[:space].rstrip() + "…"
