"""What every page must hold to (issue 16 items 1, 4 and 5), as checks the browser tests
run on the page they have open.

- `horizontal_overflow`: the page is no wider than the screen (no sideways scrolling).
- `small_targets`: every control a finger taps is at least 40 px each way (words linked
  inside a sentence are not controls; a check box counts by the label around it).
- `internal_text`: no rule or gap number, file path, placeholder name or 0-based seat in
  the text a player reads.
- `axe_violations`: axe-core's critical and serious findings (tests/browser/vendor).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
MIN_TARGET = 40

SMALL_TARGETS = """(min) => {
  const controls = 'button, select, input, textarea, summary, a[href], [role=button]';
  const out = [];
  for (let el of document.querySelectorAll(controls)) {
    if (el.closest('svg')) continue;                       // board elements: see zoom tests
    if (el.closest('#info-tip')) continue;
    const sentence = 'p, li.reconstructed, .rule-summary, .rule-full, .chat-lines, td.detail';
    if (el.matches('a') && el.closest(sentence) && !el.matches('.button, .rule-help')) {
      continue;                                            // a link inside a sentence
    }
    if (el.matches('input[type=checkbox], input[type=radio]')) el = el.closest('label') || el;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;               // not shown
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('[hidden]')) continue;
    if (box.width < min - 0.5 || box.height < min - 0.5) {
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      const text = (el.textContent || el.value || '').trim().slice(0, 30);
      out.push(`${name} "${text}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return out;
}"""

OVERFLOW = """() => ({
  scroll: document.scrollingElement.scrollWidth,
  inner: window.innerWidth,
})"""

# Rule and gap numbers of rules/<game>.md, file paths, placeholder and 0-based seat names.
INTERNAL = [
    re.compile(r"\b(?:PARIS|PC|COL|PP|BRX|REQ|G)(?:-[A-Z]+)*-[A-Z]?\d+\b"),
    re.compile(r"\b(?:belle|docs|rules|tests)/[\w/.-]+"),
    re.compile(r"\b\w+\.(?:py|md|json)\b"),
    re.compile(r"\bseat 0\b|\(seat \d\)|Seat 0\b|Sitz 0\b|siège 0\b|asiento 0\b", re.IGNORECASE),
    re.compile(r"\bbank-[A-Z]{2}\b|\(unknown [^)]*\)"),
    # "placeholder(s)" and its German: a name a player reads is never a stand-in
    re.compile(r"\bplaceholders?\b|\bPlatzhalter\w*", re.IGNORECASE),
]


def horizontal_overflow(page: Any, width: int) -> str | None:
    """Why the page scrolls sideways on a screen `width` px wide, or None."""
    sizes = page.evaluate(OVERFLOW)
    if sizes["scroll"] > width or sizes["inner"] > width:
        return f"the page is {sizes['scroll']} px wide on a {width} px screen ({sizes})"
    return None


def small_targets(page: Any) -> list[str]:
    return list(page.evaluate(SMALL_TARGETS, MIN_TARGET))


def internal_text(page: Any) -> list[str]:
    """Internal names (each with the text around it) in the page's visible text and its
    tooltips (title, data-info); a
    move's tooltip that is its notation (notation on demand: the move list, the replay
    bar, the decisive moments) is the notation a player may type, not internal."""
    text = page.evaluate("""() => [document.body.innerText,
      ...[...document.querySelectorAll('[title], [data-info], [aria-label]')].map((el) => [
        el.closest('.move, .legal-item, .moment-moves') ? '' : el.getAttribute('title'),
        el.dataset.info, el.getAttribute('aria-label'),
      ].join(' '))].join('\\n')""")
    found = []
    for pattern in INTERNAL:
        # each with the text around it, so a failure says where on the page it showed
        found += [f"{m.group(0)} in …{text[max(0, m.start() - 60):m.end() + 60]}…"
                  for m in pattern.finditer(text)]
    return found


def axe_violations(page: Any, impacts: tuple[str, ...] = ("critical", "serious")) -> list[str]:
    """axe-core's findings of these impacts on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated through the devtools protocol: the page's CSP forbids inline scripts.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;void 0")
    results = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
    }""")
    return [f"{v['impact']} {v['id']}: {v['help']} — {v['nodes']}"
            for v in results if v["impact"] in impacts]


def in_viewport(page: Any, selector: str) -> bool:
    """Whether the first element matching `selector` is wholly inside the window."""
    return bool(page.evaluate("""(sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const b = el.getBoundingClientRect();
      return b.width > 0 && b.top >= -1 && b.left >= -1
        && b.bottom <= innerHeight + 1 && b.right <= innerWidth + 1;
    }""", selector))
