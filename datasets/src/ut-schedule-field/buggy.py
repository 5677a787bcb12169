def parse_number(text, low, high):
    value = int(text)
    if value < low or value > high:
        return None
    return value


def field_values(expr, low, high):
    selected = set()
    for item in expr.split(","):
        stepped = "/" in item
        step = 1
        if stepped:
            item, step_text = item.split("/", 1)
            if not step_text.isdigit() or int(step_text) == 0:
                return None
            step = int(step_text)
        if item == "*":
            start, end = 0, high
        elif "-" in item:
            first, _, last = item.partition("-")
            start = parse_number(first, low, high)
            end = parse_number(last, low, high)
            if start is None or end is None or start > end:
                return None
        else:
            start = parse_number(item, low, high)
            if start is None:
                return None
            end = high if stepped else start
        selected.update(range(start, end + 1, step))
    return sorted(selected)
