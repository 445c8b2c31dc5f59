"""The PHH reader's line scans (``from_phh``) against a plain token-by-token oracle: the
fast paths (a one-line ``actions`` array split at its quotes; keys and line ends found in
one pass) must give the lines the full scan gives, whatever the text."""

from __future__ import annotations

import random
import re

import pytest

from floorman.domain.audit.from_phh import _action_lines, _key_lines

_ACTIONS = re.compile(r"(?m)^[ \t]*actions[ \t]*=[ \t]*\[")
_ITEM = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*|\]")
_KEY = re.compile(r"(?m)^[ \t]*([A-Za-z0-9_-]+)[ \t]*=")


def _oracle_action_lines(text: str, offset: int) -> list[int]:
    start = _ACTIONS.search(text)
    if start is None:
        return []
    lines = []
    for token in _ITEM.finditer(text, start.end()):
        if token.group() == "]":
            break
        if token.group()[0] != "#":
            lines.append(text.count("\n", 0, token.start()) + 1 + offset)
    return lines


def _oracle_key_lines(text: str, offset: int) -> dict[str, int]:
    lines: dict[str, int] = {}
    for match in _KEY.finditer(text):
        lines.setdefault(match.group(1), text.count("\n", 0, match.start()) + 1 + offset)
    return lines


_TEXTS = [
    "",
    "\n",
    "variant = 'NT'\nactions = ['d dh p1 AsKd', 'p1 f']\nhand = 3\n",
    "actions = ['a]', 'b']\n",
    "actions = ['a' ] # x",
    "actions = ['a', \"b\"]",
    "actions = ['a', 'b\nactions = []",
    "x = 1\n  actions = [\n 'a',\n 'b', # c\n ]\n",
    "actions = [''' a''']",
    "actions = ['a'''",
    "actions = ['a', 'b'",
    "actions = [] \nk = 2",
    "actions = ['a'] ]",
    "actions = [ 'a' , 'b' , ]",
    "\n\n a-b = 1\n\tc_d=2\nactions = ['p1 f', 'p2 cc']\n\"q\" = 3\n x = 4 \n x = 5",
]


def _random_texts() -> list[str]:
    rng = random.Random(15)
    texts = []
    for _ in range(3000):
        texts.append("actions = [" + "".join(rng.choices("ab'\"#] \n[=,", k=rng.randint(0, 15))))
        texts.append("".join(rng.choices("ab =\n\t_-x#'", k=rng.randint(0, 30))))
    return texts


@pytest.mark.parametrize("offset", [0, 7])
def test_line_scans_agree_with_the_token_scan(offset):
    for text in _TEXTS + _random_texts():
        assert _action_lines(text, offset) == _oracle_action_lines(text, offset), text
        assert _key_lines(text, offset) == _oracle_key_lines(text, offset), text
