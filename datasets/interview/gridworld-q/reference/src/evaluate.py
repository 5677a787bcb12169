"""The greedy policy: its success, length and map (requirements R3, R4)."""
import json
from collections import deque

from env import ACTIONS, ARROWS
from qlearning import greedy


def shortest(grid):
    """The fewest moves from start to goal avoiding walls and pits (breadth-first search)."""
    seen, queue = {grid.start: 0}, deque([grid.start])
    while queue:
        s = queue.popleft()
        for a in range(4):
            nxt, _, _ = grid.step(s, a)
            if nxt not in seen and nxt not in grid.pits:
                seen[nxt] = seen[s] + 1
                queue.append(nxt)
    return seen.get(grid.goal)


def evaluate(grid, q, max_steps=50):
    """R3: follow the greedy policy from the start: does it reach the goal, in how many moves, against the optimum."""
    state, steps, done, reward = grid.start, 0, False, 0
    while not done and steps < max_steps:
        state, reward, done = grid.step(state, greedy(q, state))
        steps += 1
    result = {"success": done and state == grid.goal, "steps": steps, "optimal_steps": shortest(grid)}
    with open("results/metrics.json", "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2)
    return result


def policy_map(grid, q, path="results/policy.txt"):
    """R4: the grid with each free cell's greedy arrow; walls #, pits X, the goal G."""
    lines = []
    for r in range(grid.height):
        row = ""
        for c in range(grid.width):
            cell = (r, c)
            row += "#" if cell in grid.walls else "X" if cell in grid.pits else "G" if cell == grid.goal else ARROWS[greedy(q, cell)]
        lines.append(row)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
