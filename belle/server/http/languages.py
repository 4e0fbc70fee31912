"""The interface's languages over HTTP: `GET /api/i18n` and `GET /api/i18n/{lang}`.

`/api/i18n` answers with the language to show — the reader's choice (cookie
`belle_lang`, set by the language menu) or else the best match of Accept-Language — and
its catalogue; `/api/i18n/{lang}` with one named language's catalogue, or a 404
`not_found` for a language the interface does not speak. Bodies are built once per
process from belle/locale/*/LC_MESSAGES/belle.po.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from belle.i18n import LANGUAGES, catalogue
from belle.server.errors import ServerError

router = APIRouter(prefix="/api")


def _catalogue_response(lang: str, cache: str) -> Response:
    return Response(
        catalogue.payload(lang),
        media_type="application/json",
        headers={
            "cache-control": cache,
            "content-language": lang,
            "vary": "accept-language, cookie",
        },
    )


@router.get("/i18n")
async def negotiated(request: Request) -> Response:
    chosen = request.cookies.get(catalogue.COOKIE)
    lang = catalogue.negotiate(request.headers.get("accept-language"), chosen)
    return _catalogue_response(lang, "private, no-cache")


@router.get("/i18n/{lang}")
async def named(lang: str) -> Response:
    if lang not in LANGUAGES:
        raise ServerError(
            "not_found", "no interface language '{lang}'; known: {known}",
            params={"lang": lang[:20], "known": ", ".join(LANGUAGES)},
        )
    return _catalogue_response(lang, "public, max-age=300")
