def free_slots(open_at, close_at, bookings, min_length, count_tentative):
    busy = []
    for start, end, state in bookings:
        if state == "cancelled" or (state == "tentative" and not count_tentative):
            continue
        start = max(start, open_at)
        end = min(end, close_at)
        if start < end:
            busy.append((start, end))
    busy.sort()
    slots = []
    cursor = open_at
    for start, end in busy:
        if start > cursor and start - cursor > min_length:
            slots.append([cursor, start])
        cursor = end
    if close_at - cursor >= min_length:
        slots.append([cursor, close_at])
    return slots
