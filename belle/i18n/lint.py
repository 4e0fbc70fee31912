"""Static checks that visible text goes through the catalogues.

What can be checked without running the page, and is checked:
- JavaScript: a string literal with words in it that is a child of `h(…)`/`s(…)` (the DOM
  helpers of js/ui.js), the value of a visible attribute key (`title`, `placeholder`,
  `aria-label`, `alt`, `label`), assigned to `.textContent`/`.title`/`.placeholder`, or
  passed to `toast(…)`/`.system(…)`, unless it is the first argument of `t(…)`; and every
  `t(…)` call's first argument is a plain string literal (so extraction sees it; text that
  comes as data, such as game titles, goes through `tData` and is extracted at its source);
  no `t(…)` inside a template literal's `${…}` (Babel's extractor does not look there).
- HTML: every text node with words sits in an element carrying `data-i18n` equal to
  that text, and every visible attribute with words has its `data-i18n-<attr>`.
Text built elsewhere and shown later (a variable assigned a literal) is not seen here;
the browser test in each language catches what slips through.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

from belle.i18n.extract import I18N_ATTR, relative, web_files

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from babel.messages.jslexer import Token, tokenize

WORDS = re.compile(r"[^\W\d_]{2,}")
PLACEHOLDER = re.compile(r"\$\{[^}]*\}")
T_IN_TEMPLATE = re.compile(r"\$\{[^`]*?\bt\(")
T_IN_TEMPLATE_PROBLEM = "t() inside a template literal is not extracted"
VISIBLE_KEYS = {"title", "placeholder", "aria-label", "alt", "label"}
VISIBLE_PROPERTIES = ("textContent", "innerText", "title", "placeholder")
DOM_HELPERS = {"h", "s"}
MESSAGE_SINKS = {"toast", "system"}
COMPARISONS = {"===", "!==", "==", "!="}
# Proper names that are the same in every language.
UNTRANSLATED = {"Belle"}


@dataclass
class Problem:
    where: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.where}:{self.line}: {self.text}"


@dataclass
class _Frame:
    opener: str
    callee: str | None = None
    argument: int = 0
    tokens: list[Token] = field(default_factory=list)


def visible_words(literal: str) -> bool:
    body = PLACEHOLDER.sub(" ", literal[1:-1])
    words = WORDS.findall(body)
    return bool(words) and not all(word in UNTRANSLATED for word in words)


def _callee(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _is_visible_literal(frame: _Frame, previous: list[Token]) -> str | None:
    """Why a literal in `frame` after `previous` tokens is shown to people, or None."""
    if frame.opener == "(" and frame.callee in DOM_HELPERS and frame.argument >= 2:
        return f"a child of {frame.callee}()"
    if frame.opener == "(" and frame.callee in MESSAGE_SINKS and frame.argument == 0:
        return f"passed to {frame.callee}()"
    if len(previous) >= 2 and previous[-1].value == ":" and frame.opener == "{":
        key = previous[-2].value.strip("\"'")
        if key in VISIBLE_KEYS:
            return f"the {key} attribute"
    assigned = len(previous) >= 2 and previous[-1].value == "=" and previous[-2].type == "name"
    if assigned and _callee(previous[-2].value) in VISIBLE_PROPERTIES:
        return f"assigned to .{_callee(previous[-2].value)}"
    return None


def lint_javascript(source: str, where: str) -> list[Problem]:
    problems: list[Problem] = []
    stack = [_Frame("")]
    previous: list[Token] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        tokens = list(tokenize(source, jsx=False, template_string=True))
    for index, token in enumerate(tokens):
        frame = stack[-1]
        if token.type == "operator" and token.value in "([{":
            callee = None
            if token.value == "(" and previous and previous[-1].type == "name":
                callee = _callee(previous[-1].value)
            stack.append(_Frame(token.value, callee))
            defining = len(previous) >= 2 and previous[-2].value == "function"
            if callee == "t" and not defining:
                _check_t_argument(tokens, index, where, problems)
        elif token.type == "operator" and token.value in ")]}" and len(stack) > 1:
            stack.pop()
        elif token.type == "operator" and token.value == ",":
            frame.argument += 1
        elif token.type == "template_string" and T_IN_TEMPLATE.search(token.value):
            problems.append(Problem(where, token.lineno, T_IN_TEMPLATE_PROBLEM))
        elif token.type in ("string", "template_string") and visible_words(token.value):
            inside_t = frame.callee == "t" and frame.argument == 0
            following = tokens[index + 1].value if index + 1 < len(tokens) else ""
            compared = following in COMPARISONS or _after_comparison(previous)
            reason = None if inside_t or compared else _is_visible_literal(frame, previous)
            if reason:
                problems.append(Problem(where, token.lineno, f"{token.value} is {reason}, not t()"))
        previous.append(token)
    return problems


def _after_comparison(previous: list[Token]) -> bool:
    # Babel's lexer splits `===` into `==` `=`.
    last = [token.value for token in previous[-2:]]
    return bool(last) and (last[-1] in COMPARISONS or last == ["==", "="] or last == ["!=", "="])


def _check_t_argument(tokens: list[Token], index: int, where: str, problems: list[Problem]) -> None:
    first = tokens[index + 1] if index + 1 < len(tokens) else None
    after = tokens[index + 2] if index + 2 < len(tokens) else None
    plain = (
        first is not None and first.type == "string"
        and after is not None and after.value in (",", ")")
    )
    if not plain:
        line = first.lineno if first is not None else 0
        problems.append(Problem(where, line, "t() takes a plain string literal first"))


class _HtmlText(HTMLParser):
    SKIP: ClassVar[set[str]] = {"script", "style"}

    def __init__(self, where: str) -> None:
        super().__init__(convert_charrefs=True)
        self.where = where
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.problems: list[Problem] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name, value in attrs:
            visible = name in VISIBLE_KEYS and value and visible_words(f'"{value}"')
            if visible and found.get(f"{I18N_ATTR}-{name}") != value:
                self._problem(f"<{tag} {name}={value!r}> needs {I18N_ATTR}-{name}")
        if tag not in {"meta", "link", "input", "br", "img", "hr"}:
            self.stack.append((tag, found))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if not self.stack or not visible_words(f'"{text}"'):
            return
        tag, attrs = self.stack[-1]
        if tag in self.SKIP:
            return
        if attrs.get(I18N_ATTR) != text:
            self._problem(f"text {text!r} in <{tag}> needs {I18N_ATTR}={text!r}")

    def _problem(self, text: str) -> None:
        self.problems.append(Problem(self.where, self.getpos()[0], text))


def lint_html(source: str, where: str) -> list[Problem]:
    parser = _HtmlText(where)
    parser.feed(source)
    return parser.problems


def lint_all() -> list[Problem]:
    problems: list[Problem] = []
    for path in web_files(".js"):
        problems += lint_javascript(path.read_text(encoding="utf-8"), relative(path))
    for path in web_files(".html"):
        problems += lint_html(path.read_text(encoding="utf-8"), relative(path))
    return problems


def lint_file(path: Path) -> list[Problem]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return lint_html(text, relative(path))
    return lint_javascript(text, relative(path))
