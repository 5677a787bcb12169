def solution(encoded):
    parts = []
    count = ""
    for ch in encoded:
        if ch.isdigit():
            count += ch
        else:
            if count == "" or int(count) == 0:
                raise ValueError("bad count before " + ch)
            parts.append(ch * int(count))
            count = ""
    if count:
        raise ValueError("count without a character")
    return "".join(parts)
