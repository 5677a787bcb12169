UNITS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
ORDER = "wdhms"


def to_seconds(text):
    total = 0
    last = -1
    digits = ""
    for ch in text:
        if "0" <= ch <= "9":
            digits += ch
        elif ch in UNITS:
            if not digits:
                return -1
            rank = ORDER.index(ch)
            if rank <= last:
                return -1
            total += int(digits) * UNITS[ch]
            last = rank
            digits = ""
        elif ch == " ":
            if digits:
                return -1
        else:
            return -1
    if digits or last < 0:
        return -1
    return total
