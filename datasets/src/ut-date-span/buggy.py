DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def is_leap(year):
    return year % 4 == 0 and year % 100 != 0


def day_number(text):
    parts = text.split("-")
    year, month, day = (int(p) for p in parts)
    if not 1 <= month <= 12:
        return None
    limit = 29 if month == 2 and is_leap(year) else DAYS[month - 1]
    if not 1 <= day <= limit:
        return None
    before = year - 1
    days = 365 * before + before // 4 - before // 100 + before // 400
    for m in range(1, month):
        days += DAYS[m - 1]
    if month > 2 and is_leap(year):
        days += 1
    return days + day


def days_between(start, end):
    a = day_number(start)
    b = day_number(end)
    if a is None or b is None:
        return None
    return b - a
