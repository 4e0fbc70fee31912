"""The games' catalogues: each registered game's `TEXTS` (its texts.py) and their
translations in belle/locale/<lang>/LC_MESSAGES/<game>.po.

An entry's msgctxt is the message id and its msgid the English template: when the English
text of an id changes, its old translations no longer match and the check asks for new
ones. `messages(lang)` gives the browser, per game, id → text in `lang` (the English
template where a translation is missing, fuzzy or its placeholders differ).

The engine's own catalogue (belle/engine/texts.py: the refusals every game shares) is one
more domain, "engine", beside the games', and the terminal's words (belle/cli/texts.py:
`belle play`'s prompts, help and score table) another, "terminal": `domains()` lists them
all.
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from belle.i18n import LOCALE_DIR, SOURCE_LANGUAGE
from belle.i18n.text import ENGINE_DOMAIN, Texts, placeholders, shared_texts


def registered_games() -> list[str]:
    from belle.engine.registry import game_ids as registered

    return registered()


def game_ids() -> list[str]:
    """The registered games that declare their engine text (all of them, checked)."""
    return [game for game in registered_games() if _texts_module(game) is not None]


TERMINAL_DOMAIN = "terminal"
"""The terminal's own words (belle/cli/texts.py)."""


def domains() -> list[str]:
    """Every catalogue of engine text: the engine's own, the terminal's, then each game's."""
    return [ENGINE_DOMAIN, TERMINAL_DOMAIN, *game_ids()]


def texts_source(domain: str) -> str:
    """Where a domain's English templates are written."""
    if domain == ENGINE_DOMAIN:
        return "belle/engine/texts.py"
    if domain == TERMINAL_DOMAIN:
        return "belle/cli/texts.py"
    return f"belle/games/{domain}/texts.py"


def _texts_module(game: str) -> ModuleType | None:
    from belle.engine.registry import load_game

    package = type(load_game(game)).__module__
    try:
        return importlib.import_module(f"{package}.texts")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.texts":
            raise
        return None


def texts_of(game: str) -> Texts:
    """The `TEXTS` of `game`'s package (belle/games/<id>/texts.py), or the engine's."""
    if game == ENGINE_DOMAIN:
        return shared_texts()
    if game == TERMINAL_DOMAIN:
        from belle.cli.texts import TEXTS as TERMINAL_TEXTS

        return TERMINAL_TEXTS
    module = _texts_module(game)
    if module is None:
        raise LookupError(f"{game} has no texts module")
    texts = module.TEXTS
    if not isinstance(texts, Texts) or texts.game != game:
        raise TypeError(f"{module.__name__}.TEXTS is not the Texts of {game}")
    return texts


def game_pot_path(game: str) -> Path:
    return LOCALE_DIR / f"{game}.pot"


def game_po_path(lang: str, game: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{game}.po"


def read_game_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=path.stem)


def translations(lang: str, game: str) -> dict[str, str]:
    """id → usable translation of `game`'s messages in `lang` (none for English)."""
    if lang == SOURCE_LANGUAGE:
        return {}
    path = game_po_path(lang, game)
    if not path.is_file():
        return {}
    texts = texts_of(game)
    found: dict[str, str] = {}
    for message in read_game_catalog(path, lang):
        message_id, english, text = message.context, message.id, message.string
        if not (isinstance(message_id, str) and isinstance(english, str)
                and isinstance(text, str) and text) or message.fuzzy:
            continue
        current = texts.templates.get(message_id)
        if current == english and placeholders(text) == placeholders(english):
            found[message_id] = text
    return found


def messages(lang: str) -> dict[str, dict[str, str]]:
    """Per game (and for "engine" and "terminal"), id → text in `lang`, English where no
    translation is usable."""
    return {domain: domain_messages(lang, domain) for domain in domains()}


def browser_messages(lang: str) -> dict[str, dict[str, str]]:
    """`messages` without the terminal's words, which no page shows (and whose module a
    server need not import)."""
    return {domain: domain_messages(lang, domain) for domain in domains()
            if domain != TERMINAL_DOMAIN}


@functools.cache
def domain_messages(lang: str, domain: str) -> dict[str, str]:
    """One catalogue's id → text in `lang`, English where no translation is usable."""
    texts = texts_of(domain)
    translated = translations(lang, domain)
    return {mid: translated.get(mid, texts.template(mid)) for mid in texts}
