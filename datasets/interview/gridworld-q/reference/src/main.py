"""Q-learning in a grid world: environment, training, evaluation, policy map."""
from env import Grid
from evaluate import evaluate, policy_map
from qlearning import save, train


def main():
    grid = Grid()  # R0
    grid.report()
    q = train(grid)  # R1
    save(q)  # R2
    result = evaluate(grid, q)  # R3
    policy_map(grid, q)  # R4
    print(f"greedy policy: success={result['success']} in {result['steps']} moves (optimum {result['optimal_steps']})")


if __name__ == "__main__":
    main()
