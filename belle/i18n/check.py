"""`python -m belle.i18n check`: is every visible string translated?

Fails when the template is out of date with the sources, when a language lacks a
translation (empty or fuzzy) of a msgid, when a translation's {placeholders} differ from
its msgid's, or when the lint finds visible literal text outside `t()` / `data-i18n`.
The same for each game's engine text (its texts.py against belle/locale/<game>.pot and
the languages' <game>.po); and no engine text, translation or option help of the registry
may cite a rule id or a file path (they are for developers, never for a page).
"""

from __future__ import annotations

import re

from belle.i18n import TRANSLATED, po_path, pot_path
from belle.i18n.extract import collect, game_template, read_catalog
from belle.i18n.games import (
    domains,
    game_ids,
    game_po_path,
    game_pot_path,
    read_game_catalog,
    registered_games,
    texts_of,
)
from belle.i18n.lint import lint_all

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Rule and gap numbers of rules/<game>.md ("PC-58", "G-8", "BRX-206..209", "REQ-COL-P4"),
# not names of cards that look alike ("SX-08"); and file paths.
RULE_ID = re.compile(r"\b(?:PARIS|PC|COL|PP|BRX|REQ|G)(?:-[A-Z]+)*-[A-Z]?\d+")
FILE_PATH = re.compile(r"\b[\w/]+\.(?:py|md|json|js)\b|belle/")


def internal(text: str) -> str | None:
    """What in `text` is for developers only (a rule id, a file path), or None."""
    found = RULE_ID.search(text) or FILE_PATH.search(text)
    return found.group(0) if found else None


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def template_problems() -> list[str]:
    if not pot_path().is_file():
        return ["belle/locale/belle.pot is missing: run python -m belle.i18n extract"]
    template = {m.id for m in read_catalog(pot_path()) if m.id}
    found = set(collect())
    problems = [f"not in the template (run extract): {m!r}" for m in sorted(found - template)]
    problems += [
        f"in the template but no longer used (run extract): {m!r}" for m in sorted(template - found)
    ]
    return problems


def translation_problems(lang: str) -> list[str]:
    path = po_path(lang)
    if not path.is_file():
        return [f"{lang}: {path} is missing"]
    catalog = read_catalog(path, lang)
    template = [m.id for m in read_catalog(pot_path()) if m.id] if pot_path().is_file() else []
    problems: list[str] = []
    for msgid in template:
        message = catalog.get(msgid)
        if message is None or not message.string:
            problems.append(f"{lang}: untranslated {msgid!r}")
        elif message.fuzzy:
            problems.append(f"{lang}: fuzzy {msgid!r}")
        elif placeholders(str(message.string)) != placeholders(str(msgid)):
            problems.append(f"{lang}: placeholders differ in {msgid!r} → {message.string!r}")
    return problems


def game_template_problems(game: str) -> list[str]:
    path = game_pot_path(game)
    if not path.is_file():
        return [f"{path.name} is missing: run python -m belle.i18n extract"]
    stored = {(m.context, m.id) for m in read_game_catalog(path) if m.id}
    wanted = {(m.context, m.id) for m in game_template(game) if m.id}
    problems = [f"{game}: not in the template (run extract): {c} {m!r}"
                for c, m in sorted(wanted - stored, key=str)]
    problems += [f"{game}: in the template but no longer used (run extract): {c} {m!r}"
                 for c, m in sorted(stored - wanted, key=str)]
    texts = texts_of(game)
    problems += [f"{game}: {mid} is for developers ({internal(texts.template(mid))!r})"
                 for mid in texts if internal(texts.template(mid))]
    return problems


def game_translation_problems(lang: str, game: str) -> list[str]:
    path = game_po_path(lang, game)
    if not path.is_file():
        return [f"{lang}: {path.name} is missing: run python -m belle.i18n extract"]
    texts = texts_of(game)
    found = {str(m.context): m for m in read_game_catalog(path, lang) if m.id and m.context}
    problems: list[str] = []
    for mid in texts:
        english = texts.template(mid)
        message = found.get(mid)
        where = f"{lang}: {game} {mid}"
        if message is None or message.id != english or not message.string:
            problems.append(f"{where}: untranslated {english!r}")
        elif message.fuzzy:
            problems.append(f"{where}: fuzzy {english!r}")
        elif placeholders(str(message.string)) != placeholders(english):
            problems.append(f"{where}: placeholders differ: {message.string!r}")
        elif internal(str(message.string)):
            problems.append(f"{where}: for developers: {message.string!r}")
    return problems


def option_help_problems() -> list[str]:
    """The registry's option help is printed by `belle games`: sentences for players."""
    from belle.engine.registry import list_games

    return [
        f"{info.id} option {spec.name}: help cites {internal(spec.help)!r}"
        for info in list_games() for spec in info.options if internal(spec.help)
    ]


def engine_text_problems() -> list[str]:
    problems = [f"{game}: no texts.py declares its engine text"
                for game in registered_games() if game not in game_ids()]
    for game in domains():
        problems += game_template_problems(game)
        for lang in TRANSLATED:
            problems += game_translation_problems(lang, game)
    return problems + option_help_problems()


def all_problems() -> list[str]:
    problems = template_problems()
    for lang in TRANSLATED:
        problems += translation_problems(lang)
    problems += [str(problem) for problem in lint_all()]
    return problems + engine_text_problems()
