"""The rules engine, in layers (each imports only from those below it): ``records/`` (state,
options, actions, notation, names, the modes' registry) beside ``mode`` (the interface modes plug
into) -> ``table`` -> ``seat/`` -> ``steps/`` (each registers its action kinds, ``KINDS``, and
the choices of its decisions, ``DECISIONS``) -> ``setup/`` ->
``turn/`` (the sequencer, move generation, dispatch) and ``scoring`` -> ``explore/`` and
``positions/`` (scenario files, checks, views) -> ``game`` (the public face)."""
