"""`python -m tcgsim` works like the `tcgsim` command."""

from tcgsim.cli import main

main()
