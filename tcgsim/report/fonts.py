"""The fonts the report's plots draw with: Latin text in DejaVu Sans (matplotlib's own) and Japanese card, deck
and character names in IPAex Gothic, which the matplotlib-fontja package ships.

Why a package and not a system font: EVA's and GODZILLA's card names are Japanese, and a machine without a CJK
font (most CI images and containers) drew them as empty boxes with a "Glyph ... missing" warning per character.
matplotlib-fontja installs one TrueType file (IPA Font License) with pip on every platform. Its import sets the
process-wide font family as a side effect, so it is never imported: the file is found through the package's
location and registered, and the plots name both families, in order (matplotlib falls back glyph by glyph
through a family list), inside their own rc context.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from matplotlib import font_manager

__all__ = ["CJK_FAMILY", "LATIN_FAMILY", "cjk_font_file", "plot_families"]

LATIN_FAMILY = "DejaVu Sans"
CJK_FAMILY = "IPAexGothic"
_PACKAGE, _FILE = "matplotlib_fontja", Path("fonts") / "ipaexg.ttf"


def cjk_font_file() -> Path | None:
    """The CJK font file the package ships, or None when the package is not installed."""
    spec = importlib.util.find_spec(_PACKAGE)
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / _FILE
        if path.is_file():
            return path
    return None


@functools.cache
def plot_families() -> tuple[str, ...]:
    """The font families of every plot, Latin first; the CJK font is registered with matplotlib on first use
    (once a process). Without the package (it is a dependency, so only in a broken install) Latin alone."""
    path = cjk_font_file()
    if path is None:
        return (LATIN_FAMILY,)
    font_manager.fontManager.addfont(str(path))
    return (LATIN_FAMILY, CJK_FAMILY)
