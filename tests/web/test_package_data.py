"""Every file the server serves from belle/ goes into the wheel, so the Docker image has it.

The wheel takes a package's non-Python files only when pyproject.toml's package-data names
their pattern; a new kind of file (an icon, the web manifest) otherwise ships in the git
checkout but not in `pip install .` or the image, and the page that asks for it fails.
"""

from __future__ import annotations

import fnmatch
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _package_data_patterns() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns: list[str] = config["tool"]["setuptools"]["package-data"]["*"]
    return patterns


def _tracked_files_under_belle() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "belle"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    return [line for line in listed.splitlines() if line and not line.endswith(".py")]


def test_every_tracked_file_of_the_package_is_packaged() -> None:
    patterns = _package_data_patterns()
    files = _tracked_files_under_belle()
    assert files, "git ls-files found no data files under belle/"
    missing = [name for name in files
               if not any(fnmatch.fnmatch(Path(name).name, pattern) for pattern in patterns)]
    assert missing == [], f"add their patterns to [tool.setuptools.package-data]: {missing}"
