"""`python -m belle.i18n extract` updates the catalogues; `check` verifies them."""

from __future__ import annotations

import sys

from belle.i18n.check import all_problems
from belle.i18n.extract import update

USAGE = "usage: python -m belle.i18n extract|check"


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        for lang, count in update().items():
            print(f"{lang}: {count} untranslated")
        return 0
    if argv == ["check"]:
        problems = all_problems()
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)" if problems else "every visible string is translated")
        return 1 if problems else 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
