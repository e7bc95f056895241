"""The archex engine, compiled from the same C++ sources as the explorer's wasm module."""

class ParamError(ValueError):
    """A parameter the engine refuses; the message gives its valid range, as the engine words it."""

    param: str
    """The parameter's name."""

def models() -> str:
    """Every model as JSON: a list of ModelInfo as the wasm module's listModels gives them
    (name, title, description, citation, params with every field, outputs, ...), in registry
    order."""

def sources() -> str:
    """The 16-hex SHA-256 of the engine sources compiled, as wasm/build/archex.build.json's
    `sources` names them."""

class Run:
    """One run of a model, stepped in slices.

    `params_json` is a JSON object of name -> number or list of numbers; parameters left out
    take their defaults. `seed` is a whole number in [0, 2**53 - 1]; with `point`, the run is
    that one point of a sweep model. Refused parameters raise ParamError; an unknown model and
    other failures raise RuntimeError.
    """

    def __init__(self, model: str, params_json: str, seed: int, point: int | None = None) -> None: ...
    def step(self, budget_ms: float) -> bool:
        """Runs for about `budget_ms` (at least one small unit of work) with the GIL released;
        True once the run is complete."""

    def progress(self) -> float:
        """The fraction of the run done, in [0, 1]."""

    def result_json(self) -> str:
        """The run's resolved parameters and result as JSON, exactly as `archex_run` prints them
        for the same model, parameters and seed (what is computed so far, before the end)."""
