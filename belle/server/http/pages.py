"""The pages (`/`, `/table/{id}`) and the static client under `/static/`.

The client lives in `belle/web/` (ES modules, no build step); its security headers are
set by belle.server.http.headers.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parents[2] / "web"

MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Belle</title></head><body><h1>Belle</h1>
<p>The browser client ({page}) is not installed in belle/web/. The API is at /api/.</p>
</body></html>"""

router = APIRouter()


def page(name: str) -> Response:
    path = WEB / name
    if path.is_file():
        return FileResponse(path, media_type="text/html", headers={"cache-control": "no-cache"})
    return HTMLResponse(MISSING.format(page=name), status_code=503)


@router.get("/", include_in_schema=False)
async def lobby_page() -> Response:
    return page("index.html")


@router.get("/table/{table_id}", include_in_schema=False)
async def table_page(table_id: int) -> Response:
    return page("table.html")


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static")
