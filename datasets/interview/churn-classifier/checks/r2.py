def probe():
    t = text("results/train_log.txt")
    if t is None:
        return None
    found = [(int(m.group(1)), float(m.group(2))) for m in re.finditer(r"epoch\s+(\d+)\s+loss\s+([0-9.eE+-]+)", t)]
    losses = [x for _, x in found]
    return {"epochs": [e for e, _ in found], "decreasing": all(b < a for a, b in zip(losses, losses[1:])), "last_loss": losses[-1] if losses else None}
