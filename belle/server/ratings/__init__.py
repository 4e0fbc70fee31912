"""Ratings: the model and who is rated (`model`), the listener that rates (`listener`)."""
