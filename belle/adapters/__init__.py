"""Adapters to AI research frameworks.

`belle.adapters.openspiel` (extra `belle[openspiel]`) registers every game with
pyspiel; `belle.adapters.pettingzoo` (extra `belle[pettingzoo]`) makes AEC environments.
Neither is imported by `belle` itself.
"""
