"""The rules engine, in layers: records (state, actions, mode) -> table -> steps -> setup
-> positions -> flow -> dispatch -> game (the public face)."""
