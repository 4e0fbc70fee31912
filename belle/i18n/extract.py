"""Collecting the interface's msgids and updating belle/locale (`python -m belle.i18n extract`).

Sources, all under belle/:
- web/**/*.js: the first argument of every `t("…")` call (Babel's JavaScript extractor);
- web/*.html: the value of every `data-i18n` attribute (an element's text) and of every
  `data-i18n-<attr>` attribute (`data-i18n-title`, `data-i18n-placeholder`, …);
- server/**/*.py: the literal message of every `ServerError(code, "…")` and `worded("…")`
  (a refusal kept in a constant): the refusals a browser shows in its reader's language
  (belle.server.errors; the load benchmarks' own clients under server/bench excluded);
- the game registry: game titles, summaries, option names and choices, which the server
  sends in English (`GET /api/games`) and the browser shows through `t()`. Option help is
  not taken from the registry: it is written for developers (rule numbers); the browser's
  own texts are in web/js/options.js, keyed by game and option.
The template belle/locale/belle.pot is rewritten; each language's belle.po is updated
from it (new msgids come in untranslated, vanished ones are dropped).

Engine text has a catalogue per game (belle.i18n.games): belle/locale/<game>.pot from the
game's texts.py (msgctxt = the message id, msgid = its English template, in the order
texts.py declares them), and each language's <game>.po updated from it the same way; the
engine's own catalogue (belle/engine/texts.py) likewise, as engine.pot.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from belle.i18n import DOMAIN, PACKAGE, TRANSLATED, WEB_DIR, po_path, pot_path
from belle.i18n.games import (
    domains,
    game_po_path,
    game_pot_path,
    read_game_catalog,
    texts_of,
    texts_source,
)

Found = tuple[str, str]  # (msgid, where: a path relative to belle/ or "registry")
I18N_ATTR = "data-i18n"


def web_files(suffix: str) -> list[Path]:
    """The browser client's files of one kind (rules data and vendored code excluded)."""
    found = WEB_DIR.rglob(f"*{suffix}")
    return sorted(p for p in found if "rules" not in p.relative_to(WEB_DIR).parts[:-1])


def relative(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def from_javascript(path: Path) -> Iterator[Found]:
    with path.open("rb") as handle:
        for _lineno, message, _comments, _context in extract(
            "javascript", handle, keywords={"t": None}, options={"parse_template_string": False}
        ):
            if isinstance(message, str) and message:
                yield message, relative(path)


class _I18nAttributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if (name == I18N_ATTR or name.startswith(I18N_ATTR + "-")) and value:
                self.found.append(value)


def from_html(path: Path) -> Iterator[Found]:
    parser = _I18nAttributes()
    parser.feed(path.read_text(encoding="utf-8"))
    for message in parser.found:
        yield message, relative(path)


SERVER_DIR = PACKAGE / "server"
SERVER_SKIPPED = ("bench",)  # the load benchmarks' clients: nobody reads their refusals


def server_files() -> list[Path]:
    """The server's modules whose refusals a player may read."""
    found = SERVER_DIR.rglob("*.py")
    return sorted(p for p in found
                  if p.relative_to(SERVER_DIR).parts[0] not in SERVER_SKIPPED)


def from_server(path: Path) -> Iterator[Found]:
    """The literal messages of `ServerError(code, "…")` and `worded("…")` calls (Babel's
    Python extractor; an f-string is skipped with a warning: tests/i18n refuses them)."""
    with path.open("rb") as handle:
        for _lineno, message, _comments, _context in extract(
            "python", handle, keywords={"ServerError": (2,), "worded": (1,)}
        ):
            if isinstance(message, str) and message:
                yield message, relative(path)


def from_registry() -> Iterator[Found]:
    """Game titles, summaries, option names and choices: English text the server sends as
    data (names with spaces for underscores, choices by their labels, as the lobby shows
    them)."""
    from belle.engine.registry import list_games

    for info in list_games():
        yield info.title, "registry"
        if info.summary:
            yield info.summary, "registry"
        for spec in info.options:
            yield spec.name.replace("_", " "), "registry"
            for choice in spec.choices:
                yield spec.label(choice), "registry"


def collect() -> dict[str, list[str]]:
    """Every msgid of the interface and where it was found."""
    found: dict[str, list[str]] = {}
    sources: list[Iterable[Found]] = [from_javascript(p) for p in web_files(".js")]
    sources += [from_html(p) for p in web_files(".html")]
    sources += [from_server(p) for p in server_files()]
    sources.append(from_registry())
    for source in sources:
        for message, where in source:
            places = found.setdefault(message, [])
            if where not in places:
                places.append(where)
    return found


def template(found: dict[str, list[str]]) -> Catalog:
    catalog = Catalog(project="Belle", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for message in sorted(found):
        # No line numbers: they would change the files on every edit of the sources.
        catalog.add(message, locations=[(where, 0) for where in found[message]])
    return catalog


def _write(catalog: Catalog, path: Path, *, sort: bool = True) -> None:
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True, sort_output=sort
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def game_template(game: str) -> Catalog:
    """The template of one game's engine text, from its texts.py."""
    texts = texts_of(game)
    where = texts_source(game)
    catalog = Catalog(project="Belle", domain=game, charset="utf-8", fuzzy=False)
    for message_id in texts:
        catalog.add(texts.template(message_id), context=message_id, locations=[(where, 0)])
    return catalog


def _update_language(pot: Catalog, path: Path, lang: str, domain: str, *,
                     sort: bool = True) -> int:
    if path.is_file():
        catalog = read_catalog(path, lang) if domain == DOMAIN else read_game_catalog(path, lang)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="Belle")
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.fuzzy = False
    _write(catalog, path, sort=sort)
    return sum(1 for m in catalog if m.id and not m.string)


def update() -> dict[str, int]:
    """Rewrite the templates and update every language; returns the untranslated count per
    language (interface and engine text together)."""
    pot = template(collect())
    _write(pot, pot_path())
    untranslated = {
        lang: _update_language(pot, po_path(lang), lang, DOMAIN) for lang in TRANSLATED
    }
    for game in domains():
        game_pot = game_template(game)
        _write(game_pot, game_pot_path(game), sort=False)
        for lang in TRANSLATED:
            untranslated[lang] += _update_language(
                game_pot, game_po_path(lang, game), lang, game, sort=False)
    return untranslated
