"""The interface in four languages: extraction, lint and catalogue completeness
(issue 10 item 6: "a test that no visible string lacks a translation")."""

from __future__ import annotations

import pytest

from belle.i18n import TRANSLATED, WEB_DIR, pot_path
from belle.i18n.check import placeholders, template_problems, translation_problems
from belle.i18n.extract import collect, read_catalog, relative, web_files
from belle.i18n.lint import lint_file, lint_html, lint_javascript


def client_files() -> list[pytest.param]:  # type: ignore[valid-type]
    return [pytest.param(path, id=relative(path)) for path in web_files(".js") + web_files(".html")]


@pytest.mark.parametrize("path", client_files())
def test_no_visible_literal_text_outside_t_or_data_i18n(path: object) -> None:
    """Issue 10 item 6: every visible string of the client goes through the catalogues."""
    from pathlib import Path

    assert isinstance(path, Path)
    problems = lint_file(path)
    assert not problems, "\n".join(map(str, problems))


def test_the_lint_catches_what_it_claims_to() -> None:
    """Issue 10 item 6: the static check fails on the forms of untranslated text it names."""
    bad = """
      h("p", {}, "Hello there");
      h("button", { title: "Close it" }, t("Close"));
      el.textContent = `Round ${n}`;
      toast("Something broke", "error");
      t(message);
      t(`Round ${n}`);
      const a = `${x} · ${t("Hidden from extraction")}`;
    """
    found = lint_javascript(bad, "x.js")
    assert [p.line for p in found] == [2, 3, 4, 5, 6, 7, 8]
    good = """
      h("p", {}, t("Hello there"), " · ", name, "—");
      h("button", { title: t("Close it"), class: "quiet" }, t("Close"));
      if (kind === "open") h("span", {}, x === "turn" ? a : b);
      toast(t("Something broke"), "error");
    """
    assert lint_javascript(good, "x.js") == []
    html = '<p>Loose text</p><h2 data-i18n="Fine">Fine</h2><span title="Tip">·</span>'
    assert len(lint_html(html, "x.html")) == 2


def test_extraction_finds_js_html_and_registry_strings() -> None:
    """Issue 10 item 6: extraction collects t() calls, data-i18n text and game names."""
    found = collect()
    assert "belle/web/js/lobby.js" in found["No open table. Create one!"]
    assert "belle/web/index.html" in found["Open tables"]
    assert "belle/web/rules.html" in found["Other games"]
    assert "registry" in found["Paris: La Cité de la Lumière"]
    assert "belle/web/games/paris_paris.js" in found["Waiting cards"]


def test_the_template_is_up_to_date() -> None:
    """Issue 10 item 6: belle/locale/belle.pot holds exactly what the sources use
    (run `python -m belle.i18n extract` after adding a string)."""
    assert pot_path().is_file()
    assert template_problems() == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_msgid_is_translated_with_the_same_placeholders(lang: str) -> None:
    """Issue 10 item 6: every msgid has a non-empty, non-fuzzy translation in de, fr, es
    whose {placeholders} match."""
    assert translation_problems(lang) == []


def test_placeholder_check_sees_a_difference() -> None:
    """Issue 10 item 6: the placeholder comparison is not vacuous."""
    assert placeholders("Move {step} of {total}") == {"step", "total"}
    assert placeholders("Zug {schritt} von {total}") != placeholders("Move {step} of {total}")


def test_every_language_has_its_own_catalogue_file() -> None:
    """Issue 10 item 6: gettext catalogues for de, fr and es."""
    for lang in TRANSLATED:
        catalog = read_catalog(WEB_DIR.parent / "locale" / lang / "LC_MESSAGES" / "belle.po", lang)
        assert catalog.get("Open tables") is not None
