"""The interface's languages: gettext catalogues under belle/locale, read with Babel.

`LANGUAGES` lists the languages the interface speaks (English is the source language:
its msgids are the English text). `catalogue` loads a language's messages and negotiates
one from Accept-Language; `extract` collects the msgids (JS `t("…")` calls, HTML
`data-i18n` attributes, game titles and option help) and updates belle/locale; `lint`
finds visible literal text that bypasses them. `python -m belle.i18n extract|check`.
"""

from __future__ import annotations

from pathlib import Path

SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
}
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
DOMAIN = "belle"
PACKAGE = Path(__file__).resolve().parent.parent
LOCALE_DIR = PACKAGE / "locale"
WEB_DIR = PACKAGE / "web"


def po_path(lang: str) -> Path:
    """The catalogue file of one translated language."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def pot_path() -> Path:
    """The template every catalogue is updated from."""
    return LOCALE_DIR / f"{DOMAIN}.pot"
