"""Japanese names render in the plots: the CJK font is registered and no glyph goes missing."""

from __future__ import annotations

import io
import warnings

from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from tcgsim.report.fonts import CJK_FAMILY, LATIN_FAMILY, cjk_font_file, plot_families

NAMES = "綾波レイ 碇シンジ 補完 使徒 ゴジラ Unit-01"  # EVA and GODZILLA names as the plots show them


def _missing_glyphs(families: list[str]) -> list[str]:
    fig = Figure(figsize=(3, 1))
    FigureCanvasAgg(fig)
    with rc_context({"font.family": families}), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig.text(0.1, 0.5, NAMES)
        fig.savefig(io.BytesIO(), format="png")
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def test_the_cjk_font_ships_with_the_install() -> None:
    assert cjk_font_file() is not None
    assert plot_families() == (LATIN_FAMILY, CJK_FAMILY)


def test_japanese_names_draw_without_missing_glyphs() -> None:
    assert _missing_glyphs([LATIN_FAMILY])  # the check can fail: Latin alone lacks these glyphs
    assert _missing_glyphs(list(plot_families())) == []
