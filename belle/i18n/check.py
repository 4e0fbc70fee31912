"""`python -m belle.i18n check`: is every visible string translated?

Fails when the template is out of date with the sources, when a language lacks a
translation (empty or fuzzy) of a msgid, when a translation's {placeholders} differ from
its msgid's, or when the lint finds visible literal text outside `t()` / `data-i18n`.
"""

from __future__ import annotations

import re

from belle.i18n import TRANSLATED, po_path, pot_path
from belle.i18n.extract import collect, read_catalog
from belle.i18n.lint import lint_all

PLACEHOLDER = re.compile(r"\{(\w+)\}")


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


def all_problems() -> list[str]:
    problems = template_problems()
    for lang in TRANSLATED:
        problems += translation_problems(lang)
    problems += [str(problem) for problem in lint_all()]
    return problems
