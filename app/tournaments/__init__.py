"""Tournaments: rounds of ordinary tables with new line-ups each round, and standings summed over the rounds."""
