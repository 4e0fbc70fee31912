"""The installable app in Chromium (issue 20 item 6): the manifest, the service worker
controlling the pages, and the offline page when the network is gone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error as PlaywrightError

from .conftest import sync_api

expect = sync_api.expect


def goto_through_reloads(page: Any, path: str) -> None:
    """Open `path`; the offline page reloads itself when the network state changes, which
    may interrupt the navigation (once, or again on a slow machine): try again."""
    for attempt in range(3):
        try:
            page.goto(path)
            return
        except PlaywrightError as error:
            interrupted = ("interrupted by another navigation" in str(error)
                           or "net::ERR_ABORTED" in str(error))
            if not interrupted or attempt == 2:
                raise


def test_the_service_worker_serves_the_offline_page(new_page: Any) -> None:
    page = new_page(service_workers=True)
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/manifest.webmanifest"
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope.endswith("/")
    page.reload()  # now the worker controls the page
    assert page.evaluate("!!navigator.serviceWorker.controller")
    page.context.set_offline(True)
    try:
        goto_through_reloads(page, "/tournaments")
        expect(page.locator("#offline-title")).to_be_visible()
        # its "online" listener is in place (before the translation has its catalogue)
        expect(page.locator("body[data-waiting-for=online]")).to_be_attached()
    finally:
        page.context.set_offline(False)
    # Back online, the offline page goes back to the page that failed by itself (its
    # "online" handler): a navigation of ours would race that one.
    expect(page.locator("#tournaments")).to_be_attached(timeout=30_000)
    assert page.url.endswith("/tournaments")
    assert not page.js_errors, page.js_errors


def test_the_offline_page_tries_again_by_itself_when_already_online(new_page: Any) -> None:
    """Loaded while the browser is online (the network came back while the failed page
    loaded, or the server was what failed), no "online" event will come: the page tries
    again on a timer, and here the lobby answers."""
    page = new_page()
    page.goto("/offline")
    expect(page.locator("#offline-title")).to_be_visible()
    expect(page.locator("body[data-waiting-for=online]")).to_be_attached()
    page.wait_for_url(lambda url: not url.endswith("/offline"), timeout=20_000)
    assert not page.js_errors, page.js_errors
