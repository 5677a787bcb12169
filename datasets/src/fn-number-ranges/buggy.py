def summarize(values, min_run):
    nums = sorted(values)
    parts = []
    start = prev = nums[0]
    for x in nums[1:] + [None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        if min_run and prev - start + 1 >= min_run:
            parts.append(f"{start}..{prev}")
        else:
            parts.extend(str(v) for v in range(start, prev + 1))
        if x is not None:
            start = prev = x
    return parts
