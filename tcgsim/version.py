"""The version of tcgsim: one place, read by the package, the build (pyproject's dynamic version) and run.json.
A module of its own so that the simulation can record it without importing the package's top level."""

__version__ = "0.1.0"
