"""Reading the catalogues for the server: messages as a dict, and language negotiation.

The .po files are parsed once per process (no compiled .mo files: the server needs a
JSON object per language, not gettext lookups). Fuzzy and empty entries are left out, so
the browser falls back to the English msgid for them. The games' catalogues come with the
interface's, so a renderer's engine text is as synchronous as `t()`.
"""

from __future__ import annotations

import functools
import json

from babel import Locale, UnknownLocaleError
from babel.core import negotiate_locale
from babel.messages.pofile import read_po

from belle.i18n import LANGUAGES, SOURCE_LANGUAGE, games, po_path

COOKIE = "belle_lang"


@functools.cache
def messages(lang: str) -> dict[str, str]:
    """msgid → translation for `lang` (empty for English); KeyError for an unknown one."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang == SOURCE_LANGUAGE:
        return {}
    path = po_path(lang)
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


@functools.cache
def payload(lang: str) -> bytes:
    """The JSON body of `GET /api/i18n/{lang}`, encoded once: the interface's messages
    and, under "games", every game's engine text (id → text, belle.i18n.games)."""
    body = {"lang": lang, "languages": LANGUAGES, "messages": messages(lang),
            "games": games.browser_messages(lang)}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def parse_accept_language(header: str) -> list[str]:
    """Language tags of an Accept-Language header, best first (q=0 dropped, bad parts
    ignored)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or len(tag) > 35:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(accept_language: str | None, chosen: str | None = None) -> str:
    """The language to show: the reader's own choice if it is known, else the best match
    of Accept-Language (`de-AT` finds `de`), else English."""
    if chosen in LANGUAGES:
        return str(chosen)
    preferred = [tag.replace("-", "_") for tag in parse_accept_language(accept_language or "")]
    primaries = [tag.split("_")[0].lower() for tag in preferred]
    found = negotiate_locale(preferred + primaries, list(LANGUAGES), sep="_")
    if found is not None:
        return _primary(found)
    return SOURCE_LANGUAGE


def _primary(tag: str) -> str:
    try:
        return Locale.parse(tag, sep="_").language
    except (ValueError, UnknownLocaleError):
        return SOURCE_LANGUAGE
