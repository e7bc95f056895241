"""A run's result as a notebook reads it: scalars with their units, curves as tidy pandas frames,
the paper's targets beside the simulated values, and its figure, the explorer's own SVG."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import pandas as pd

from ._host import core


class Scalar(NamedTuple):
    """A result's number and its unit ("cycles", "MB/s", "fraction")."""

    value: float | bool | list | dict
    unit: str


class Figure:
    """A chart as the explorer draws it, sized for a paper: SVG (shown in a notebook) or a
    pgfplots .tex for LaTeX's own fonts."""

    #: Each format's file suffix.
    SUFFIX = {"svg": ".svg", "pgfplots": ".tex"}

    def __init__(self, text: str, format: str = "svg"):
        self.text = text
        self.format = format

    @property
    def svg(self) -> str:
        if self.format != "svg":
            raise ValueError(f"a {self.format} figure has no SVG: ask figure(format='svg')")
        return self.text

    def _repr_svg_(self) -> str | None:
        return self.text if self.format == "svg" else None

    def __repr__(self) -> str:
        if self.format == "pgfplots":
            return self.text
        return f"<archex Figure svg, {len(self.text)} characters>"

    def save(self, path: str) -> None:
        """Writes the figure to `path`, whose suffix is its format's (.svg, .tex)."""
        suffix = self.SUFFIX[self.format]
        if not str(path).endswith(suffix):
            raise ValueError(f"{path}: a {self.format} figure is saved as {suffix}")
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.text)


class Result:
    """One run: what `archex run --json` prints, read."""

    def __init__(self, text: str, request: dict[str, Any], engine_results: list[str]):
        self._text = text
        self._request = request
        # The engine's own results: a figure reads the whole run, not only its report.
        self._results = engine_results
        self.report: dict[str, Any] = json.loads(text)

    @property
    def preset(self) -> str | None:
        return self.report.get("preset")

    @property
    def params(self) -> dict[str, Any]:
        """Every parameter of the run, a choice by its name."""
        return dict(self.report["params"])

    @property
    def seed(self) -> int:
        return self.report["seed"]

    @property
    def scalars(self) -> dict[str, Scalar]:
        """Each result by name, with its unit."""
        units = self.report["units"]
        return {name: Scalar(v, units.get(name, "")) for name, v in self.report["results"].items()}

    def series(self, name: str | None = None) -> pd.DataFrame:
        """The curves in long form, one row a point (`series`, `x`, `y`), or one curve's with its
        axes named; each curve's axes and units are in `attrs["units"]`."""
        names = [name] if name is not None else list(self.report["series"])
        rows, units = [], {}
        for n in names:
            if n not in self.report["series"]:
                valid = ", ".join(self.report["series"])
                raise KeyError(f"no series '{n}'; valid: {valid}")
            s = self.report["series"][n]
            units[n] = {"x": f"{s['x_name']} ({s['x_unit']})", "y": f"{s['y_name']} ({s['y_unit']})"}
            rows += [{"series": n, "x": x, "y": y} for x, y in zip(s["x"], s["y"])]
        frame = pd.DataFrame(rows, columns=["series", "x", "y"])
        frame.attrs["units"] = units
        return frame

    @property
    def reference(self) -> pd.DataFrame:
        """The paper's targets: each with the paper's number, the band accepted, the simulated
        value, whether it passed, its role (validation, calibration, consistency) and source."""
        rows = []
        for row in self.report["validation"]:
            accepted = row["accepted"]
            rows.append({
                "metric": row["metric"],
                "label": row["label"],
                "unit": row["unit"],
                "paper": row["paper"],
                "low": accepted.get("atLeast", accepted.get("above")),
                "high": accepted.get("atMost", accepted.get("below")),
                "simulated": row["simulated"],
                "pass": row["pass"],
                "result": row["result"],
                "role": row["role"],
                "source": row["source"],
            })
        return pd.DataFrame(rows)

    def to_json(self) -> str:
        """Exactly what `archex run --json` prints for the same parameters and seed."""
        return self._text

    def figure(self, chart: str | None = None, *, width: str = "3.5in", font_size: str = "8pt",
               theme: str = "print", link: bool = True, base_url: str | None = None,
               format: str = "svg") -> Figure:
        """A chart for a paper: `width` and `font_size` as LaTeX takes them ("3.5in", "8pt"); the
        preset's first chart unless named; as SVG, or as `format="pgfplots"` (a chart of curves).
        Its link back opens the run in the explorer at `base_url` (by default `npm start`'s)."""
        if self.preset is None:
            raise ValueError("a model's run has no charts: run a preset for a figure")
        chosen = chart or core().json("describe", self.preset, "{}")["charts"][0]["id"]
        options = {"chart": chosen, "width": width, "fontSize": font_size, "theme": theme,
                   "link": link, "format": format,
                   **({} if base_url is None else {"baseUrl": base_url})}
        argv = ["figure", self.preset, chosen, "--width", width, "--font-size", font_size,
                *([] if theme == "print" else ["--theme", theme]),
                *([] if link else ["--no-link"]),
                *([] if base_url is None or not link else ["--base-url", base_url]),
                "--format", format]
        return Figure(core().call("figure", json.dumps(self._request), self._results[0],
                                  json.dumps(options), json.dumps(argv)), format)

    def _repr_svg_(self) -> str | None:
        # A model's run has no charts: a notebook shows its repr instead.
        if self.preset is None:
            return None
        return self.figure(width="6in", font_size="10pt").svg

    def to_matplotlib(self, ax=None, series: list[str] | None = None):
        """The curves on a matplotlib Axes, for a researcher who styles their own."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots()
        frame = self.series()
        units = frame.attrs["units"]
        for name in series or list(units):
            points = frame[frame["series"] == name]
            ax.plot(points["x"], points["y"], marker="o", label=name)
        first = units[(series or list(units))[0]]
        ax.set_xlabel(first["x"])
        ax.set_ylabel(first["y"])
        ax.legend()
        return ax

    def __repr__(self) -> str:
        what = self.preset or self.report["model"]
        return f"<archex Result {what} seed={self.seed}: {len(self.report['results'])} results>"


class Validation:
    """What `archex validate --json` prints, read: every preset's rows and the headline."""

    def __init__(self, text: str):
        self._text = text
        self.report: dict[str, Any] = json.loads(text)

    def to_json(self) -> str:
        return self._text

    @property
    def rows(self) -> pd.DataFrame:
        rows = [{"preset": p["preset"], **{k: v for k, v in row.items() if not isinstance(v, dict)}}
                for p in self.report["presets"] for row in p["validation"]]
        return pd.DataFrame(rows)
