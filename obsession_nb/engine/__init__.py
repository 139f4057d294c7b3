"""The rules engine, in layers (each folder imports only from those below it): ``records/``
(state, options, actions, notation, names) -> ``mode`` (the interface modes plug into) ->
``table`` -> ``steps/`` -> ``setup/`` -> ``turn/`` (the sequencer, move generation, dispatch) and
``scoring`` -> ``explore/`` and ``positions/`` (scenario files, checks, views) -> ``game`` (the
public face)."""
