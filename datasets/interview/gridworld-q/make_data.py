"""data/grid.txt is written by hand: S start, G goal, # wall, X pit, . free."""
