"""Tabular Q-learning (requirements R1, R2)."""
import json
import os
import random


def greedy(q, state):
    """The best action; ties go to the first in ACTIONS order."""
    values = q[state]
    return values.index(max(values))


def train(grid, episodes=500, alpha=0.5, gamma=0.9, epsilon=0.2, max_steps=50, seed=0):
    """R1: epsilon-greedy Q-learning from the start; each episode's return goes to results/learning_curve.csv."""
    rng = random.Random(seed)
    q = {s: [0.0] * 4 for s in grid.cells()}
    returns = []
    for _ in range(episodes):
        state, total = grid.start, 0
        for _ in range(max_steps):
            action = rng.randrange(4) if rng.random() < epsilon else greedy(q, state)
            nxt, reward, done = grid.step(state, action)
            target = reward if done else reward + gamma * max(q[nxt])
            q[state][action] += alpha * (target - q[state][action])
            total += reward
            state = nxt
            if done:
                break
        returns.append(total)
    with open("results/learning_curve.csv", "w", encoding="utf-8") as f:
        f.write("episode,return\n" + "".join(f"{i},{r}\n" for i, r in enumerate(returns, 1)))
    return q


def save(q, path="models/q_table.json"):
    """R2: the Q-values of every free cell, keyed "row,col", in action order up, down, left, right."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({f"{r},{c}": [round(v, 6) for v in values] for (r, c), values in sorted(q.items())}, f, indent=2)
