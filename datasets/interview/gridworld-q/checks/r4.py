def probe():
    t = text("results/policy.txt")
    if t is None:
        return None
    rows = [l.rstrip() for l in t.splitlines() if l.strip()]
    mask = ["".join("." if ch in "^v<>" else ch for ch in row) for row in rows]
    moves = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
    r, c, length = 0, 0, 0
    while length < 30 and 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] in moves:
        dr, dc = moves[rows[r][c]]
        r, c, length = r + dr, c + dc, length + 1
    reached = 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] == "G"
    return {"mask": mask, "reaches_goal": reached, "length": length}
