"""`python -m belle.cli ...` runs the `belle` command."""

from belle.cli.main import main

main()
