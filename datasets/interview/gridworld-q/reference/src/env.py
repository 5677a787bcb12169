"""The grid world (requirement R0)."""
import json
import os

ACTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]  # up, down, left, right
ARROWS = "^v<>"


class Grid:
    """R0: walls block a move (the agent stays), pits and the goal end an episode."""

    def __init__(self, path="data/grid.txt"):
        with open(path, encoding="utf-8") as f:
            self.rows = [line.rstrip("\n") for line in f if line.strip()]
        self.height, self.width = len(self.rows), len(self.rows[0])
        self.walls = {(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == "#"}
        self.pits = {(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == "X"}
        self.start = next((r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == "S")
        self.goal = next((r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == "G")

    def cells(self):
        return [(r, c) for r in range(self.height) for c in range(self.width) if (r, c) not in self.walls]

    def step(self, state, action):
        """(next state, reward, done): -1 a step, +10 at the goal, -10 in a pit."""
        r, c = state[0] + ACTIONS[action][0], state[1] + ACTIONS[action][1]
        if not (0 <= r < self.height and 0 <= c < self.width) or (r, c) in self.walls:
            r, c = state
        if (r, c) == self.goal:
            return (r, c), 10, True
        if (r, c) in self.pits:
            return (r, c), -10, True
        return (r, c), -1, False

    def report(self):
        os.makedirs("results", exist_ok=True)
        with open("results/env_report.json", "w", encoding="utf-8") as f:
            json.dump({"rows": self.height, "cols": self.width, "walls": len(self.walls), "pits": len(self.pits), "start": list(self.start), "goal": list(self.goal)}, f, indent=2)
