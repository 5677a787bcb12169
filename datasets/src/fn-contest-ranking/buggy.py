def leaderboard(results, top):
    best = {}
    for name, score in results:
        if name not in best or score > best[name]:
            best[name] = score
    order = sorted(best.items(), key=lambda item: (item[1], item[0]), reverse=True)
    table = []
    for position, (name, score) in enumerate(order, start=1):
        if table and table[-1][2] == score:
            rank = table[-1][0]
        else:
            rank = position
        if position > top:
            break
        table.append([rank, name, score])
    return table
