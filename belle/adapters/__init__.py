"""Adapters to AI research frameworks (docs/research.md).

`belle.adapters.openspiel` (extra `belle[openspiel]`) registers every game with
pyspiel; `belle.adapters.pettingzoo` (extra `belle[pettingzoo]`) makes AEC
environments and `belle.adapters.gymnasium` single-agent ones against Belle bots;
`belle.adapters.tensors` is the tensor vocabulary every game's `tensors.py` encodes its
views with. `openspiel_bots`, `bench` and `train` (extra `belle[research]`) seat
OpenSpiel's bots at a Belle table, time the adapter and train a policy. None of them is
imported by `belle` itself.
"""
