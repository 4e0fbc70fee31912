"""The installable app in Chromium (issue 20 item 6): the manifest, the service worker
controlling the pages, and the offline page when the network is gone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error as PlaywrightError

from .conftest import sync_api

expect = sync_api.expect


def test_the_service_worker_serves_the_offline_page(new_page: Any) -> None:
    page = new_page()
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/manifest.webmanifest"
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope.endswith("/")
    page.reload()  # now the worker controls the page
    assert page.evaluate("!!navigator.serviceWorker.controller")
    page.context.set_offline(True)
    try:
        page.goto("/tournaments")
        expect(page.locator("#offline-title")).to_be_visible()
    finally:
        page.context.set_offline(False)
    # back online: the page itself again (the offline page may itself reload as the
    # network returns, interrupting this navigation once)
    try:
        page.goto("/tournaments")
    except PlaywrightError as error:
        if "interrupted by another navigation" not in str(error):
            raise
        page.goto("/tournaments")
    expect(page.locator("#tournaments")).to_be_attached()
    assert not page.js_errors, page.js_errors
