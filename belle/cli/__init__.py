"""The `belle` command: list games, play in the terminal, simulate, replay and benchmark.

The console entry point is `belle.cli.main:main`; `app` is the Typer application, so
tests drive it in-process with `typer.testing.CliRunner`.
"""

from belle.cli.main import app, main

__all__ = ["app", "main"]
